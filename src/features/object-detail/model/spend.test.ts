import { describe, expect, it } from 'vitest';
import { lifeWindow, limitReachedAt, limitReachedText, percentOf, spendCsv, spendRows } from './spend.ts';

const HOUR = 3_600_000;
const ASOF = Date.parse('2026-12-04T10:00:00Z');
const END = Date.parse('2026-12-07T00:00:00Z');
const usd = (dollars: number) => dollars * 10_000;

describe('when a Budget reaches its limit at the present burn rate', () => {
  it('is the exact moment: what is left over the rate, in hours', () => {
    // $60 left at $12.50/h: 4.8 h.
    expect(limitReachedAt({ spent: usd(40), limit: usd(100), rate: 125_000, asOf: ASOF, periodEnd: END })).toEqual({
      state: 'at',
      at: ASOF + 4.8 * HOUR,
    });
    // $0.0001 left at $0.0007/h: 3,600,000 / 7 ms, rounded up to the first millisecond at or past the limit.
    expect(limitReachedAt({ spent: 9_999, limit: 10_000, rate: 7, asOf: ASOF, periodEnd: END })).toEqual({
      state: 'at',
      at: ASOF + 514_286,
    });
  });

  it('stays exact where floats would not: amounts past 2^53 once in milliseconds', () => {
    // $900,000,000 left at $0.0001/h would overflow a float's integers; here it is simply beyond the period.
    const far = { spent: 0, limit: usd(900_000_000), rate: 1, asOf: ASOF, periodEnd: Number.MAX_SAFE_INTEGER };
    expect(limitReachedAt(far)).toEqual({ state: 'after-period' });
    // $250,000.0001 left at $3.0001/h: 833,305.55... h, rounded up to the millisecond.
    const big = { spent: 0, limit: 2_500_000_001, rate: 30_001, asOf: 0, periodEnd: Number.MAX_SAFE_INTEGER };
    const exact = (2_500_000_001n * 3_600_000n + 30_000n) / 30_001n;
    expect(limitReachedAt(big)).toEqual({ state: 'at', at: Number(exact) });
  });

  it('says already reached, never at this rate, or not within this period', () => {
    const base = { asOf: ASOF, periodEnd: END };
    expect(limitReachedAt({ ...base, spent: usd(100), limit: usd(100), rate: 0 })).toEqual({ state: 'reached' });
    expect(limitReachedAt({ ...base, spent: usd(120), limit: usd(100), rate: 50_000 })).toEqual({ state: 'reached' });
    expect(limitReachedAt({ ...base, spent: usd(10), limit: usd(100), rate: 0 })).toEqual({ state: 'never' });
    // 62 h are left in the period: $62 at $1/h is reached as the period ends, which starts a new one.
    expect(limitReachedAt({ ...base, spent: usd(38), limit: usd(100), rate: usd(1) })).toEqual({
      state: 'after-period',
    });
    expect(limitReachedAt({ ...base, spent: usd(38) + 1, limit: usd(100), rate: usd(1) })).toEqual({
      state: 'at',
      at: END - 360,
    });
    const date = (ms: number) => new Date(ms).toISOString();
    expect(limitReachedText({ state: 'reached' }, date)).toBe('Already reached');
    expect(limitReachedText({ state: 'never' }, date)).toBe('Never at this rate');
    expect(limitReachedText({ state: 'after-period' }, date)).toBe('Not within this period');
    expect(limitReachedText({ state: 'at', at: ASOF }, date)).toBe('2026-12-04T10:00:00.000Z');
  });
});

describe('a running total of spend', () => {
  const points = [
    { start: '2026-12-04T06:00:00Z', costUSD: '0.10' },
    { start: '2026-12-04T07:00:00Z', costUSD: '0.20' },
    { start: '2026-12-04T08:00:00Z', costUSD: '0.0001' },
    { start: '2026-12-04T09:00:00Z', costUSD: '0.35' },
    { start: '2026-12-04T10:00:00Z', costUSD: '0.00' },
    { start: '2026-12-04T11:00:00Z', costUSD: '0.00' },
  ];

  it('adds the buckets up to now in whole units, the last one ending now', () => {
    const rows = spendRows(points, HOUR, ASOF + 1_000);
    expect(rows.map((r) => r.cumulative)).toEqual([1_000, 3_000, 3_001, 6_501, 6_501]);
    expect(rows.at(-1)).toMatchObject({ start: '2026-12-04T10:00:00Z', end: ASOF + 1_000 });
    expect(rows[0]!.end).toBe(Date.parse('2026-12-04T07:00:00Z'));
    expect(spendCsv(rows)).toBe(
      'start,spent,cumulative\r\n' +
        '2026-12-04T06:00:00Z,0.10,0.10\r\n' +
        '2026-12-04T07:00:00Z,0.20,0.30\r\n' +
        '2026-12-04T08:00:00Z,0.0001,0.3001\r\n' +
        '2026-12-04T09:00:00Z,0.35,0.6501\r\n' +
        '2026-12-04T10:00:00Z,0.00,0.6501\r\n' +
        'total,0.6501,0.6501\r\n',
    );
  });

  it("anchors a period's total at the end: the first bucket holds only this period's share", () => {
    // The period began at 06:40; $0.04 of the first bucket was the previous period's.
    const rows = spendRows(points, HOUR, ASOF, 6_101);
    expect(rows.map((r) => r.amount)).toEqual([600, 2_000, 1, 3_500, 0]);
    expect(rows.at(-1)!.cumulative).toBe(6_101);
  });
});

describe("the window that holds an object's life", () => {
  const now = Date.parse('2026-12-04T10:20:00Z');
  it('is the smallest of 24 h, 7 d, 30 d and 90 d whose first bucket starts by the creation', () => {
    // 24 h ending with the hour that holds now starts at 11:00 yesterday.
    expect(lifeWindow(Date.parse('2026-12-03T11:00:00Z'), now)).toMatchObject({ window: '24h', step: '1h' });
    expect(lifeWindow(Date.parse('2026-12-03T10:59:00Z'), now)).toMatchObject({ window: '7d', step: '6h' });
    expect(lifeWindow(Date.parse('2026-11-20T00:00:00Z'), now)).toMatchObject({ window: '30d', step: '1d' });
    expect(lifeWindow(Date.parse('2026-10-01T00:00:00Z'), now)).toMatchObject({ window: '90d', step: '1d' });
    expect(lifeWindow(Date.parse('2025-01-01T00:00:00Z'), now)).toMatchObject({ window: '90d' });
  });

  it('reads a share of a limit rounded down', () => {
    expect(percentOf(9_999, 10_000)).toBe(99);
    expect(percentOf(10_000, 10_000)).toBe(100);
    expect(percentOf(1, undefined)).toBeUndefined();
    expect(percentOf(1, 0)).toBeUndefined();
  });
});
