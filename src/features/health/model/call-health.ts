/**
 * How the API looks from the console's own calls: /readyz can say "ready" while a third of real requests fail
 * (a proxy, a broken node behind a load balancer). Failures that say something about the API's health count: no
 * answer, 429 and 5xx. A refusal (403, 404, 409...) is an answer, not trouble.
 */
import { SLOW_MS, WAITING, type ApiCall } from '@/data/call-log/call-log-store.ts';

/** The span of recent calls the health reads. */
export const CALL_WINDOW_MS = 60_000;

export type CallLevel = 'ok' | 'degraded' | 'failing';

export interface CallHealth {
  level: CallLevel;
  total: number;
  failed: number;
  /** The most recent of the failures in the window. */
  lastFailure: ApiCall | undefined;
  /**
   * The API groups whose calls failed, when others answered in the same window: one part of the API is in
   * trouble (the usage reports, say), not the API. Empty when no group answered.
   */
  confinedTo: string[];
  /** Writes of the person's sent more than SLOW_MS ago and not answered yet. */
  waiting: number;
}

/** The API group a call went to (`nodus.dev`, `usage.nodus.dev`, `core` for /api), or its first path segment. */
export function surfaceOf(path: string): string {
  const parts = path.split('?')[0]!.split('/');
  if (parts[1] === 'apis' && parts[2]) return parts[2];
  if (parts[1] === 'api') return 'core';
  return parts[1] ?? '';
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
  let waiting = 0;
  const failing = new Set<string>();
  const answering = new Set<string>();
  const recent = calls.slice(0, RECOVERED_AFTER);
  const recovered = recent.length === RECOVERED_AFTER && recent.every((c) => !isTrouble(c));
  for (const call of calls) {
    // A write still waiting for its answer is counted however long ago it was sent.
    if (call.status === WAITING) {
      if (now - call.startedAt >= SLOW_MS) waiting++;
      continue;
    }
    if (now - call.startedAt > CALL_WINDOW_MS) continue;
    total++;
    if (!isTrouble(call)) {
      answering.add(surfaceOf(call.path));
      continue;
    }
    failed++;
    failing.add(surfaceOf(call.path));
    lastFailure ??= call;
  }
  const share = total === 0 ? 0 : failed / total;
  // Failures in some groups while every other group answers: a part of the API is down, not all of it.
  const confinedTo = [...failing].filter((g) => !answering.has(g));
  const confined = confinedTo.length === failing.size && [...answering].some((g) => !failing.has(g));
  // A single failure is noise; two in a minute, one call in seven or more, is a pattern a person should see.
  const level: CallLevel =
    failed >= 3 && share >= 0.5 && !confined && !recovered
      ? 'failing'
      : (failed >= 2 && (share >= 0.15 || confined) && !recovered) || waiting > 0
        ? 'degraded'
        : 'ok';
  return { level, total, failed, lastFailure, confinedTo: confined ? confinedTo.sort() : [], waiting };
}
