import { describe, expect, it } from 'vitest';
import { formatAge, formatEstimateUSD, formatShortDateTime, formatUSD } from './format.ts';

describe('formatAge', () => {
  const now = Date.parse('2025-01-10T12:00:00Z');
  it('uses the largest whole unit', () => {
    expect(formatAge('2025-01-10T11:59:30Z', now)).toBe('30s');
    expect(formatAge('2025-01-10T11:15:00Z', now)).toBe('45m');
    expect(formatAge('2025-01-10T09:00:00Z', now)).toBe('3h');
    expect(formatAge('2025-01-07T12:00:00Z', now)).toBe('3d');
  });
  it('shows a dash for missing or bad timestamps', () => {
    expect(formatAge(undefined, now)).toBe('—');
    expect(formatAge('soon', now)).toBe('—');
  });
});

describe('formatUSD', () => {
  it('writes every amount one way: separators, cents at least, no float', () => {
    expect(formatUSD('40.00')).toBe('$40.00');
    expect(formatUSD('5000.00')).toBe('$5,000.00');
    expect(formatUSD('5000')).toBe('$5,000.00');
    expect(formatUSD('75')).toBe('$75.00');
    expect(formatUSD('0.1')).toBe('$0.10');
    expect(formatUSD('0.099')).toBe('$0.099');
    expect(formatUSD('-12.5')).toBe('-$12.50');
    expect(formatUSD('n/a')).toBe('n/a');
    expect(formatUSD(undefined)).toBeUndefined();
  });
});

describe('formatEstimateUSD', () => {
  it('rounds an estimate to the cent, half up, in the one money format', () => {
    expect(formatEstimateUSD('16314.2859')).toBe('$16,314.29');
    expect(formatEstimateUSD('0.005')).toBe('$0.01');
    expect(formatEstimateUSD('0.0049')).toBe('$0.00');
    expect(formatEstimateUSD('40')).toBe('$40.00');
    expect(formatEstimateUSD('n/a')).toBe('n/a');
  });
});

describe('formatShortDateTime', () => {
  // Local noon: the same calendar day in any time zone the tests run in.
  const now = new Date(2025, 0, 10, 12, 0, 0).getTime();
  it('gives the time of day for today and the day and minute for other days', () => {
    expect(formatShortDateTime(new Date(2025, 0, 10, 9, 5, 7), now)).toMatch(/^0?9:05:07$/);
    const other = formatShortDateTime(new Date(2025, 0, 3, 18, 42, 0), now);
    expect(other).toContain('18:42');
    expect(other).toMatch(/3/);
  });

  it('shows a stamp it cannot read as it came, and nothing as a dash', () => {
    expect(formatShortDateTime('soon', now)).toBe('soon');
    expect(formatShortDateTime(undefined, now)).toBe('—');
    expect(formatShortDateTime('', now)).toBe('—');
  });
});
