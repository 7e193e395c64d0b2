/**
 * Sums of money without floats. The API sends amounts as decimal strings with at most four decimals
 * ("187.55", "0.0425"); adding them as numbers would drift, so each is read as a whole number of
 * ten-thousandths of a dollar (cents times 100), added as integers, and printed back as a decimal string.
 */
import { MONEY_PATTERN as AMOUNT, UNITS_PER_DOLLAR } from '@/shared/money.ts';

/** Ten-thousandths of a dollar; undefined for anything that is not a plain decimal amount. */
export function parseUSD(amount: unknown): number | undefined {
  if (typeof amount !== 'string') return undefined;
  const match = AMOUNT.exec(amount.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNITS_PER_DOLLAR + Number((match[2] ?? '').padEnd(4, '0'));
}

/** The sum of the amounts that parse; the rest are skipped (a missing cost counts as nothing spent). */
export function sumUSD(amounts: Iterable<unknown>): number {
  let total = 0;
  for (const amount of amounts) total += parseUSD(amount) ?? 0;
  return total;
}

/** "1,234,567": grouped by hand, as Intl.NumberFormat costs microseconds a call and tables call it per cell. */
function grouped(whole: number): string {
  if (whole < 0) return `-${grouped(-whole)}`;
  const digits = String(whole);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** "1234.50": at least cents, more decimals only when they carry value. */
function decimalParts(units: number): { whole: number; fraction: string } {
  const whole = Math.floor(units / UNITS_PER_DOLLAR);
  let fraction = String(units % UNITS_PER_DOLLAR).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return { whole, fraction };
}

/** "$1,234.50": the one way the console writes money. */
export function formatUnitsUSD(units: number): string {
  const { whole, fraction } = decimalParts(units);
  return `$${grouped(whole)}.${fraction}`;
}

/** The API's decimal string for an amount, with cents at least: "75.00", "0.0425". */
export function decimalUSD(units: number): string {
  const { whole, fraction } = decimalParts(units);
  return `${whole}.${fraction}`;
}
