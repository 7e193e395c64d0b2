/**
 * Money is a decimal string on the wire ("40.00"), never a float. Internally amounts are integers of
 * 1/10,000 USD so that sums and comparisons are exact.
 */
import { MONEY_PATTERN, UNITS_PER_DOLLAR } from '@/shared/money.ts';

const SCALE = BigInt(UNITS_PER_DOLLAR);

export type Micros = bigint;

export function isMoney(value: unknown): value is string {
  return typeof value === 'string' && MONEY_PATTERN.test(value);
}

export function parseMoney(value: string): Micros {
  const match = MONEY_PATTERN.exec(value);
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const whole = BigInt(match[1] ?? '0');
  const frac = BigInt((match[2] ?? '').padEnd(4, '0'));
  return whole * SCALE + frac;
}

/** Formats with at least two decimals, more only when they carry value ("4.2" -> "4.20", "0.0425" stays). */
export function formatMoney(amount: Micros): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(4, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Rounds to whole cents, half up. */
export function roundToCents(amount: Micros): Micros {
  const cents = 100n;
  return ((amount + cents / 2n) / cents) * cents;
}

export function multiply(amount: Micros, factor: number): Micros {
  // factor is small (counts, hours); do it in integer space at 1e-6 precision.
  return (amount * BigInt(Math.round(factor * 1_000_000))) / 1_000_000n;
}

export function minMoney(a: Micros, b: Micros): Micros {
  return a < b ? a : b;
}
