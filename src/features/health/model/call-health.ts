/**
 * How the API looks from the console's own calls: /readyz can say "ready" while a third of real requests fail
 * (a proxy, a broken node behind a load balancer). Failures that say something about the API's health count: no
 * answer, 429 and 5xx. A refusal (403, 404, 409...) is an answer, not trouble.
 */
import type { ApiCall } from '@/data/call-log/call-log-store.ts';

/** The span of recent calls the health reads. */
export const CALL_WINDOW_MS = 60_000;

export type CallLevel = 'ok' | 'degraded' | 'failing';

export interface CallHealth {
  level: CallLevel;
  total: number;
  failed: number;
  /** The most recent of the failures in the window. */
  lastFailure: ApiCall | undefined;
}

export function isTrouble(call: Pick<ApiCall, 'status'>): boolean {
  return call.status === 0 || call.status === 429 || call.status >= 500;
}

/** This many answered calls in a row, newest first, and the trouble is over: no need to wait out the window. */
export const RECOVERED_AFTER = 10;

/** `calls` newest first, as the call log keeps them. */
export function callHealth(calls: readonly ApiCall[], now: number): CallHealth {
  let total = 0;
  let failed = 0;
  let lastFailure: ApiCall | undefined;
  const recent = calls.slice(0, RECOVERED_AFTER);
  const recovered = recent.length === RECOVERED_AFTER && recent.every((c) => !isTrouble(c));
  for (const call of calls) {
    if (now - call.startedAt > CALL_WINDOW_MS) break;
    total++;
    if (!isTrouble(call)) continue;
    failed++;
    lastFailure ??= call;
  }
  const share = total === 0 ? 0 : failed / total;
  // A single failure is noise; two in a minute, one call in seven or more, is a pattern a person should see.
  const level: CallLevel = recovered
    ? 'ok'
    : failed >= 3 && share >= 0.5
      ? 'failing'
      : failed >= 2 && share >= 0.15
        ? 'degraded'
        : 'ok';
  return { level, total, failed, lastFailure };
}
