/**
 * A stream opened before this tab knows whether it may keep it: the first stream of a list is asked for at once
 * (while the page's first render keeps it from hearing the browser's locks), and given up if another tab holds
 * the list or the budget has no slot left. One given up is nobody's error.
 */
import type { ApiClient, WatchOptions, WatchStream } from '../../client/index.ts';

export interface Opened<T> {
  opening: Promise<WatchStream<T>>;
  stop: AbortController;
}

export function openNow<T>(base: Pick<ApiClient, 'watch'>, path: string, options: WatchOptions): Opened<T> {
  const stop = new AbortController();
  const { signal } = options;
  signal?.addEventListener('abort', () => stop.abort(signal.reason), { once: true });
  const opening = base.watch<T>(path, { ...options, signal: stop.signal });
  opening.catch(() => undefined);
  return { opening, stop };
}
