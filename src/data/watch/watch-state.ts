/**
 * What a watch tells its views besides the objects: whether they are current, and if not since when and why.
 * The transitions are pure functions of the previous state, so list-watch.ts only decides when they happen.
 */
import type { ApiError, RetryInfo } from '../client/index.ts';
import type { IndexChanges } from './object-index.ts';

/**
 * - `loading`: the first list has not arrived yet (and may be retrying: see `attempt` and `error`).
 * - `live`: the watch is open; what is shown is current.
 * - `reconnecting`: the watch broke, or is listing again after Expired, and is retrying; `since`, `attempt` and
 *   `error` say since when, how often and why. What is shown is what was current at `since`.
 * - `stale`: retrying gave up (5 minutes) or the API refused (401, 403, 404...): updates stopped until `retry()`.
 */
export type WatchStatus = 'loading' | 'live' | 'reconnecting' | 'stale';

/**
 * How the objects reach this tab when not by a stream of its own: `shared`, from another tab's stream of the same
 * list (share/); `polled`, listed again every `everyMs` because the browser's connections for streams are all in
 * use (`inUse` of them). Undefined: a stream of its own.
 */
export type Delivery = { mode: 'shared' } | { mode: 'polled'; everyMs: number; inUse: number };

export interface ListWatchSnapshot<T> {
  /**
   * The objects, in list order with new ones last; the same array until one of them changes. Built when first
   * read: a view that can work from `changes` need not read it.
   */
  readonly items: readonly T[];
  /** How many objects there are (without building `items`). */
  readonly size: number;
  /** Names the objects: the same version, the same objects in the same order. */
  readonly version: number;
  /**
   * What changed since the objects of `changes.from`, the version before this one; undefined when that is not
   * known (the first objects, pages of a first list, a relist), and a view compares `items` itself.
   */
  readonly changes: IndexChanges<T> | undefined;
  /** Retries now: after `stale`, or to skip the wait while reconnecting. */
  readonly retry: () => void;
  readonly status: WatchStatus;
  /** A whole list has arrived: `items` is meaningful (if `status` is not live, maybe out of date). */
  readonly synced: boolean;
  /** Why the watch is reconnecting or stale. */
  readonly error: ApiError | undefined;
  /** When the current trouble began (ms since the epoch); undefined while live. */
  readonly since: number | undefined;
  /** Retries since `since`. */
  readonly attempt: number;
  /** When the next retry is due, while waiting for one. */
  readonly nextRetryAt: number | undefined;
  /** The last resourceVersion seen (bookmarks included) as of this snapshot; `resumeVersion` is the live value. */
  readonly resourceVersion: string | undefined;
  /** When the last whole list arrived. */
  readonly syncedAt: number | undefined;
  /** Times the watch came back live after trouble, and times it listed again after Expired. */
  readonly reconnects: number;
  readonly relists: number;
  /**
   * While the first list is still arriving: how many objects are in `items` so far, and how many the server said
   * the list holds (undefined when it did not say). Undefined once synced, and during a relist (which swaps in
   * one step, so the objects shown stay whole).
   */
  readonly listing: { readonly loaded: number; readonly total: number | undefined } | undefined;
  /** Undefined while the watch has a stream of its own; see Delivery. */
  readonly delivery: Delivery | undefined;
}

export type WatchState = Omit<
  ListWatchSnapshot<never>,
  'items' | 'size' | 'version' | 'changes' | 'retry' | 'resourceVersion'
>;

export const INITIAL_STATE: WatchState = {
  status: 'loading',
  synced: false,
  error: undefined,
  since: undefined,
  attempt: 0,
  nextRetryAt: undefined,
  syncedAt: undefined,
  reconnects: 0,
  relists: 0,
  listing: undefined,
  delivery: undefined,
};

/** Before the first list, trouble is still loading; after it, the objects are there but may be out of date. */
const troubled = (s: WatchState) => (s.synced ? 'reconnecting' : 'loading');

export function listed(_s: WatchState, now: number): Partial<WatchState> {
  return { synced: true, syncedAt: now, listing: undefined };
}

export function live(s: WatchState): Partial<WatchState> {
  const recovered = s.status === 'reconnecting' && s.synced;
  return {
    status: 'live',
    error: undefined,
    since: undefined,
    attempt: 0,
    nextRetryAt: undefined,
    reconnects: s.reconnects + (recovered ? 1 : 0),
  };
}

/** The client is about to retry a list page or the opening of the watch. */
export function retrying(s: WatchState, info: RetryInfo, now: number): Partial<WatchState> {
  return {
    status: troubled(s),
    error: info.error,
    since: s.since ?? info.startedAt,
    attempt: s.attempt + 1,
    nextRetryAt: now + info.delayMs,
  };
}

/** The stream broke after it had opened, or the server said Expired (`relist`). */
export function broken(s: WatchState, error: ApiError, relist: boolean, now: number): Partial<WatchState> {
  return {
    status: troubled(s),
    error,
    since: s.since ?? now,
    attempt: s.attempt + 1,
    nextRetryAt: undefined,
    relists: s.relists + (relist ? 1 : 0),
  };
}

export function stale(s: WatchState, error: ApiError, now: number): Partial<WatchState> {
  return { status: 'stale', error, since: s.since ?? now, nextRetryAt: undefined };
}

/** `retry()` after stale: back to trying. */
export function restarted(s: WatchState): Partial<WatchState> {
  return s.status === 'stale' ? { status: troubled(s), nextRetryAt: undefined } : {};
}
