/**
 * A streaming list (Kubernetes 1.27+): one watch that opens with the objects as they stand, as ADDED events,
 * marks their end with a bookmark annotated `k8s.io/initial-events-end`, and goes on with the changes. One
 * response instead of a page per 1,000 objects: a browser pays for each request far more than for its bytes.
 * A server that refuses it (422 or 400; 403 where a key may list but not watch) or ignores it (a change, or a
 * plain bookmark, before the end) is listed page by page instead.
 */
import type { ApiError, QueryParams, WatchObjectEvent } from '../client/index.ts';
import { ANNOTATION_INITIAL_EVENTS_END } from '@/shared/protocol.ts';
import type { Held } from './object-index.ts';

/** How long a streamed list runs before its objects are counted, so that it can say "of 200,000". */
const COUNT_AFTER_MS = 300;

/** What a watch adds to stream a list: the state at least as new as now, then a bookmark marking its end. */
export const STREAM_LIST_PARAMS: QueryParams = { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' };

/** Thrown when a server streams a watch but not a list: list page by page instead. */
export class NotStreamingLists extends Error {}

/**
 * Whether a streamed list that failed is streamed again, or listed page by page from now on: not when the server
 * refused its options (422 or 400: no streaming lists there) or ignored them, not when it refused the watch (403:
 * a key may list what it may not watch, and then sees the list), and not once a stream was cut off twice before
 * its end (something on the way ends long responses; pages are short).
 */
export function shouldStreamAgain(thrown: unknown, error: ApiError, opened: boolean, attempts: number): boolean {
  if (thrown instanceof NotStreamingLists) return false;
  if (!opened) return !(error.code === 422 || error.code === 400 || error.code === 403);
  return attempts < MAX_CUT_STREAMS;
}

const MAX_CUT_STREAMS = 2;

/** The objects a streaming list opens with, collected until the bookmark that ends them. */
export class InitialEvents<T extends Held> {
  readonly items: T[] = [];
  /** The version the objects stand at, once the end has come. */
  resourceVersion: string | undefined;
  /** How many objects there are, once counted: a stream says nothing of its length, where a page said how many remain. */
  private total: number | undefined;
  private counting: ReturnType<typeof setTimeout> | undefined;

  /**
   * Counts the objects if they are not all in after `afterMs` (a short list is whole before a count would help),
   * and hands `show` the total: at least what has come, as objects created meanwhile make the count an estimate.
   */
  countAfter(count: () => Promise<number | undefined>, show: (total: number) => void, afterMs = COUNT_AFTER_MS): void {
    this.counting = setTimeout(() => {
      // Only for showing progress: a count that fails leaves "so far" without a total.
      count().then(
        (total) => {
          if (total === undefined || this.counting === undefined) return;
          this.total = total;
          show(this.items.length + this.remaining!);
        },
        () => undefined,
      );
    }, afterMs);
  }

  stopCounting(): void {
    clearTimeout(this.counting);
    this.counting = undefined;
  }

  /** How many are still to come, as far as the count says (objects created meanwhile make it an estimate). */
  get remaining(): number | undefined {
    return this.total === undefined ? undefined : Math.max(0, this.total - this.items.length);
  }

  /** Takes one event; true once it was the end. */
  take(event: WatchObjectEvent<T>): boolean {
    if (event.type === 'ADDED') {
      this.items.push(event.object);
      return false;
    }
    const meta = event.object.metadata;
    if (
      event.type === 'BOOKMARK' &&
      meta?.annotations?.[ANNOTATION_INITIAL_EVENTS_END] === 'true' &&
      meta.resourceVersion
    ) {
      this.resourceVersion = meta.resourceVersion;
      return true;
    }
    throw new NotStreamingLists(`a ${event.type} event before the end of the list's objects`);
  }
}

/**
 * A streamed list arrives faster than the page reads it: the browser then hands over megabytes at a time, and
 * reading them one after another would keep it from painting the first rows, or anything, until the end. This
 * gives the browser a turn once a stretch of reading has taken `everyMs`, and after the first chunk.
 */
export class Breather {
  private last: number | undefined;

  constructor(private readonly everyMs = 30) {}

  async take(): Promise<void> {
    const now = Date.now();
    if (this.last !== undefined && now - this.last < this.everyMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.last = Date.now();
  }
}
