/**
 * ListWatch: one live list of one kind (in one project or all, with selectors), kept current the Kubernetes way.
 * It lists (as one stream where the server streams lists, stream-list.ts; else page by page), watches from the
 * list's version with bookmarks, resumes after a drop from the last version seen, lists again on 410 Expired or a
 * version the server has not reached (swapping the objects in one step), and applies events in batches, once per
 * flush of its scheduler at most. Views read it through subscribe/getSnapshot (`useSyncExternalStore`); the
 * snapshot changes only in a flush, so every view of one frame sees one state. No React here (see README.md).
 */
import { backoffDelay, countList, DEFAULT_RETRY_POLICY, isRetryable, isTooLargeVersion } from '../client/index.ts';
import { sleep, toApiError } from '../client/index.ts';
import type { ApiError, QueryParams, RetryInfo, RetryOptions, RetryPolicy, WatchObjectEvent } from '../client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { ObjectIndex, type Held } from './object-index.ts';
import { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, DEFAULT_SILENCE_MS, type ListWatchOptions } from './options.ts';
import { watchPath, selectorParams, type ListWatchTarget } from './target.ts';
import * as next from './watch-state.ts';
import { INITIAL_STATE, type Delivery, type ListWatchSnapshot, type WatchState } from './watch-state.ts';
import { showingInterval } from './partial-list.ts';
import { Breather, InitialEvents, NotStreamingLists, shouldStreamAgain, STREAM_LIST_PARAMS } from './stream-list.ts';

export type { Delivery, ListWatchSnapshot, WatchStatus } from './watch-state.ts';

/** Why a stream was given up when nothing arrived on it (see `silenceMs`). */
const SILENT = Symbol('silent stream');

/** What one stream got to before it ended: the loop decides from this how to go on. */
type StreamProgress = { opened: boolean; events: number };

export class ListWatch<T extends Held = NodusObject> {
  readonly target: ListWatchTarget;
  private readonly options: ListWatchOptions;
  private readonly policy: RetryPolicy;
  private readonly index = new ObjectIndex<T>();
  private readonly listeners = new Set<() => void>();
  private state: WatchState = INITIAL_STATE;
  /** Kept apart from `state` because it moves with every event, and is read into the snapshot at the flush. */
  private resourceVersion: string | undefined;
  private snapshot: ListWatchSnapshot<T> | undefined;
  private cancelFlush: (() => void) | undefined;
  private run: AbortController | undefined;
  private received = 0;
  /** When pages of the first list were last shown (partial-list.ts). */
  private partialShownAt: number | undefined;
  /** A Refresh asked for a new list: the next run lists before it watches, even with a version to resume from. */
  private relistAsked = false;
  /** Lists are streamed (stream-list.ts) until the server shows it does not stream them; then page by page. */
  private streamLists: boolean;

  constructor(options: ListWatchOptions) {
    this.options = options;
    this.target = options.target;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.streamLists = options.streamLists ?? true;
  }

  /** For useSyncExternalStore; bound, so it can be passed as it is. */
  readonly subscribe = (listener: () => void): (() => void) => {
    // A function passed twice (two views sharing one callback) still counts once per subscription.
    const entry = () => listener();
    this.listeners.add(entry);
    this.options.onObservers?.(this as ListWatch<Held>, this.listeners.size);
    return () => {
      if (!this.listeners.delete(entry)) return;
      this.options.onObservers?.(this as ListWatch<Held>, this.listeners.size);
    };
  };

  readonly getSnapshot = (): ListWatchSnapshot<T> => {
    if (this.snapshot === undefined) {
      const view = this.index.view();
      this.snapshot = {
        ...this.state,
        resourceVersion: this.resourceVersion,
        size: view.size,
        version: view.version,
        changes: view.changes,
        retry: this.retryNow,
        get items() {
          return view.items;
        },
      };
    }
    return this.snapshot;
  };

  get observers(): number {
    return this.listeners.size;
  }

  get running(): boolean {
    return this.run !== undefined;
  }

  /** ADDED, MODIFIED and DELETED events received so far, applied or not (bookmarks not counted): for tests and benchmarks. */
  get receivedEvents(): number {
    return this.received;
  }

  /** The version a resume starts from now: moved by every event and bookmark (the snapshot's moves at flushes). */
  get resumeVersion(): string | undefined {
    return this.resourceVersion;
  }

  /**
   * Every object received so far, the ones waiting for a flush included (they are applied now): what another tab
   * that shares this watch starts from, at `resumeVersion`.
   */
  objects(): readonly T[] {
    this.flushNow();
    return this.getSnapshot().items;
  }

  /** How the objects reach this tab (share/ says): shown by the views beside the status. */
  setDelivery(delivery: Delivery | undefined): void {
    const now = this.state.delivery;
    if (now === delivery || (now && delivery && JSON.stringify(now) === JSON.stringify(delivery))) return;
    this.update({ delivery });
  }

  /** One object by uid, without building the array. */
  get(uid: string): T | undefined {
    return this.index.get(uid);
  }

  /** Starts listing and watching; resumes from the last version seen when it has one. */
  start(): void {
    if (this.run) return;
    if (this.state.status === 'stale') this.update(next.restarted(this.state));
    const run = new AbortController();
    this.run = run;
    void this.loop(run.signal).finally(() => {
      if (this.run === run) this.run = undefined;
    });
  }

  /** Closes the stream; the objects stay, and `start()` resumes from where it stopped. */
  stop(): void {
    this.run?.abort();
    this.run = undefined;
  }

  /** Stops for good: closes the stream and cancels a pending flush. */
  close(): void {
    this.stop();
    this.cancelFlush?.();
    this.cancelFlush = undefined;
  }

  /** Retries now: after `stale`, or to skip the wait while reconnecting. */
  retry(): void {
    this.stop();
    this.start();
  }

  /**
   * Lists again now and swaps the objects in one step, as after Expired: a Refresh, which must not trust the
   * version it would resume from. What is shown stays until the new list is in.
   */
  relist(): void {
    const wasRunning = this.running;
    this.stop();
    this.relistAsked = true;
    if (wasRunning || this.listeners.size > 0) this.start();
  }

  /** `retry`, bound, for snapshots to hand to views. */
  private readonly retryNow = (): void => this.retry();

  /** Forgets everything and lists again (the API key changed: what was read may not be readable now). */
  reset(): void {
    const wasRunning = this.running;
    this.stop();
    this.index.clear();
    this.resourceVersion = undefined;
    this.partialShownAt = undefined;
    this.update({ ...INITIAL_STATE });
    if (wasRunning || this.listeners.size > 0) this.start();
  }

  private async loop(signal: AbortSignal): Promise<void> {
    let needList = this.relistAsked || !this.state.synced || this.resourceVersion === undefined;
    this.relistAsked = false;
    let quietStreams = 0;
    let expiredInARow = 0;
    let cutStreams = 0;
    const onRetry = (info: RetryInfo) => {
      if (!signal.aborted) this.update(next.retrying(this.state, info, Date.now()));
    };
    const retry = { ...this.policy, onRetry };
    const params = selectorParams(this.target);
    const path = watchPath(this.target);
    while (!signal.aborted) {
      const progress: StreamProgress = { opened: false, events: 0 };
      // The list's objects arrive on the watch itself: it lists and goes on watching, one request for both.
      const initial = needList && this.streamLists ? new InitialEvents<T>() : undefined;
      if (initial && !this.state.synced)
        initial.countAfter(
          () => countList(this.options.client, path, { params, signal, retry: false }),
          // Shown at once: a stream that has stalled still says how much it has yet to bring.
          (total) => this.state.listing && this.update({ listing: { ...this.state.listing, total } }),
        );
      try {
        if (needList && !initial) {
          // The first list shows its pages as they come; a relist swaps everything in one step at the end.
          const onPage = this.state.synced
            ? undefined
            : (items: readonly T[], progress: { loaded: number; remaining: number | undefined }) => {
                if (!signal.aborted) this.page(items, progress);
              };
          const list = await this.options.client.list<T>(path, {
            params,
            limit: this.options.pageSize ?? DEFAULT_PAGE_SIZE,
            maxLimit: this.options.pageSize ?? DEFAULT_MAX_PAGE_SIZE,
            signal,
            retry,
            onPage,
            ...(this.target.as ? { as: this.target.as } : {}),
          });
          if (signal.aborted) return;
          this.listed(list.items, list.metadata.resourceVersion);
          needList = false;
        }
        await this.follow(path, params, signal, retry, progress, initial).finally(() => {
          initial?.stopCounting();
          if (initial?.resourceVersion === undefined) return;
          needList = false;
          cutStreams = 0;
        });
        if (signal.aborted) return;
        // The server ended the stream (its timeout): resume from the last version, at once unless streams keep
        // ending empty.
        quietStreams = progress.events > 0 ? 0 : quietStreams + 1;
        if (progress.events > 0) expiredInARow = 0;
        if (quietStreams > 1) await this.pause(quietStreams - 1, undefined, signal);
      } catch (thrown) {
        if (signal.aborted) return;
        // Silence: a dead connection someone kept open, or a server that sends no bookmarks. Resume quietly: if
        // the connection is really gone, opening the next one says so.
        if (thrown === SILENT) continue;
        const { opened: streaming, events } = progress;
        const error = toApiError(thrown);
        if (needList && initial && !shouldStreamAgain(thrown, error, streaming, ++cutStreams)) {
          this.streamLists = false;
          if (!streaming || thrown instanceof NotStreamingLists) continue;
        }
        if (error.code === 410 || isTooLargeVersion(error)) {
          // Expired: the version is older than the history the server keeps (or a continue token aged out). Too
          // large: newer than any the server has (it restarted without its state); as client-go, list again.
          needList = true;
          expiredInARow = events > 0 ? 1 : expiredInARow + 1;
          this.update(next.broken(this.state, error, true, Date.now()));
          // Expired again straight after a fresh list means history is very short: do not list in a tight loop.
          if (expiredInARow > 1) await this.pause(expiredInARow - 1, undefined, signal);
          continue;
        }
        // Before the stream opened, the client has already retried for the whole budget: nothing more to try.
        if (!streaming) return this.update(next.stale(this.state, error, Date.now()));
        // The stream broke (or sent something wrong) after it opened: resume at once from the last version, and
        // back off (up to 30 s) only when streams keep breaking before delivering anything. One empty stream is
        // not yet a pattern: a browser may drop the last bytes that arrive with a broken connection.
        quietStreams = events > 0 ? 0 : quietStreams + 1;
        if (events > 0) expiredInARow = 0;
        this.update(next.broken(this.state, error, false, Date.now()));
        if (quietStreams > 1 || !isRetryable(error)) await this.pause(Math.max(1, quietStreams - 1), error, signal);
      }
    }
  }

  /** Opens the watch from the last version seen and applies what arrives, until the stream ends. */
  private async follow(
    path: string,
    params: QueryParams,
    signal: AbortSignal,
    retry: RetryOptions,
    progress: StreamProgress,
    initial?: InitialEvents<T>,
  ): Promise<void> {
    const stream = new AbortController();
    const stop = () => stream.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    const silenceMs = this.options.silenceMs ?? DEFAULT_SILENCE_MS;
    // Armed once the stream is open: until then the client's retries (and their time budget) are in charge.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stream.abort(SILENT), silenceMs);
    };
    try {
      const events = await this.options.client.watch<T>(path, {
        params: initial ? { ...params, ...STREAM_LIST_PARAMS } : params,
        resourceVersion: initial ? undefined : this.resourceVersion,
        signal: stream.signal,
        retry,
        ...(this.target.as ? { as: this.target.as } : {}),
      });
      if (signal.aborted) return;
      // A streamed list is live once its objects are in; the watch that follows a list is live when it opens.
      if (!initial) this.update(next.live(this.state));
      progress.opened = true;
      listen();
      let opening = initial;
      const breather = new Breather();
      // A chunk's events at a time: one await, one timer reset and one flush request per chunk, not per event.
      for await (const batch of events.batches()) {
        // Lines already read from a stream that was stopped (retry, reset) must not reach the objects.
        if (stream.signal.aborted) break;
        listen();
        progress.events += batch.length;
        let i = 0;
        if (opening) {
          i = this.takeInitial(opening, batch);
          if (opening.resourceVersion === undefined) {
            await breather.take();
            continue;
          }
          opening = undefined;
        }
        for (; i < batch.length; i++) this.receive(batch[i]!);
      }
    } catch (error) {
      throw stream.signal.aborted && stream.signal.reason === SILENT ? SILENT : error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  /**
   * A streamed list's objects from one chunk, shown as pages are on a first list; at the bookmark that ends them,
   * they replace what is held, as a list does. Returns how many of the chunk's events were the list's.
   */
  private takeInitial(initial: InitialEvents<T>, batch: readonly WatchObjectEvent<T>[]): number {
    const from = initial.items.length;
    let i = 0;
    let ended = false;
    while (i < batch.length && !ended) ended = initial.take(batch[i++]!);
    if (!this.state.synced && initial.items.length > from)
      this.page(initial.items.slice(from), { loaded: initial.items.length, remaining: initial.remaining });
    if (ended) {
      this.listed(initial.items, initial.resourceVersion!);
      this.update(next.live(this.state));
    }
    return i;
  }

  private receive(event: WatchObjectEvent<T>): void {
    const rv = event.object.metadata?.resourceVersion;
    // Recorded on arrival, not at the flush: a resume after a drop must start after the last event received.
    if (rv) this.resourceVersion = rv;
    if (event.type === 'BOOKMARK') return;
    this.received++;
    this.index.queue(event);
    this.scheduleFlush();
  }

  /** A page of the first list: into the objects now, shown to views right away for the first page, then throttled. */
  private page(items: readonly T[], progress: { loaded: number; remaining: number | undefined }): void {
    this.index.add(items);
    const listing = {
      loaded: this.index.size,
      total: progress.remaining === undefined ? undefined : progress.loaded + progress.remaining,
    };
    const now = Date.now();
    const every = showingInterval(this.options.partialList, listing.loaded);
    if (this.partialShownAt !== undefined && now - this.partialShownAt < every) {
      // Recorded without a flush: the next one (a later page, or the whole list) shows it.
      this.state = { ...this.state, listing };
      return;
    }
    const first = this.partialShownAt === undefined;
    this.partialShownAt = now;
    this.state = { ...this.state, listing };
    // The first page is what the first rows wait for: shown now, not at the next frame. A frame can be long in
    // coming while the browser still draws the page around the table, and the table's first render then runs
    // in that wait instead of after it. Later pages wait for a frame like any change.
    if (first) this.flushNow();
    else this.scheduleFlush();
  }

  private listed(items: readonly T[], resourceVersion: string): void {
    this.partialShownAt = undefined;
    this.index.replace(items);
    this.resourceVersion = resourceVersion;
    this.update(next.listed(this.state, Date.now()));
  }

  private async pause(attempt: number, error: ApiError | undefined, signal: AbortSignal): Promise<void> {
    const delay = backoffDelay(attempt, error?.retryAfterSeconds, this.policy);
    this.update({ nextRetryAt: Date.now() + delay });
    await sleep(delay, signal).catch(() => undefined);
  }

  private update(change: Partial<WatchState>): void {
    this.state = { ...this.state, ...change };
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    this.cancelFlush ??= this.options.scheduler.schedule(() => this.flush());
  }

  /** A flush now, in place of the one waiting for the scheduler. */
  private flushNow(): void {
    this.cancelFlush?.();
    this.flush();
  }

  /** The one place views learn of changes: waiting events applied, a new snapshot, one notification. */
  private flush(): void {
    this.cancelFlush = undefined;
    this.index.applyPending();
    this.snapshot = undefined;
    for (const listener of [...this.listeners]) listener();
  }
}
