import { describe, expect, it } from 'vitest';
import { cutUtf8, rfc3339Nano } from './stream.ts';

describe('log output', () => {
  it("formats timestamps as Go's RFC3339Nano: nanoseconds, trailing zeros dropped", () => {
    const ms = Date.parse('2026-03-01T10:00:00.123Z');
    // 2^-9 ms is exact in a double at this magnitude (whose resolution is about 244 ns).
    expect(rfc3339Nano(ms + 0.001953125)).toBe('2026-03-01T10:00:00.123001953Z');
    expect(rfc3339Nano(ms)).toBe('2026-03-01T10:00:00.123Z');
    expect(rfc3339Nano(Date.parse('2026-03-01T10:00:00Z'))).toBe('2026-03-01T10:00:00Z');
    expect(rfc3339Nano(ms + 0.5)).toBe('2026-03-01T10:00:00.1235Z');
  });

  it('cuts at limitBytes without splitting a character', () => {
    const text = Buffer.from('ab世界'); // 2 + 3 + 3 bytes
    expect(cutUtf8(text, 100).toString()).toBe('ab世界');
    expect(cutUtf8(text, 5).toString()).toBe('ab世');
    expect(cutUtf8(text, 4).toString()).toBe('ab');
    expect(cutUtf8(text, 2).toString()).toBe('ab');
    expect(cutUtf8(text, 0).length).toBe(0);
  });
});
