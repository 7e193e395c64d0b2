/**
 * Checks a new max cost typed by a person before it is sent: a decimal string as the API takes it (up to 9
 * digits and 4 decimals, no float in between) and above the current one (the API only lets it be raised).
 */
import { decimalUSD, formatUnitsUSD, parseUSD } from '@/lib/money.ts';

export type MaxCostCheck = { ok: true; value: string } | { ok: false; message: string };

const AMOUNT = /^\d{1,9}(\.\d{1,4})?$/;

export function checkMaxCost(input: string, current: unknown): MaxCostCheck {
  // People type "$50" or "1,000.00"; the API wants "50" and "1000.00".
  const value = input
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (value === '') return { ok: false, message: 'Enter the new max cost in US dollars, e.g. 40.00.' };
  if (/^\d+\.\d{5,}$/.test(value))
    return { ok: false, message: 'Use at most 4 decimals (the API counts in ten-thousandths of a dollar).' };
  if (/^\d{10,}(\.\d*)?$/.test(value))
    return { ok: false, message: 'That is more than the API takes (at most 999,999,999.9999).' };
  if (!AMOUNT.test(value))
    return {
      ok: false,
      message: `"${input.trim()}" is not an amount: use digits with an optional decimal point, e.g. 40.00.`,
    };
  const next = parseUSD(value)!;
  const now = parseUSD(current);
  if (now !== undefined && next <= now) {
    return {
      ok: false,
      message: `Must be above the current ${formatUnitsUSD(now)}: the max cost can be raised, never lowered.`,
    };
  }
  // Sent as the API writes money ("75" → "75.00"), so it reads back the way every other amount does.
  return { ok: true, value: decimalUSD(next) };
}

/** The amount `percent` above `current`, rounded up to whole cents: a sensible first suggestion. */
export function suggestMaxCost(current: unknown, percent = 50): string {
  const now = parseUSD(current);
  if (now === undefined || now === 0) return '10.00';
  const cents = Math.ceil((now * (100 + percent)) / 100 / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
