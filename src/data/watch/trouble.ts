/**
 * When a watch's trouble is worth a person's attention, and what to tell them. A few failed attempts are normal
 * on a busy API and are retried quietly; past TROUBLE_AFTER_MS of trying, or once retrying has stopped, the view
 * says what fails, since when, what it still shows and what the console is doing about it.
 */
import { DEFAULT_RETRY_POLICY, type ApiError } from '../client/index.ts';
import type { WatchStatus } from './watch-state.ts';

/** How long a watch retries quietly before its view says so. */
export const TROUBLE_AFTER_MS = 8_000;
/** How long a watch retries by itself before it stops and waits for the person (the client's retry budget). */
export const RETRY_BUDGET_MS = DEFAULT_RETRY_POLICY.maxElapsedMs;

export interface WatchTroubleInput {
  status: WatchStatus;
  synced: boolean;
  error: ApiError | undefined;
  since: number | undefined;
  attempt: number;
  nextRetryAt: number | undefined;
  syncedAt: number | undefined;
}

export interface WatchTrouble {
  /** `retrying`: the console keeps trying by itself; `stopped`: it waits for Retry. */
  state: 'retrying' | 'stopped';
  error: ApiError | undefined;
  since: number;
  attempts: number;
  nextRetryAt: number | undefined;
  /** When what is still shown was read; undefined when nothing has been read yet. */
  shownAsOf: number | undefined;
}

export function watchTrouble(watch: WatchTroubleInput, now: number): WatchTrouble | undefined {
  if (watch.status === 'live' || watch.since === undefined) return undefined;
  const stopped = watch.status === 'stale';
  if (!stopped && now - watch.since < TROUBLE_AFTER_MS) return undefined;
  return {
    state: stopped ? 'stopped' : 'retrying',
    error: watch.error,
    since: watch.since,
    attempts: watch.attempt,
    nextRetryAt: stopped ? undefined : watch.nextRetryAt,
    // What is shown was current until the trouble began.
    shownAsOf: watch.synced ? watch.since : undefined,
  };
}
