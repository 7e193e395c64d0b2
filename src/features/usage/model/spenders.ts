/**
 * The top spenders as the table shows them (the report's rate replaced by the live one of what runs now, so the
 * column moves as objects start and stop) and the Budgets at a glance (how full each is, and where it is heading).
 */
import { parseUSD } from '@/lib/money.ts';
import type { TopSpender } from '../api/usage-report.ts';

export interface SpenderRow {
  spender: TopSpender;
  /** Spent in the window, in ten-thousandths of a dollar. */
  spent: number;
  /** Its hourly rate now, in ten-thousandths. */
  rate: number;
  /** The rate comes from a watch of what runs now, not from the report. */
  live: boolean;
}

/** `liveRates`: uid → rate of each running object, or undefined until the watches have listed. */
export function spenderRows(
  top: readonly TopSpender[],
  liveRates: ReadonlyMap<string, number> | undefined,
): SpenderRow[] {
  return top
    .map((spender) => {
      const live = liveRates?.get(spender.object.uid);
      return {
        spender,
        spent: parseUSD(spender.costUSD) ?? 0,
        // Known to the watches and not running: it stopped since the report was made.
        rate: liveRates ? (live ?? 0) : (parseUSD(spender.rateUSDPerHour) ?? 0),
        live: liveRates !== undefined,
      };
    })
    .sort((a, b) => b.spent - a.spent || a.spender.object.name.localeCompare(b.spender.object.name));
}

export interface BudgetGauge {
  /** Spent, as a share of the limit, 0-100 (capped: the bar cannot overflow its track). */
  spentPercent: number;
  /** The forecast, as a share of the limit, 0-100; undefined while unknown. */
  forecastPercent: number | undefined;
  overLimit: boolean;
  forecastOver: boolean;
}

function percent(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Math.min(100, (part / whole) * 100);
}

export function budgetGauge(spentUSD: unknown, limitUSD: unknown, forecastUSD: unknown): BudgetGauge {
  const spent = parseUSD(spentUSD) ?? 0;
  const limit = parseUSD(limitUSD) ?? 0;
  const forecast = parseUSD(forecastUSD);
  return {
    spentPercent: percent(spent, limit),
    forecastPercent: forecast === undefined ? undefined : percent(forecast, limit),
    overLimit: spent >= limit && limit > 0,
    forecastOver: forecast !== undefined && forecast > limit,
  };
}

/** What a Budget does at its limit, in words. */
export function enforcementWords(enforcement: unknown): string {
  return enforcement === 'Alert' ? 'Alerts only' : 'Blocks launches';
}
