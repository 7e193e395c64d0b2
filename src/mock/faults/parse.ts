/**
 * Reads the body of POST /_mock/faults into FaultSettings, or refuses it with a 422 Invalid whose causes name
 * every bad field at once: a test that sets faults should learn all its mistakes from one answer.
 */
import type { StatusCause } from '@/shared/protocol.ts';
import { invalid } from '../http/errors.ts';
import { defaultSettings, VERBS, type FaultSettings, type ReadyzFault, type Verb } from '../fault-model.ts';

const MAX_LATENCY_MS = 60_000;
const MAX_RETRY_AFTER_SECONDS = 3600;
const MAX_CHECK_NAME = 63;
const MAX_UNREACHABLE_SECONDS = 600;
const FIELDS = [
  'latencyMs',
  'latencyJitterMs',
  'errorRate',
  'errorCode',
  'retryAfterSeconds',
  'dropWatchAfterEvents',
  'readyz',
  'paths',
  'verbs',
  'seed',
  'unreachableSeconds',
  'streamingLists',
];
/** What GET answers with besides the settings: accepted and ignored, so that a GET body can be posted back. */
const REPORTED = ['injected', 'unreachableUntil'];

type Causes = StatusCause[];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function wrongType(causes: Causes, field: string, expected: string, value: unknown): void {
  causes.push({
    field,
    reason: 'FieldValueTypeInvalid',
    message: `must be ${expected}, not ${typeOf(value)} (${JSON.stringify(value)})`,
  });
}

function numberIn(
  causes: Causes,
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
  whole: boolean,
  fallback: number,
): number {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    wrongType(causes, field, whole ? 'a whole number' : 'a number', value);
    return fallback;
  }
  if (value < min || value > max || (whole && !Number.isInteger(value))) {
    causes.push({
      field,
      reason: 'FieldValueInvalid',
      message: `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}, not ${value}`,
    });
    return fallback;
  }
  return value;
}

function flag(causes: Causes, body: Record<string, unknown>, field: string, fallback: boolean): boolean {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  wrongType(causes, field, 'true or false', value);
  return fallback;
}

function checkName(causes: Causes, field: string, value: unknown): value is string {
  if (typeof value !== 'string') {
    wrongType(causes, field, 'a string (the name of a check)', value);
    return false;
  }
  if (value === '' || value.length > MAX_CHECK_NAME) {
    causes.push({
      field,
      reason: 'FieldValueInvalid',
      message: `must be a check name of 1 to ${MAX_CHECK_NAME} characters`,
    });
    return false;
  }
  return true;
}

function readyz(causes: Causes, value: unknown): ReadyzFault {
  const result: ReadyzFault = { degraded: [], failing: null };
  if (value === undefined) return result;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    wrongType(causes, 'readyz', 'an object {"degraded": [check, ...], "failing": check or null}', value);
    return result;
  }
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key !== 'degraded' && key !== 'failing')
      causes.push({
        field: `readyz.${key}`,
        reason: 'FieldValueUnknown',
        message: `unknown field "${key}"; readyz takes degraded and failing`,
      });
  }
  if (body.degraded !== undefined) {
    if (!Array.isArray(body.degraded)) wrongType(causes, 'readyz.degraded', 'an array of check names', body.degraded);
    else
      body.degraded.forEach((name: unknown, i) => {
        if (checkName(causes, `readyz.degraded[${i}]`, name)) result.degraded.push(name);
      });
  }
  if (body.failing !== undefined && body.failing !== null && checkName(causes, 'readyz.failing', body.failing))
    result.failing = body.failing;
  return result;
}

function paths(causes: Causes, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    wrongType(causes, 'paths', 'an array of path prefixes such as "/apis/nodus.dev/v1/namespaces/default/jobs"', value);
    return [];
  }
  return value.filter((p: unknown, i): p is string => {
    if (typeof p === 'string' && p.startsWith('/')) return true;
    causes.push({
      field: `paths[${i}]`,
      reason: 'FieldValueInvalid',
      message: `must be a path prefix starting with "/", not ${JSON.stringify(p)}`,
    });
    return false;
  });
}

function verbs(causes: Causes, value: unknown): Verb[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    wrongType(causes, 'verbs', `an array of verbs (${VERBS.join(', ')})`, value);
    return [];
  }
  return value.filter((v: unknown, i): v is Verb => {
    if ((VERBS as readonly unknown[]).includes(v)) return true;
    causes.push({
      field: `verbs[${i}]`,
      reason: 'FieldValueNotSupported',
      message: `${JSON.stringify(v)} is not a verb; use one of: ${VERBS.join(', ')}`,
    });
    return false;
  });
}

/** A missing field takes its default, so POST {} clears every fault. */
export function parseFaults(body: Record<string, unknown>): FaultSettings {
  const causes: Causes = [];
  const defaults = defaultSettings();
  for (const key of Object.keys(body)) {
    if (!FIELDS.includes(key) && !REPORTED.includes(key))
      causes.push({
        field: key,
        reason: 'FieldValueUnknown',
        message: `unknown field "${key}"; the fields are: ${FIELDS.join(', ')}`,
      });
  }
  let errorCode = defaults.errorCode;
  if (body.errorCode !== undefined) {
    if (body.errorCode === 503 || body.errorCode === 429) errorCode = body.errorCode;
    else
      causes.push({
        field: 'errorCode',
        reason: 'FieldValueNotSupported',
        message: `must be 503 (ServiceUnavailable) or 429 (TooManyRequests), not ${JSON.stringify(body.errorCode)}`,
      });
  }
  const drop =
    body.dropWatchAfterEvents === null
      ? null
      : numberIn(causes, body, 'dropWatchAfterEvents', 1, Number.MAX_SAFE_INTEGER, true, 0);
  const settings: FaultSettings = {
    latencyMs: numberIn(causes, body, 'latencyMs', 0, MAX_LATENCY_MS, false, defaults.latencyMs),
    latencyJitterMs: numberIn(causes, body, 'latencyJitterMs', 0, MAX_LATENCY_MS, false, defaults.latencyJitterMs),
    errorRate: numberIn(causes, body, 'errorRate', 0, 1, false, defaults.errorRate),
    errorCode,
    retryAfterSeconds: numberIn(
      causes,
      body,
      'retryAfterSeconds',
      0,
      MAX_RETRY_AFTER_SECONDS,
      true,
      defaults.retryAfterSeconds,
    ),
    dropWatchAfterEvents: drop === 0 ? null : drop,
    readyz: readyz(causes, body.readyz),
    paths: paths(causes, body.paths),
    verbs: verbs(causes, body.verbs),
    seed: numberIn(causes, body, 'seed', 0, 0xffffffff, true, defaults.seed),
    unreachableSeconds: numberIn(
      causes,
      body,
      'unreachableSeconds',
      0,
      MAX_UNREACHABLE_SECONDS,
      false,
      defaults.unreachableSeconds,
    ),
    streamingLists: flag(causes, body, 'streamingLists', defaults.streamingLists),
  };
  if (causes.length > 0) {
    throw invalid(
      { kind: 'Faults' },
      causes,
      'Correct the fields listed in details.causes; GET /_mock/faults shows every field with its current value.',
    );
  }
  return settings;
}
