/**
 * Watches shared by the browser's tabs (watch/share/; watch-share-browser.ts makes the share). Its code is a
 * chunk of its own, asked for as soon as the console's JavaScript starts to run (main.tsx imports this module
 * first), so that it is in hand by the time the first list is asked for: every watch goes through it, and waits
 * for it while it is on its way. Where the browser cannot share (no Web Locks: a page served over plain HTTP from
 * another host than localhost), or the code fails to load, each tab streams its own lists.
 */
import type { ApiClient, WatchOptions } from './client/index.ts';
import type { WatchSharing } from './watch/index.ts';
import { openNow } from './watch/share/open-now.ts';
import type { SharedClient, WatchShare } from './watch/share/share.ts';

const loading: Promise<WatchShare | undefined> | undefined =
  typeof navigator !== 'undefined' && navigator.locks && typeof BroadcastChannel !== 'undefined'
    ? import('./watch-share-browser.ts').then((m) => m.browserShare()).catch(() => undefined)
    : undefined;

/** Whether the page's first stream is still to be asked for: it alone is opened before the share's code is in. */
let first = true;

/** The registry's share: each watch's client goes through the share once its code is in. */
export function browserWatchShare(): WatchSharing | undefined {
  const load = loading;
  if (!load) return undefined;
  let share: WatchShare | undefined;
  void load.then((s) => (share = s));
  return {
    client(key, target, base, watch) {
      let client: Promise<SharedClient | Pick<ApiClient, 'get' | 'list' | 'watch'>> | undefined;
      const shared = () => (client ??= load.then((s) => (s ? s.client(key, target, base, watch) : base)));
      return {
        get: (path, options) => base.get(path, options),
        list: async (path, options) => (await shared()).list(path, options),
        watch: async <T>(path: string, options: WatchOptions = {}) => {
          // The first view's list, asked for while the code is still on its way (and the locks cannot answer
          // before the page's first render): opened now all the same, and kept or not once the share decides.
          const opened = !share && first ? openNow<T>(base, path, options) : undefined;
          first = false;
          const through = await shared();
          return opened && through === base ? opened.opening : (through as SharedClient).watch(path, options, opened);
        },
      };
    },
    release: (key) => share?.release(key),
    refresh: (key) => share?.refresh(key) ?? false,
  };
}
