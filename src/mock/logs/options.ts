/**
 * The query of GET .../{name}/log, as Kubernetes' PodLogOptions: follow, timestamps, tailLines, sinceSeconds,
 * sinceTime and limitBytes. A value that cannot be what the client meant is refused with a 400, never ignored.
 */
import { parseBoolParam } from '../http/booleans.ts';
import { ApiFailure } from '../http/errors.ts';

export interface LogOptions {
  follow: boolean;
  timestamps: boolean;
  tailLines: number | undefined;
  /** Lines written before this (epoch ms) are left out. */
  sinceMs: number | undefined;
  limitBytes: number | undefined;
}

function bad(message: string, fix: string): ApiFailure {
  return new ApiFailure('BadRequest', message, { fix });
}

function bool(params: URLSearchParams, name: string): boolean {
  return parseBoolParam(name, params.get(name));
}

function whole(params: URLSearchParams, name: string, min: number, fix: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!/^-?\d{1,15}$/.test(value.trim())) throw bad(`${name} must be a whole number, not "${value}"`, fix);
  const n = Number(value);
  if (n < min) throw bad(`${name} must be ${min} or more, not ${n}`, fix);
  return n;
}

export function parseLogOptions(params: URLSearchParams, nowMs: number): LogOptions {
  const tailLines = whole(
    params,
    'tailLines',
    0,
    'Send tailLines=N (N ≥ 0) for the last N lines, or leave it out for the whole log.',
  );
  const sinceSeconds = whole(
    params,
    'sinceSeconds',
    1,
    'Send sinceSeconds=N (N ≥ 1) for the lines of the last N seconds, or leave it out.',
  );
  const limitBytes = whole(
    params,
    'limitBytes',
    1,
    'Send limitBytes=N (N ≥ 1) to stop after N bytes, or leave it out for no limit.',
  );
  const sinceTimeRaw = params.get('sinceTime');
  let sinceMs = sinceSeconds === undefined ? undefined : nowMs - sinceSeconds * 1000;
  if (sinceTimeRaw !== null) {
    if (sinceSeconds !== undefined)
      throw bad(
        'at most one of sinceTime and sinceSeconds may be given',
        'Send either sinceTime (an RFC 3339 time) or sinceSeconds, not both.',
      );
    const parsed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(sinceTimeRaw)
      ? Date.parse(sinceTimeRaw)
      : Number.NaN;
    if (Number.isNaN(parsed))
      throw bad(
        `sinceTime must be an RFC 3339 time such as "2026-01-02T15:04:05Z", not "${sinceTimeRaw}"`,
        'Send sinceTime in RFC 3339 (URL-encode the "+" of an offset), or use sinceSeconds.',
      );
    sinceMs = parsed;
  }
  return { follow: bool(params, 'follow'), timestamps: bool(params, 'timestamps'), tailLines, sinceMs, limitBytes };
}
