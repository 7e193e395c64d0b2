import { describe, expect, it } from 'vitest';
import { decimalUSD, formatUnitsUSD, parseUSD, sumUSD } from './money.ts';

describe('money', () => {
  it('reads decimal strings as whole ten-thousandths of a dollar', () => {
    expect(parseUSD('40.00')).toBe(400_000);
    expect(parseUSD('0.0425')).toBe(425);
    expect(parseUSD('7')).toBe(70_000);
    expect(parseUSD('1.5')).toBe(15_000);
    expect(parseUSD('-1.00')).toBeUndefined();
    expect(parseUSD(1.5)).toBeUndefined();
    expect(parseUSD('1e3')).toBeUndefined();
  });

  it('adds exactly where floats would drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(formatUnitsUSD(sumUSD(['0.10', '0.20']))).toBe('$0.30');
    const many = Array.from({ length: 1000 }, () => '0.01');
    expect(formatUnitsUSD(sumUSD(many))).toBe('$10.00');
    expect(formatUnitsUSD(sumUSD(['187.55', '38.20', undefined, 'n/a', '0.0425']))).toBe('$225.7925');
  });

  it('prints cents at least, with thousands separators', () => {
    expect(formatUnitsUSD(0)).toBe('$0.00');
    expect(formatUnitsUSD(12_345_678_900)).toBe('$1,234,567.89');
    for (const [units, text] of [
      [0, '$0.00'],
      [9_990_000, '$999.00'],
      [10_000_000, '$1,000.00'],
      [1_000_000_000, '$100,000.00'],
      [10_000_000_000_000, '$1,000,000,000.00'],
    ] as const)
      expect(formatUnitsUSD(units)).toBe(text);
    expect(formatUnitsUSD(5_000)).toBe('$0.50');
  });

  it('writes what a person typed as the decimal string the API takes, with cents at least', () => {
    expect(decimalUSD(parseUSD('75')!)).toBe('75.00');
    expect(decimalUSD(parseUSD('75.5')!)).toBe('75.50');
    expect(decimalUSD(parseUSD('0.0425')!)).toBe('0.0425');
    expect(decimalUSD(parseUSD('1200.10')!)).toBe('1200.10');
  });
});
