/**
 * Watches shared by the browser's tabs (watch/share/; watch-share-browser.ts makes the share). Its code is a
 * chunk of its own, asked for as soon as the console's JavaScript starts to run (main.tsx imports this module
 * first), so that it is in hand by the time the first list is asked for: every watch goes through it, and waits
 * for it while it is on its way. Where the browser cannot share (no Web Locks: a page served over plain HTTP from
 * another host than localhost), or the code fails to load, each tab streams its own lists.
 */
import type { ApiClient, WatchOptions, WatchStream } from './client/index.ts';
import type { WatchSharing } from './watch/index.ts';
import type { SharedClient, WatchShare } from './watch/share/share.ts';

const loading: Promise<WatchShare | undefined> | undefined =
  typeof navigator !== 'undefined' && navigator.locks && typeof BroadcastChannel !== 'undefined'
    ? import('./watch-share-browser.ts').then((m) => m.browserShare()).catch(() => undefined)
    : undefined;

/** The share, once its code is in (undefined where there is none). */
export function shareLoaded(): Promise<WatchShare | undefined> {
  return loading ?? Promise.resolve(undefined);
}

/** Whether the page's first stream is still to be asked for: it alone is opened before the share's code is in. */
let first = true;

/** The registry's share: each watch's client goes through the share once its code is in. */
export function browserWatchShare(): WatchSharing | undefined {
  const load = loading;
  if (!load) return undefined;
  return {
    client(key, target, base, watch) {
      let client: SharedClient | undefined;
      // A watch that closed while the code was on its way has nothing to share.
      let released = false;
      const shared = load.then((s) => (released ? undefined : (client = s?.client(key, target, base, watch))));
      return {
        get: base.get,
        list: async (path, options) => ((await shared) ?? base).list(path, options),
        async watch<T>(path: string, options: WatchOptions = {}) {
          // The first view's list, asked for while the code is still on its way (and the locks cannot answer
          // before the page's first render): opened now all the same, and kept or not once the share decides.
          const opened = !client && first ? openNow<T>(base, path, options) : undefined;
          first = false;
          const through = await shared;
          return through ? through.watch(path, options, opened) : (opened?.opening ?? base.watch<T>(path, options));
        },
        release: () => {
          released = true;
          client?.release();
        },
        refresh: () => client?.refresh() ?? false,
      };
    },
  };
}

/** A stream opened before the share decides whether this tab keeps it (owner.ts gives it up otherwise). */
function openNow<T>(base: Pick<ApiClient, 'watch'>, path: string, options: WatchOptions) {
  const stop = new AbortController();
  const { signal } = options;
  signal?.addEventListener('abort', () => stop.abort(signal.reason), { once: true });
  const opening: Promise<WatchStream<T>> = base.watch<T>(path, { ...options, signal: stop.signal });
  // One given up is nobody's error.
  opening.catch(() => undefined);
  return { opening, stop };
}
