const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A log line's time, in the reader's time zone and always the same width ("2026-12-03 19:24:34.120"), so that
 * lines line up: the server's RFC 3339 stamps drop trailing zeros of the fraction. Shown as it came otherwise.
 */
export function formatLogTime(stamp: string): string {
  const date = new Date(stamp);
  if (Number.isNaN(date.getTime())) return stamp;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
