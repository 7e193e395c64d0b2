/**
 * WatchRegistry: the one place that owns the console's watches, so that every view showing the same list
 * shares one stream. A watch starts when its first view subscribes and closes (and leaves the registry) once
 * no view has observed it for `idleMs`. The app creates one registry and hands it down (React context in
 * watch-registry-context.tsx); tests create their own: there is no module-global state here.
 */
import type { RetryPolicy } from '../client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { ListWatch } from './list-watch.ts';
import type { Held } from './object-index.ts';
import type { PartialListPacing } from './partial-list.ts';
import type { ListWatchOptions } from './options.ts';
import { frameScheduler, type FlushScheduler } from './scheduler.ts';
import { watchKey, type ListWatchTarget } from './target.ts';
import type { ApiClient } from '../client/index.ts';

export interface WatchRegistryOptions {
  client: ListWatchOptions['client'];
  /** When watches apply events: once per animation frame by default. */
  scheduler?: FlushScheduler;
  /**
   * How long a watch nobody observes stays open, so that a view that goes and comes back at once (React
   * StrictMode, a quick tab switch) does not list again. 0 closes it on the next tick. Kept short because in
   * HTTP/1.1 each open watch holds one of the browser's six connections to the API.
   */
  idleMs?: number;
  /** List page size (the API allows up to 1,000). */
  pageSize?: number;
  /** See ListWatchOptions.partialList. */
  partialList?: PartialListPacing;
  retry?: Partial<RetryPolicy>;
  /** See ListWatchOptions.silenceMs: a stream silent this long is given up and resumed (90 s by default). */
  silenceMs?: number;
  /** See ListWatchOptions.streamLists: false lists page by page. */
  streamLists?: boolean;
  /** The watches of the browser's other tabs, shared with this one's (share/); none: each tab streams its own. */
  share?: WatchSharing | undefined;
}

/** What the registry needs of a share (share/share.ts's WatchShare, or the console's lazy front of it). */
export interface WatchSharing {
  /** The client one watch of `key` lists and watches with; `watch` reads that ListWatch once it is made. */
  client(
    key: string,
    target: ListWatchTarget,
    base: Pick<ApiClient, 'get' | 'list' | 'watch'>,
    watch: () => ListWatch<Held> | undefined,
  ): SharingClient;
}

export interface SharingClient extends Pick<ApiClient, 'get' | 'list' | 'watch'> {
  /** Its watch closed: another tab may take the stream over. */
  release(): void;
  /** A Refresh of the list: true when the tab holding its stream lists again for all. */
  refresh(): boolean;
}

interface Entry {
  watch: ListWatch<Held>;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

export class WatchRegistry {
  private readonly options: WatchRegistryOptions;
  private readonly scheduler: FlushScheduler;
  private readonly entries = new Map<string, Entry>();
  /** Each watch's client through the share, released when that watch closes. */
  private readonly shared = new WeakMap<ListWatch<Held>, SharingClient>();

  constructor(options: WatchRegistryOptions) {
    this.options = options;
    this.scheduler = options.scheduler ?? frameScheduler();
  }

  /**
   * The watch of a target, created if there is none; cheap enough to call on every render. It does not start
   * until someone subscribes; one that never is closes after `idleMs` like any other.
   */
  get<T extends Held = NodusObject>(target: ListWatchTarget): ListWatch<T> {
    const key = watchKey(target);
    let entry = this.entries.get(key);
    if (!entry) {
      const share = this.options.share;
      // The share's client reads the watch it serves (for what a joining tab starts from), made just below.
      const made: { watch?: ListWatch<Held> } = {};
      const client = share?.client(key, target, this.options.client, () => made.watch);
      const watch = new ListWatch({
        client: client ?? this.options.client,
        target: { ...target },
        scheduler: this.scheduler,
        ...(this.options.pageSize ? { pageSize: this.options.pageSize } : {}),
        ...(this.options.partialList ? { partialList: this.options.partialList } : {}),
        ...(this.options.retry ? { retry: this.options.retry } : {}),
        ...(this.options.silenceMs ? { silenceMs: this.options.silenceMs } : {}),
        ...(this.options.streamLists === false ? { streamLists: false } : {}),
        onObservers: (w, observers) => this.observed(key, w, observers),
      });
      made.watch = watch;
      if (client) this.shared.set(watch, client);
      entry = { watch, idleTimer: undefined };
      this.entries.set(key, entry);
      this.scheduleIdle(key, entry);
    }
    // Every watch holds NodusObjects; T narrows what a caller knows of their spec and status.
    return entry.watch as unknown as ListWatch<T>;
  }

  /**
   * Opens the watch of a target before any view observes it and keeps it open for `ms`: the app starts the
   * list a page will show while that page is still being built. A view that subscribes meanwhile takes it
   * over; if none comes, it closes like any other unobserved watch. Returns the early release.
   */
  hold(target: ListWatchTarget, ms: number): () => void {
    const release = this.get(target).subscribe(() => undefined);
    const timer = setTimeout(release, ms);
    return () => {
      clearTimeout(timer);
      release();
    };
  }

  /** Every watch there is now, in the order they were first asked for: for the Support panel's "Live watches". */
  watches(): ListWatch<Held>[] {
    return [...this.entries.values()].map((entry) => entry.watch);
  }

  /** How many watches exist (open or about to close). */
  get size(): number {
    return this.entries.size;
  }

  /** Every watch forgets what it holds and lists again: for when the API key or the API changes. */
  reset(): void {
    for (const entry of this.entries.values()) entry.watch.reset();
  }

  /** The watches of the targets `match` picks list again (a Refresh of what a view shows); the rest go on. */
  relist(match: (target: ListWatchTarget) => boolean): void {
    for (const entry of this.entries.values()) {
      if (!match(entry.watch.target)) continue;
      // A list another tab streams is listed again by that tab, for every tab that shows it.
      if (!this.shared.get(entry.watch)?.refresh()) entry.watch.relist();
    }
  }

  /**
   * Closes every watch now (the app is going away). Views still subscribed get their watch reopened on their
   * next subscription, so this is safe in React StrictMode's unmount-and-mount rehearsal.
   */
  closeAll(): void {
    for (const entry of this.entries.values()) {
      clearTimeout(entry.idleTimer);
      this.close(entry.watch);
    }
    this.entries.clear();
  }

  private observed(key: string, watch: ListWatch<Held>, observers: number): void {
    let entry = this.entries.get(key);
    if (entry?.watch !== watch) {
      // A view that rendered just before this watch closed subscribes to it now: put it back, or, when a new
      // watch of the key exists already, let this one run for its views alone until they leave.
      if (entry || observers === 0) {
        if (observers > 0) watch.start();
        else this.close(watch);
        return;
      }
      entry = { watch, idleTimer: undefined };
      this.entries.set(key, entry);
    }
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    if (observers > 0) watch.start();
    else this.scheduleIdle(key, entry);
  }

  private close(watch: ListWatch<Held>): void {
    watch.close();
    this.shared.get(watch)?.release();
  }

  private scheduleIdle(key: string, entry: Entry): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.watch.observers > 0 || this.entries.get(key) !== entry) return;
      this.entries.delete(key);
      this.close(entry.watch);
    }, this.options.idleMs ?? 0);
  }
}

export function createWatchRegistry(options: WatchRegistryOptions): WatchRegistry {
  return new WatchRegistry(options);
}
