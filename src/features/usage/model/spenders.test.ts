import { describe, expect, it } from 'vitest';
import type { TopSpender } from '../api/usage-report.ts';
import { budgetGauge, enforcementWords, spenderRows } from './spenders.ts';

function spender(name: string, costUSD: string, rateUSDPerHour = '0.00'): TopSpender {
  return { object: { kind: 'Job', name, uid: `job_${name}` }, project: 'p', costUSD, rateUSDPerHour };
}

describe('top spenders', () => {
  it('sorts by spend in the window, exactly', () => {
    const rows = spenderRows([spender('a', '9.99'), spender('b', '10.0001'), spender('c', '10')], undefined);
    expect(rows.map((r) => r.spender.object.name)).toEqual(['b', 'c', 'a']);
    expect(rows[0]!.spent).toBe(100_001);
  });

  it("takes the live rate of what runs, the report's until the watches have listed", () => {
    const top = [spender('a', '5', '1.50'), spender('b', '4', '2.00')];
    expect(spenderRows(top, undefined).map((r) => r.rate)).toEqual([15_000, 20_000]);
    // b stopped since the report: it is not among the running objects.
    const live = new Map([['job_a', 30_000]]);
    expect(spenderRows(top, live).map((r) => [r.rate, r.live])).toEqual([
      [30_000, true],
      [0, true],
    ]);
  });
});

describe('budget gauges', () => {
  it('draws spent and forecast as shares of the limit, capped at the track', () => {
    expect(budgetGauge('25.00', '100.00', '150.00')).toEqual({
      spentPercent: 25,
      forecastPercent: 100,
      overLimit: false,
      forecastOver: true,
    });
    expect(budgetGauge('100', '100', undefined)).toMatchObject({ spentPercent: 100, overLimit: true });
    expect(budgetGauge('0', '0', '0')).toMatchObject({ spentPercent: 0, forecastPercent: 0, overLimit: false });
  });

  it('says what happens at the limit', () => {
    expect(enforcementWords('Alert')).toBe('Alerts only');
    expect(enforcementWords('Block')).toBe('Blocks launches');
    expect(enforcementWords(undefined)).toBe('Blocks launches');
  });
});
