import { describe, expect, it } from 'vitest';
import { csvOf, stack, tableOf, type MoneyOverTime } from './money-series.ts';

const DATA: MoneyOverTime = {
  starts: ['2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z', '2026-12-03T00:00:00Z'],
  stepSeconds: 86_400,
  series: [
    { key: 'Job', label: 'Job', amounts: ['0.1', '0.2', '10.0001'] },
    { key: 'team=nlp, "core"', label: 'team=nlp, "core"', amounts: ['0.2', undefined, 'garbage'] },
  ],
};

describe('money over time', () => {
  it('stacks in whole ten-thousandths, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004', () => {
    const stacked = stack(DATA);
    expect(stacked.xs).toEqual([1_796_083_200, 1_796_169_600, 1_796_256_000]);
    expect(stacked.units).toEqual([
      [1000, 2000, 100_001],
      [2000, 0, 0],
    ]);
    expect(stacked.tops[1]).toEqual([0.3, 0.2, 10.0001]);
    expect(stacked.totals).toEqual([3000, 2000, 100_001]);
  });

  it('tables every bucket and series as decimal strings, with totals', () => {
    const table = tableOf(DATA);
    expect(table.rows[0]).toEqual({ start: '2026-12-01T00:00:00Z', amounts: ['0.10', '0.20'], total: '0.30' });
    expect(table.totals).toEqual(['10.3001', '0.20']);
    expect(table.total).toBe('10.5001');
  });

  it('writes CSV a spreadsheet reads: quoted where needed, a total row', () => {
    expect(csvOf(DATA).split('\r\n')).toEqual([
      'start,Job,"team=nlp, ""core""",total',
      '2026-12-01T00:00:00Z,0.10,0.20,0.30',
      '2026-12-02T00:00:00Z,0.20,0.00,0.20',
      '2026-12-03T00:00:00Z,10.0001,0.00,10.0001',
      'total,10.3001,0.20,10.5001',
      '',
    ]);
  });
});
