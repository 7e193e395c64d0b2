/**
 * One line of a log as the viewer holds it: the server's timestamp (asked for with timestamps=true, so that a
 * followed log can resume and older pages can be aligned) and the text after it.
 */
export interface LogLine {
  /** RFC 3339 as the server sent it ("2026-12-02T11:22:33.123456789Z"), or '' when the line had none. */
  ts: string;
  text: string;
}

const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})) /;

/** Splits "2026-…Z text" into its timestamp and text; a line without one keeps all of itself as text. */
export function parseLine(raw: string): LogLine {
  const n = stampLength(raw);
  return n === 0 ? { ts: '', text: raw } : { ts: raw.slice(0, n - 1), text: raw.slice(n) };
}

/** The longest a timestamp and its space can be ("2026-12-02T11:22:33.123456789+01:00 "). */
export const MAX_STAMP_LENGTH = 36;

/** How many characters of `raw` are its timestamp and the space after it, or 0 when it starts with none. */
export function stampLength(raw: string): number {
  // A cheap check first: most calls are in bulk, and a regex per line of a million costs.
  if (raw.length > 20 && raw.charCodeAt(4) === 45 && raw.charCodeAt(10) === 84) {
    const m = STAMP.exec(raw);
    if (m) return m[0].length;
  }
  return 0;
}

/**
 * A key that sorts as time does: RFC 3339 drops trailing zeros of the fraction ("…05.1Z" is later than
 * "…05.12Z" as text, earlier in time), so the fraction is padded to nanoseconds. Only UTC ("Z") stamps, which is
 * what Kubernetes and Nodus print; any other form sorts by its text.
 */
export function timeKey(ts: string): string {
  if (!ts.endsWith('Z') || ts.length < 20) return ts;
  const dot = ts.indexOf('.', 19);
  const seconds = ts.slice(0, 19);
  const fraction = dot === -1 ? '' : ts.slice(dot + 1, -1);
  return `${seconds}.${fraction.padEnd(9, '0')}Z`;
}

/** sinceTime for a resume: the stamp cut to whole seconds (what every server accepts); the overlap is skipped. */
export function sinceTimeOf(ts: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(ts)) return undefined;
  return `${ts.slice(0, 19)}Z`;
}

/** What a terminal shows of a line: a progress bar redrawn with "\r" shows its last state. */
export function visibleText(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 13) end--;
  const trimmed = end === text.length ? text : text.slice(0, end);
  const cr = trimmed.lastIndexOf('\r');
  return cr === -1 ? trimmed : trimmed.slice(cr + 1);
}

// eslint-disable-next-line no-control-regex -- ANSI escapes are what this removes.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The text without ANSI escapes: what search matches against and what a person reads. */
export function plainText(text: string): string {
  const visible = visibleText(text);
  return visible.includes('\u001b') ? visible.replace(ANSI, '') : visible;
}
