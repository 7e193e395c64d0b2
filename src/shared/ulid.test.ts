import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ulid } from './ulid.ts';

describe('ulid', () => {
  it('is a ULID the reference library reads, with the time it was made at', () => {
    const now = Date.UTC(2026, 11, 5, 18, 0, 0, 123);
    const id = ulid(now);
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(now);
  });

  it('sorts by time, and differs within the same millisecond', () => {
    const ids = [ulid(1_000), ulid(1_001), ulid(2 ** 40)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => ulid(5))).size).toBe(1000);
  });

  it('takes five bits of each random byte', () => {
    expect(ulid(0, (b) => b.fill(0xff)).slice(10)).toBe('Z'.repeat(16));
    expect(ulid(0, (b) => b.fill(0)).slice(10)).toBe('0'.repeat(16));
  });
});
