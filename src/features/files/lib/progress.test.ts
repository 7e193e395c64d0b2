import { describe, expect, it } from 'vitest';
import { describeProgress, fraction, percent, rate, secondsLeft } from './progress.ts';

describe('transfer progress', () => {
  it('is a share of the total, or unknown without one', () => {
    expect(fraction({ done: 50, total: 200 })).toBe(0.25);
    expect(fraction({ done: 0, total: 0 })).toBe(1);
    expect(fraction({ done: 300, total: 200 })).toBe(1);
    expect(fraction({ done: 10, total: undefined })).toBeUndefined();
  });

  it('shows 100% only when the last byte is done', () => {
    expect(percent({ done: 999, total: 1000 })).toBe(99);
    expect(percent({ done: 9999, total: 10000 })).toBe(99);
    expect(percent({ done: 1000, total: 1000 })).toBe(100);
    expect(percent({ done: 0, total: 1000 })).toBe(0);
  });

  it('measures speed and time left over the whole transfer', () => {
    const sample = { done: 2 * 1024 * 1024, total: 10 * 1024 * 1024, startedAt: 0, at: 2000 };
    expect(rate(sample)).toBe(1024 * 1024);
    expect(secondsLeft(sample)).toBe(8);
    expect(rate({ ...sample, at: 100 })).toBeUndefined();
    expect(secondsLeft({ ...sample, total: undefined })).toBeUndefined();
  });

  it('says as much as is known', () => {
    expect(describeProgress({ done: 2 * 1024 * 1024, total: 10 * 1024 * 1024, startedAt: 0, at: 2000 })).toBe(
      '2 MiB of 10 MiB · 1 MiB/s · 8 s left',
    );
    expect(describeProgress({ done: 512, total: undefined, startedAt: 0, at: 10 })).toBe('512 B');
    expect(describeProgress({ done: 10, total: 10, startedAt: 0, at: 1000 })).toBe('10 B of 10 B · 10 B/s');
  });
});
