import { describe, expect, it } from 'vitest';
import { exactBytes, formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('writes bytes as bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses powers of 1,024 with at most three figures', () => {
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(10 * 1024 + 512)).toBe('10.5 KiB');
    expect(formatBytes(123 * 1024 * 1024)).toBe('123 MiB');
    expect(formatBytes(4.02 * 1024 ** 3)).toBe('4.02 GiB');
  });

  it('never shows 1024 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1 GiB');
  });

  it('says nothing for what is not a size', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('gives the exact figure for a title', () => {
    expect(exactBytes(1_572_864)).toBe('1,572,864 bytes');
    expect(exactBytes(1)).toBe('1 byte');
  });
});
