/** Small formatters for table cells. */

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
 * Money arrives as a decimal string ("40.00") and is shown as it came, never through a float.
 * Anything that is not a plain decimal is shown verbatim.
 */
export function formatUSD(amount: unknown): string | undefined {
  if (typeof amount !== 'string' && typeof amount !== 'number') return undefined;
  const text = String(amount);
  if (text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? `$${text}` : text;
}

/** Absolute times, one way everywhere: the person's locale and time zone, to the second. */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatDateTime(time: string | number | Date | undefined): string {
  if (time === undefined) return '—';
  const date = time instanceof Date ? time : new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : DATE_TIME.format(date);
}

/** "sandboxes" → "Sandboxes". */
export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
