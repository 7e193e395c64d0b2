/** The one way the console writes counts, money, ages and times. */
import { formatUnitsUSD, parseUSD } from './money.ts';

/** Counts with thousands separators ("50,000"), from one formatter: toLocaleString builds one per call. */
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** Kubernetes-style age: 45s, 12m, 3h, 4d, 2y. */
export function formatAge(timestamp: string | undefined, now: number): string {
  if (!timestamp) return '—';
  const then = Date.parse(timestamp);
  if (Number.isNaN(then)) return '—';
  return formatDuration(now - then);
}

/** A span of time in its largest whole unit, as ages are written: 45s, 12m, 3h, 4d, 2y. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 365) return `${days}d`;
  return `${Math.floor(days / 365)}y`;
}

/**
 * Money arrives as a decimal string ("5000", "40.00", "-12.5") and is written one way everywhere, never through a
 * float: "$5,000.00", "$40.00", "-$12.50", more decimals only when they carry value ("$0.099"). Anything that is
 * not a plain decimal is shown verbatim.
 */
export function formatUSD(amount: unknown): string | undefined {
  if (typeof amount !== 'string' && typeof amount !== 'number') return undefined;
  const text = String(amount).trim();
  if (text === '') return undefined;
  const negative = text.startsWith('-');
  const units = parseUSD(negative ? text.slice(1) : text);
  if (units === undefined) return text;
  return `${negative && units > 0 ? '-' : ''}${formatUnitsUSD(units)}`;
}

/** An estimate (a forecast, a projection): to the cent, half up, since its ten-thousandths promise too much. */
export function formatEstimateUSD(amount: unknown): string | undefined {
  const units = parseUSD(amount);
  return units === undefined ? formatUSD(amount) : formatUnitsUSD(Math.round(units / 100) * 100);
}

/** An hourly rate: "$0.288/h". */
export function formatRateUSD(amount: unknown): string | undefined {
  const money = formatUSD(amount);
  return money === undefined ? undefined : `${money}/h`;
}

/** Absolute times, one way everywhere: the person's locale and time zone (named), to the second. */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

export function formatDateTime(time: string | number | Date | undefined): string {
  if (time === undefined) return '—';
  const date = time instanceof Date ? time : new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : DATE_TIME.format(date);
}

const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An absolute time short enough for a table's column: the time of day for today ("19:24:34"), else the day and
 * the minute ("Dec 3, 19:24"); the whole of it is for a tooltip (`formatDateTime`).
 */
export function formatShortDateTime(time: string | number | Date | undefined, now = Date.now()): string {
  if (time === undefined || time === '') return '—';
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  return new Date(now).toDateString() === date.toDateString() ? TIME_OF_DAY.format(date) : DAY_AND_TIME.format(date);
}

/** "sandboxes" → "Sandboxes". */
export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
