/** What a ListWatch is made with, and its defaults. */
import type { ApiClient, RetryPolicy } from '../client/index.ts';
import type { ListWatch } from './list-watch.ts';
import type { Held } from './object-index.ts';
import type { PartialListPacing } from './partial-list.ts';
import type { FlushScheduler } from './scheduler.ts';
import type { ListWatchTarget } from './target.ts';

export interface ListWatchOptions {
  client: Pick<ApiClient, 'get' | 'list' | 'watch'>;
  target: ListWatchTarget;
  scheduler: FlushScheduler;
  /** Page size of the list (the API allows up to 1,000). */
  pageSize?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * A stream that delivers nothing, not even a bookmark, for this long is given up and resumed: a proxy may keep
   * a connection open that the API has long dropped. The API sends a bookmark every 30 s.
   */
  silenceMs?: number;
  /** How often a first list's pages are shown while it arrives (PARTIAL_LIST_* by default). */
  partialList?: PartialListPacing;
  /** false: list page by page, never as one stream (stream-list.ts), even where the server streams lists. */
  streamLists?: boolean;
  /** Called with +1 when the first view subscribes and -1 when the last one leaves (the registry's refcount). */
  onObservers?: (watch: ListWatch<Held>, observers: number) => void;
}

export const DEFAULT_PAGE_SIZE = 500;
/** Pages after the first grow to the API's largest (at most 1,000), unless `pageSize` pins them. */
export const DEFAULT_MAX_PAGE_SIZE = 1000;
export const DEFAULT_SILENCE_MS = 90_000;
