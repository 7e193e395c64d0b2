/**
 * Money over time on the object page, in whole ten-thousandths of a dollar (src/lib/money.ts): a period's or a
 * life's spend added up bucket by bucket, when a Budget's limit is reached at the present burn rate, and which
 * window shows an object's whole life. Sums are integers; only the hours to the limit need a division, done in
 * BigInt and rounded up to the millisecond, so the date is the first moment the limit is reached.
 */
import { decimalUSD, parseUSD } from '@/lib/money.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A Budget's period length, as the API counts it (a month is 30 days). */
export const PERIOD_MS: Readonly<Record<string, number>> = {
  Daily: DAY_MS,
  Weekly: 7 * DAY_MS,
  Monthly: 30 * DAY_MS,
};

/** The step that draws a period in 24 to 31 points. */
export const PERIOD_STEP: Readonly<Record<string, string>> = { Daily: '1h', Weekly: '6h', Monthly: '1d' };

export type LimitReached =
  { state: 'reached' } | { state: 'never' } | { state: 'after-period' } | { state: 'at'; at: number };

export interface BurnFigures {
  /** Spent this period, the limit and the burn rate per hour, in ten-thousandths of a dollar. */
  spent: number;
  limit: number;
  rate: number;
  /** When the figures were read, and when the period ends (ms since the epoch). */
  asOf: number;
  periodEnd: number;
}

/** When the spend reaches the limit if the burn rate holds: the first millisecond at which spent ≥ limit. */
export function limitReachedAt({ spent, limit, rate, asOf, periodEnd }: BurnFigures): LimitReached {
  if (spent >= limit) return { state: 'reached' };
  if (rate <= 0) return { state: 'never' };
  const left = BigInt(limit - spent) * BigInt(HOUR_MS);
  const ms = (left + BigInt(rate) - 1n) / BigInt(rate);
  const at = asOf + Number(ms);
  // The period ends at periodEnd and a new one starts from nothing spent: a limit reached then is not reached.
  return at >= periodEnd ? { state: 'after-period' } : { state: 'at', at };
}

/** The limit-reached state in words, as the page and the tests read it. */
export function limitReachedText(reached: LimitReached, formatDate: (ms: number) => string): string {
  switch (reached.state) {
    case 'reached':
      return 'Already reached';
    case 'never':
      return 'Never at this rate';
    case 'after-period':
      return 'Not within this period';
    case 'at':
      return formatDate(reached.at);
  }
}

/** A report's step in ms: `6h` → 21,600,000. */
export function stepMs(step: string): number {
  const match = /^(\d+)([hd])$/.exec(step);
  return match ? Number(match[1]) * (match[2] === 'd' ? DAY_MS : HOUR_MS) : HOUR_MS;
}

/** One bucket of a spend table: what it added and the running total at its end. */
export interface SpendRow {
  start: string;
  /** The bucket's end, or now for the bucket that holds it (ms). */
  end: number;
  amount: number;
  cumulative: number;
}

export interface SpendPoint {
  start: string;
  costUSD: string;
}

/**
 * A running total from a report's buckets. The buckets up to `asOf` are kept (later ones are the future). With
 * `total` (a Budget's spent this period) the total is anchored at the end: a period starts inside its first bucket,
 * which may also hold the previous period's charges, so that bucket gets what the period spent before the rest.
 */
export function spendRows(points: readonly SpendPoint[], stepMs: number, asOf: number, total?: number): SpendRow[] {
  const kept = points.filter((p) => Date.parse(p.start) <= asOf);
  const amounts = kept.map((p) => parseUSD(p.costUSD) ?? 0);
  if (total !== undefined && amounts.length > 0) {
    const later = amounts.slice(1).reduce((a, b) => a + b, 0);
    amounts[0] = total - later;
  }
  let cumulative = 0;
  return kept.map((p, i) => {
    cumulative += amounts[i]!;
    return { start: p.start, end: Math.min(Date.parse(p.start) + stepMs, asOf), amount: amounts[i]!, cumulative };
  });
}

/** The rows as CSV: decimal strings in USD, what a spreadsheet sums exactly; the last line is the total. */
export function spendCsv(rows: readonly SpendRow[]): string {
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const lines = [
    'start,spent,cumulative',
    ...rows.map((r) => `${r.start},${decimalUSD(r.amount)},${decimalUSD(r.cumulative)}`),
    `total,${decimalUSD(total)},${decimalUSD(total)}`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A window of the usage API that holds an object's whole life, with a step that draws it in 24 to 90 points. */
export interface LifeWindow {
  window: string;
  step: string;
  stepMs: number;
  label: string;
}

const WINDOWS: readonly LifeWindow[] = [
  { window: '24h', step: '1h', stepMs: HOUR_MS, label: 'last 24 hours' },
  { window: '7d', step: '6h', stepMs: 6 * HOUR_MS, label: 'last 7 days' },
  { window: '30d', step: '1d', stepMs: DAY_MS, label: 'last 30 days' },
  { window: '90d', step: '1d', stepMs: DAY_MS, label: 'last 90 days' },
];

/** The smallest window whose first bucket starts at or before the creation (the API keeps 90 days). */
export function lifeWindow(createdAt: number, now: number): LifeWindow {
  for (const w of WINDOWS) {
    const end = Math.floor(now / w.stepMs) * w.stepMs + w.stepMs;
    const length = Number.parseInt(w.window, 10) * (w.window.endsWith('h') ? HOUR_MS : DAY_MS);
    if (createdAt >= end - length) return w;
  }
  return WINDOWS[WINDOWS.length - 1]!;
}

/** "37 %" of a limit, rounded down so 99.9 % never reads as 100 %; undefined without a limit. */
export function percentOf(amount: number, limit: number | undefined): number | undefined {
  if (limit === undefined || limit <= 0) return undefined;
  return Math.floor((amount * 100) / limit);
}
