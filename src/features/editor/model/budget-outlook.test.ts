import { describe, expect, it } from 'vitest';
import type { BudgetImpact, Estimate } from '@/shared/protocol.ts';
import type { BudgetUsage } from '../api/budget-usage.ts';
import {
  budgetBar,
  dateLabel,
  outlookOf,
  runOut,
  runOutWords,
  share,
  signedUnits,
  type BudgetNow,
} from './budget-outlook.ts';

const USD = 10_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 4, 12, 0, 0);

function impact(over: Partial<BudgetImpact> = {}): BudgetImpact {
  return {
    name: 'gpu',
    limitUSD: '100.00',
    spentUSD: '40.00',
    remainingUSD: '60.00',
    remainingAfterUSD: '50.00',
    wouldExceed: false,
    enforcement: 'Block',
    alertThresholds: [50, 80, 100],
    ...over,
  };
}

describe('budgetBar', () => {
  it('reads spent, this launch and what is left in units', () => {
    const bar = budgetBar(impact({ remainingAfterUSD: '55.00' }), '5.00');
    expect(bar).toMatchObject({ limit: 100 * USD, spent: 40 * USD, launch: 5 * USD, left: 55 * USD });
    expect(bar).toMatchObject({ scale: 100 * USD, outcome: 'fits', crossed: undefined });
  });

  it('names the highest alert threshold the launch crosses', () => {
    const bar = budgetBar(impact({ remainingAfterUSD: '15.00' }), '45.00');
    expect(bar).toMatchObject({ outcome: 'alert', crossed: 80 });
  });

  it('counts a threshold reached exactly as crossed, and one already passed as not', () => {
    expect(budgetBar(impact({ remainingAfterUSD: '50.00' }), '10.00').crossed).toBe(50);
    expect(budgetBar(impact({ spentUSD: '55.00', remainingAfterUSD: '40.00' }), '5.00').outcome).toBe('fits');
  });

  it('compares thresholds exactly when a share of the limit is not a whole unit', () => {
    // 33 % of $0.0101 is $0.003333; $0.0033 spent is below it, $0.0034 reaches it.
    const tiny = { limitUSD: '0.0101', spentUSD: '0.0033', alertThresholds: [33], remainingAfterUSD: '0.0067' };
    expect(budgetBar(impact(tiny), '0.00').crossed).toBeUndefined();
    expect(budgetBar(impact(tiny), '0.0001').crossed).toBe(33);
  });

  it('says blocked or warned by the enforcement when the launch would go over, and widens the bar', () => {
    const over = { remainingAfterUSD: '-10.00', wouldExceed: true };
    const blocked = budgetBar(impact(over), '70.00');
    expect(blocked).toMatchObject({ outcome: 'blocked', left: -10 * USD, scale: 110 * USD });
    expect(budgetBar(impact({ ...over, enforcement: 'Alert' }), '70.00').outcome).toBe('warned');
  });

  it('sorts the thresholds, drops repeats and values out of range, and draws none when the server sent none', () => {
    expect(budgetBar(impact({ alertThresholds: [90, 25, 90, 0, 101] }), '1.00').thresholds).toEqual([25, 90]);
    expect(budgetBar(impact({ alertThresholds: undefined }), '45.00')).toMatchObject({
      thresholds: [],
      outcome: 'fits',
    });
  });

  it('works out what is left when the server sent no figure for it', () => {
    expect(budgetBar(impact({ remainingAfterUSD: 'n/a' }), '10.00').left).toBe(50 * USD);
    expect(budgetBar(impact({ spentUSD: '120.00', remainingAfterUSD: 'n/a' }), '10.00').left).toBe(-10 * USD);
  });
});

describe('signedUnits and share', () => {
  it('reads negative amounts', () => {
    expect(signedUnits('-12.5')).toBe(-125_000);
    expect(signedUnits('0.0425')).toBe(425);
    expect(signedUnits('x')).toBeUndefined();
  });

  it('keeps shares within the bar', () => {
    expect(share(25, 100)).toBe(25);
    expect(share(200, 100)).toBe(100);
    expect(share(-5, 100)).toBe(0);
    expect(share(5, 0)).toBe(0);
  });
});

describe('runOut', () => {
  const budget = (over: Partial<BudgetNow> = {}): BudgetNow => ({
    now: NOW,
    periodEnd: NOW + 30 * 24 * HOUR,
    limit: 100 * USD,
    spent: 40 * USD,
    rate: 2 * USD,
    ...over,
  });

  it('runs out when the burn rate has spent what is left', () => {
    expect(runOut(budget())).toEqual({ kind: 'at', at: NOW + 30 * HOUR });
  });

  it('lasts the period with nothing running, or when the date falls after the period ends', () => {
    expect(runOut(budget({ rate: 0 }))).toEqual({ kind: 'lasts' });
    expect(runOut(budget({ periodEnd: NOW + 30 * HOUR }))).toEqual({ kind: 'lasts' });
    expect(runOut(budget({ periodEnd: NOW + 30 * HOUR + 1 }))).toEqual({ kind: 'at', at: NOW + 30 * HOUR });
  });

  it('is already over once what is spent reaches the limit', () => {
    expect(runOut(budget({ spent: 100 * USD }))).toEqual({ kind: 'over' });
    expect(runOut(budget({ spent: 120 * USD }), { start: NOW, rate: USD, cost: undefined })).toEqual({ kind: 'over' });
  });

  it("adds a long-running launch's rate from its start for good", () => {
    // $60 left at $2/h + $1/h: 20 h.
    expect(runOut(budget(), { start: NOW, rate: USD, cost: undefined })).toEqual({ kind: 'at', at: NOW + 20 * HOUR });
    // An hour at $2/h first, then $58 at $3/h.
    const later = runOut(budget(), { start: NOW + HOUR, rate: USD, cost: undefined });
    expect(later).toEqual({ kind: 'at', at: NOW + HOUR + Math.ceil((58 * HOUR) / 3) });
    // A start already past counts from now.
    expect(runOut(budget(), { start: NOW - HOUR, rate: USD, cost: undefined })).toEqual({
      kind: 'at',
      at: NOW + 20 * HOUR,
    });
  });

  it('moves the date by cost / rate for a run-to-completion launch that ends before the Budget runs out', () => {
    // $10 at $5/h for 2 h: then $50 left at $2/h, 25 h in all, whenever it starts.
    expect(runOut(budget(), { start: NOW, rate: 5 * USD, cost: 10 * USD })).toEqual({
      kind: 'at',
      at: NOW + 25 * HOUR,
    });
    expect(runOut(budget(), { start: NOW + HOUR, rate: 5 * USD, cost: 10 * USD })).toEqual({
      kind: 'at',
      at: NOW + 25 * HOUR,
    });
  });

  it('runs out while the launch still runs, to the millisecond, rounded up', () => {
    // $5 left at $7/h: 5/7 h = 2,571,428.57 ms.
    const at = runOut(budget({ spent: 95 * USD }), { start: NOW, rate: 5 * USD, cost: 10 * USD });
    expect(at).toEqual({ kind: 'at', at: NOW + 2_571_429 });
  });

  it('runs out before a late launch starts as it would without it', () => {
    const at = runOut(budget({ spent: 98 * USD }), { start: NOW + 2 * HOUR, rate: 5 * USD, cost: 10 * USD });
    expect(at).toEqual({ kind: 'at', at: NOW + HOUR });
  });

  it('lasts when nothing else runs and the launch ends within what is left', () => {
    expect(runOut(budget({ rate: 0 }), { start: NOW, rate: 5 * USD, cost: 10 * USD })).toEqual({ kind: 'lasts' });
    expect(runOut(budget({ rate: 0 }), { start: NOW, rate: 5 * USD, cost: 60 * USD })).toEqual({
      kind: 'at',
      at: NOW + 12 * HOUR,
    });
  });

  it('stays exact for amounts whose products pass 2^53', () => {
    // $999,999,999 left at $1,000,000.0015/h: the float quotient is a millisecond off.
    const rate = 1_000_000 * USD + 15;
    const huge = budget({ limit: 999_999_999 * USD, spent: 0, rate, periodEnd: NOW + 10_000 * HOUR });
    const ms = (999_999_999n * 10_000n * 3_600_000n + BigInt(rate) - 1n) / BigInt(rate);
    expect(runOut(huge)).toEqual({ kind: 'at', at: NOW + Number(ms) });
    expect(Number(ms)).not.toBe(Math.ceil((999_999_999 * USD * HOUR) / rate));
  });
});

describe('runOutWords', () => {
  const day = (d: number, h = 12) => Date.UTC(2026, 11, d, h);

  it('says how far the launch moves the date', () => {
    const words = runOutWords({ kind: 'at', at: day(24) }, { kind: 'at', at: day(19) }, NOW);
    expect(words).toEqual({
      text: `Runs out ${dateLabel(day(19), false)} instead of ${dateLabel(day(24), false)}`,
      moved: true,
    });
    expect(dateLabel(day(19), false)).toMatch(/19/);
  });

  it('says when the Budget would have lasted, lasts anyway, or is over already', () => {
    expect(runOutWords({ kind: 'lasts' }, { kind: 'at', at: day(19) }, NOW)).toEqual({
      text: `Runs out ${dateLabel(day(19), false)} instead of lasting the period`,
      moved: true,
    });
    expect(runOutWords({ kind: 'lasts' }, { kind: 'lasts' }, NOW)).toEqual({
      text: 'Still lasts the period',
      moved: false,
    });
    expect(runOutWords({ kind: 'over' }, { kind: 'over' }, NOW).text).toBe('Already over its limit this period');
  });

  it('gives the time of day when both dates fall on one day, or today', () => {
    const words = runOutWords({ kind: 'at', at: day(19, 15) }, { kind: 'at', at: day(19, 9) }, NOW);
    expect(words.text).toBe(`Runs out ${dateLabel(day(19, 9), true)} instead of ${dateLabel(day(19, 15), true)}`);
    const today = runOutWords({ kind: 'lasts' }, { kind: 'at', at: NOW + HOUR }, NOW);
    expect(today.text).toBe(`Runs out ${dateLabel(NOW + HOUR, true)} instead of lasting the period`);
  });

  it('says the date stays when the launch moves it by less than a minute', () => {
    const words = runOutWords({ kind: 'at', at: day(19, 9) + 30_000 }, { kind: 'at', at: day(19, 9) + 10_000 }, NOW);
    expect(words).toEqual({
      text: `Runs out ${dateLabel(day(19, 9), true)}, as it would without this launch`,
      moved: false,
    });
  });
});

describe('outlookOf', () => {
  const estimate: Estimate = {
    costUSD: '10.00',
    firstHoldUSD: '5.00',
    rateUSDPerHour: '5.00',
    startTime: new Date(NOW).toISOString(),
    priceBookVersion: 'v1',
  };
  const report = (over: Partial<BudgetUsage['status']> = {}): BudgetUsage['status'] => ({
    asOf: new Date(NOW).toISOString(),
    burnRateUSDPerHour: '2.00',
    budget: {
      name: 'gpu',
      periodEnd: new Date(NOW + 30 * 24 * HOUR).toISOString(),
      limitUSD: '100.00',
      spentUSD: '40.00',
    },
    ...over,
  });
  const bar = budgetBar(impact({ remainingAfterUSD: '50.00' }), '10.00');

  it('moves the date by the expected cost of a run-to-completion launch', () => {
    const out = outlookOf(bar, estimate, true, undefined, report());
    expect(out?.words.text).toBe(
      `Runs out ${dateLabel(NOW + 25 * HOUR, true)} instead of ${dateLabel(NOW + 30 * HOUR, true)}`,
    );
    expect(out?.tone).toBe('moved');
    expect(out?.detail).toContain('until it has spent the expected $10.00');
  });

  it('stops a launch that keeps running at its cap, or never without one', () => {
    // $5/h with $2/h until its $20 cap (4 h, $28 in all), then $32 left at $2/h: 20 h in all.
    expect(outlookOf(bar, estimate, false, 20 * USD, report())?.words.text).toContain(dateLabel(NOW + 20 * HOUR, true));
    // $60 left at $7/h for good.
    const open = outlookOf(bar, estimate, false, undefined, report());
    expect(open?.words.text).toContain(dateLabel(NOW + Math.ceil((60 * HOUR) / 7), true));
    expect(open?.detail).toContain('for as long as it runs');
  });

  it('says the Budget lasts, or is over, in words', () => {
    expect(outlookOf(bar, estimate, true, undefined, report({ burnRateUSDPerHour: '0.00' }))).toMatchObject({
      words: { text: 'Still lasts the period' },
      tone: 'lasts',
    });
    const over = report({ budget: { ...report().budget!, spentUSD: '100.00' } });
    expect(outlookOf(bar, estimate, true, undefined, over)).toMatchObject({ tone: 'over' });
  });

  it('leaves the date where it is when the Budget would refuse the launch', () => {
    const blocked = budgetBar(impact({ remainingAfterUSD: '-10.00', wouldExceed: true }), '70.00');
    const out = outlookOf(blocked, estimate, true, undefined, report());
    expect(out).toMatchObject({
      words: { text: `Runs out ${dateLabel(NOW + 30 * HOUR, false)} as it is: this launch would be refused` },
      tone: 'over',
      detail: 'At $2.00/h now.',
      period: { before: NOW + 30 * HOUR, after: NOW + 30 * HOUR },
    });
    const idle = outlookOf(blocked, estimate, true, undefined, report({ burnRateUSDPerHour: '0.00' }));
    expect(idle?.words.text).toBe('Still lasts the period: this launch would be refused');
    // Alert only: it goes over, and the date moves.
    const warned = budgetBar(impact({ remainingAfterUSD: '-10.00', wouldExceed: true, enforcement: 'Alert' }), '70.00');
    expect(outlookOf(warned, estimate, true, undefined, report())?.tone).toBe('moved');
  });

  it('has nothing to say from a report without the Budget or with figures it cannot read', () => {
    expect(outlookOf(bar, estimate, true, undefined, report({ budget: undefined }))).toBeUndefined();
    expect(outlookOf(bar, estimate, true, undefined, report({ burnRateUSDPerHour: 'soon' }))).toBeUndefined();
  });
});
