/**
 * What a Cost view shows, as its URL says it: the window (a length, or a Budget's current period) and the
 * grouping, read from and written to the query string so a view can be bookmarked; and the report query each
 * choice makes. Unknown or malformed values fall back to the defaults rather than to an API error.
 */

/** A window the picker offers: a length ending now, or the current period of a Budget. */
export type WindowChoice = { length: WindowLength } | { budget: string };

export type WindowLength = '24h' | '7d' | '30d';

/** Each length with the step that gives it a readable number of bars (24, 28 and 30). */
export const WINDOW_LENGTHS: readonly { value: WindowLength; label: string; step: string }[] = [
  { value: '24h', label: 'Last 24 hours', step: '1h' },
  { value: '7d', label: 'Last 7 days', step: '6h' },
  { value: '30d', label: 'Last 30 days', step: '1d' },
];

export const DEFAULT_WINDOW: WindowChoice = { length: '30d' };
const BUDGET_PREFIX = 'budget:';
/** An object's name as the API accepts it (RFC 1123 label). */
const NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function parseWindow(text: string | null): WindowChoice {
  if (text === null) return DEFAULT_WINDOW;
  const length = WINDOW_LENGTHS.find((w) => w.value === text);
  if (length) return { length: length.value };
  if (text.startsWith(BUDGET_PREFIX) && NAME.test(text.slice(BUDGET_PREFIX.length)))
    return { budget: text.slice(BUDGET_PREFIX.length) };
  return DEFAULT_WINDOW;
}

export function windowParam(choice: WindowChoice): string {
  return 'budget' in choice ? `${BUDGET_PREFIX}${choice.budget}` : choice.length;
}

export function sameWindow(a: WindowChoice, b: WindowChoice): boolean {
  return windowParam(a) === windowParam(b);
}

/** "Last 7 days", or "This period of Budget gpu-cap". */
export function windowLabel(choice: WindowChoice): string {
  if ('budget' in choice) return `This period of Budget ${choice.budget}`;
  return WINDOW_LENGTHS.find((w) => w.value === choice.length)!.label;
}

export interface GroupChoice {
  value: string;
  label: string;
}

/** The groupings the picker names; any other `label:<key>` is the free label key. */
export function groupChoices(allProjects: boolean): GroupChoice[] {
  return [
    { value: 'none', label: 'None' },
    ...(allProjects ? [{ value: 'project', label: 'Project' }] : []),
    { value: 'kind', label: 'Kind' },
    { value: 'label:team', label: 'Team' },
    { value: 'label:app', label: 'App' },
    { value: 'label:nodus.dev/created-by', label: 'Created by' },
  ];
}

export function defaultGroupBy(allProjects: boolean): string {
  return allProjects ? 'project' : 'kind';
}

const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const LABEL_PREFIX = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** A Kubernetes label key: `name` or `prefix/name`, the prefix a DNS subdomain of at most 253 characters. */
export function isLabelKey(key: string): boolean {
  const slash = key.lastIndexOf('/');
  const name = slash < 0 ? key : key.slice(slash + 1);
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  if (!LABEL_NAME.test(name)) return false;
  return prefix === undefined || (prefix.length <= 253 && LABEL_PREFIX.test(prefix));
}

export function parseGroupBy(text: string | null, allProjects: boolean): string {
  if (text === null) return defaultGroupBy(allProjects);
  if (groupChoices(allProjects).some((c) => c.value === text)) return text;
  if (text.startsWith('label:') && isLabelKey(text.slice('label:'.length))) return text;
  return defaultGroupBy(allProjects);
}

/** The label key of a `label:<key>` grouping; undefined for the others. */
export function labelKeyOf(groupBy: string): string | undefined {
  return groupBy.startsWith('label:') ? groupBy.slice('label:'.length) : undefined;
}

/** "by kind", "by team", "by label nodus.dev/owner". */
export function groupLabel(groupBy: string, allProjects: boolean): string {
  const named = groupChoices(allProjects).find((c) => c.value === groupBy);
  if (named) return named.value === 'none' ? 'in total' : `by ${named.label.toLowerCase()}`;
  return `by label ${labelKeyOf(groupBy) ?? groupBy}`;
}

const HOUR_MS = 3_600_000;

/** A step for a Budget's period: hours for a day, quarter days for a week, days for a month. */
export function periodStep(startISO: string, endISO: string): string {
  const span = Date.parse(endISO) - Date.parse(startISO);
  if (!(span > 0) || span <= 48 * HOUR_MS) return '1h';
  return span <= 8 * 24 * HOUR_MS ? '6h' : '1d';
}

/** The report a window asks for; undefined while a Budget's period is not known yet. */
export function windowQuery(
  choice: WindowChoice,
  period: { periodStart: string; periodEnd: string } | undefined,
): { window: string; step: string; budget?: string } | undefined {
  if ('length' in choice) {
    const length = WINDOW_LENGTHS.find((w) => w.value === choice.length)!;
    return { window: length.value, step: length.step };
  }
  if (!period) return undefined;
  return {
    window: `${period.periodStart}/${period.periodEnd}`,
    step: periodStep(period.periodStart, period.periodEnd),
    budget: choice.budget,
  };
}

/** The small report that gives a Budget's period and forecast: one step, whatever the period. */
export function budgetForecastQuery(project: string, budget: string) {
  return { project, window: '1d', step: '1d', groupBy: 'none', budget } as const;
}

const CENT = 100;

/**
 * An hourly rate (ten-thousandths of a dollar) over a day and over 30 days, in the same units, to the cent: a
 * projection is an estimate, and fractions of a cent in it would claim a precision it does not have.
 */
export function projectRate(unitsPerHour: number): { perDay: number; per30Days: number } {
  const cents = (units: number) => Math.round(units / CENT) * CENT;
  return { perDay: cents(unitsPerHour * 24), per30Days: cents(unitsPerHour * 24 * 30) };
}
