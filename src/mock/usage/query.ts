/**
 * The usage report's query parameters, read and checked: each bad one is a 400 BadRequest whose cause names the
 * parameter and whose fix says what to send instead.
 */
import { USAGE_GROUP } from '@/shared/usage.ts';
import { ApiFailure } from '../http/errors.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import { HOUR_MS, RETENTION_DAYS } from '../ledger/ledger.ts';

export const MAX_POINTS = 1000;
export const MAX_SERIES = 100;
export const DEFAULT_SERIES = 20;
const DAY_MS = 24 * HOUR_MS;
const MAX_WINDOW_MS = RETENTION_DAYS * DAY_MS;
/** 1970-01-05 was a Monday: weekly steps start on Mondays, 00:00 UTC. */
const MONDAY_MS = 4 * DAY_MS;
const STEPS = ['1h', '2h', '3h', '4h', '6h', '8h', '12h', '1d', '7d'];
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const LABEL_KEY =
  /^(?:[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

export type GroupBy =
  { by: 'none' | 'kind' | 'object' | 'project'; text: string } | { by: 'label'; key: string; text: string };

export interface UsageQuery {
  /** Undefined across all projects. */
  project: string | undefined;
  /** Across all projects, for a key that may read only some: the projects counted. */
  readable?: ((project: string) => boolean) | undefined;
  window: string;
  start: number;
  end: number;
  step: string;
  stepMs: number;
  groupBy: GroupBy;
  budget: string | undefined;
  object: { kind: KindDef; name: string } | undefined;
  /** The most series to return; the rest are summed into one. */
  maxSeries: number;
}

function bad(param: string, value: string, message: string, fix: string): ApiFailure {
  return new ApiFailure('BadRequest', `${param}=${JSON.stringify(value.slice(0, 100))}: ${message}`, {
    details: {
      kind: 'UsageReport',
      group: USAGE_GROUP,
      causes: [{ field: param, reason: 'FieldValueInvalid', message }],
    },
    fix,
  });
}

function duration(text: string): number | undefined {
  const match = /^([1-9]\d{0,4})([hd])$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * (match[2] === 'h' ? HOUR_MS : DAY_MS);
}

/** Where the step that holds `t` begins. */
export function stepFloor(t: number, stepMs: number): number {
  const offset = stepMs === 7 * DAY_MS ? MONDAY_MS : 0;
  return Math.floor((t - offset) / stepMs) * stepMs + offset;
}

function readStep(value: string | null, windowMs: number | undefined): { step: string; stepMs: number } {
  if (value === null || value === '') {
    const step = windowMs !== undefined && windowMs <= 2 * DAY_MS ? '1h' : '1d';
    return { step, stepMs: duration(step)! };
  }
  if (!STEPS.includes(value))
    throw bad(
      'step',
      value,
      'a step must divide a day or be a day or a week',
      `Send one of ${STEPS.join(', ')} (weeks start on Mondays, 00:00 UTC).`,
    );
  return { step: value, stepMs: duration(value)! };
}

function readWindow(value: string, now: number, stepParam: string | null) {
  const absolute = value.split('/');
  if (absolute.length === 2) {
    const [from, to] = absolute as [string, string];
    if (!RFC3339.test(from) || !RFC3339.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      throw bad(
        'window',
        value,
        'an absolute window is two RFC 3339 times joined by "/"',
        'Send window=2026-11-01T00:00:00Z/2026-11-08T00:00:00Z, or a length such as 24h, 7d or 30d.',
      );
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0) throw bad('window', value, 'the window ends before it starts', 'Put the earlier time first.');
    if (span > MAX_WINDOW_MS)
      throw bad('window', value, `a window spans at most ${RETENTION_DAYS} days`, 'Ask for a shorter window.');
    const { step, stepMs } = readStep(stepParam, span);
    // Widened to whole steps, so that every point covers a whole step.
    const start = stepFloor(Date.parse(from), stepMs);
    const endFloor = stepFloor(Date.parse(to), stepMs);
    const end = endFloor === Date.parse(to) ? endFloor : endFloor + stepMs;
    return { start, end, step, stepMs };
  }
  const length = duration(value);
  if (length === undefined)
    throw bad(
      'window',
      value,
      'a window is a length in hours or days, or two RFC 3339 times joined by "/"',
      'Send window=24h, 7d or 30d, or window=<start>/<end>.',
    );
  if (length > MAX_WINDOW_MS)
    throw bad(
      'window',
      value,
      `a window spans at most ${RETENTION_DAYS} days`,
      `Send window=${RETENTION_DAYS}d or less.`,
    );
  const { step, stepMs } = readStep(stepParam, length);
  if (length < stepMs || length % stepMs !== 0)
    throw bad(
      'window',
      value,
      `a window is a whole number of steps (step=${step})`,
      `Send a window that is a multiple of ${step}, or a smaller step.`,
    );
  // The last point is the step that holds now, so a chart ends at the present.
  const end = stepFloor(now, stepMs) + stepMs;
  return { start: end - length, end, step, stepMs };
}

function readGroupBy(value: string | null, project: string | undefined): GroupBy {
  const text = value === null || value === '' ? 'none' : value;
  if (text === 'none' || text === 'kind' || text === 'object') return { by: text, text };
  if (text === 'project') {
    if (project !== undefined)
      throw bad(
        'groupBy',
        text,
        'a report of one project has one project',
        'Use groupBy=project on /apis/usage.nodus.dev/v1/usage (all projects), or group by kind, label:<key> or object.',
      );
    return { by: 'project', text };
  }
  if (text.startsWith('label:')) {
    const key = text.slice('label:'.length);
    if (!LABEL_KEY.test(key) || key.length > 316)
      throw bad(
        'groupBy',
        text,
        `"${key.slice(0, 100)}" is not a label key`,
        'Send groupBy=label:<key>, such as label:team.',
      );
    return { by: 'label', key, text };
  }
  throw bad(
    'groupBy',
    text,
    'not a grouping the report knows',
    `Send groupBy=none, kind, label:<key> or object${project === undefined ? ', or project' : ''}.`,
  );
}

function kindNamed(text: string): KindDef | undefined {
  const lower = text.toLowerCase();
  return KIND_DEFS.find((k) => k.kind.toLowerCase() === lower || k.singular === lower || k.plural === lower);
}

function readObject(value: string | null, project: string | undefined): UsageQuery['object'] {
  if (value === null) return undefined;
  const match = /^([^/]+)\/([^/]+)$/.exec(value);
  const kind = match ? kindNamed(match[1]!) : undefined;
  if (!match || !kind)
    throw bad(
      'object',
      value,
      'an object is <kind>/<name> of a kind that is billed',
      `Send object=Job/<name> (or any of ${KIND_DEFS.filter((k) => k.billable)
        .map((k) => k.kind)
        .join(', ')}, or Pipeline for its Jobs).`,
    );
  if (project === undefined)
    throw bad(
      'object',
      value,
      'an object is named within a project',
      'Use /apis/usage.nodus.dev/v1/namespaces/{project}/usage.',
    );
  return { kind, name: match[2]! };
}

function readMaxSeries(value: string | null): number {
  if (value === null || value === '') return DEFAULT_SERIES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_SERIES)
    throw bad(
      'maxSeries',
      value,
      `the most series to return is a whole number from 1 to ${MAX_SERIES}`,
      `Send maxSeries=${DEFAULT_SERIES}, or leave it out.`,
    );
  return n;
}

export function readUsageQuery(params: URLSearchParams, project: string | undefined, now: number): UsageQuery {
  const windowText = params.get('window') || '30d';
  const { start, end, step, stepMs } = readWindow(windowText, now, params.get('step'));
  const points = (end - start) / stepMs;
  if (points > MAX_POINTS) {
    const fits = STEPS.find((s) => (end - start) / duration(s)! <= MAX_POINTS) ?? '7d';
    throw bad(
      'step',
      step,
      `${points} points; a series has at most ${MAX_POINTS}`,
      `Send step=${fits} or a shorter window.`,
    );
  }
  const budget = params.get('budget');
  if (budget !== null && project === undefined)
    throw bad(
      'budget',
      budget,
      'a Budget belongs to a project',
      'Use /apis/usage.nodus.dev/v1/namespaces/{project}/usage?budget=<name>.',
    );
  if (budget === '') throw bad('budget', budget, 'empty', 'Send budget=<the name of a Budget>, or leave it out.');
  return {
    project,
    window: windowText,
    start,
    end,
    step,
    stepMs,
    groupBy: readGroupBy(params.get('groupBy'), project),
    budget: budget ?? undefined,
    object: readObject(params.get('object'), project),
    maxSeries: readMaxSeries(params.get('maxSeries')),
  };
}
