/**
 * Loads a person is waiting for (a table's list, page after page) go before loads nobody is looking at yet (the
 * counts beside the kinds). The browser opens at most six HTTP/1.1 connections to the API: seven count probes
 * fired beside a list of 50,000 hold them all, and the list's next page waits for one. Counts therefore wait
 * until no list is loading, for at most `maxMs`.
 */
let loading = 0;
const waiting = new Set<() => void>();

/** Marks `work` as a foreground load until it settles. */
export function foreground<T>(work: Promise<T>): Promise<T> {
  loading++;
  const done = () => {
    loading--;
    if (loading > 0) return;
    for (const wake of [...waiting]) wake();
  };
  work.then(done, done);
  return work;
}

/** Resolves once no foreground load is running, or after `maxMs`, or when `signal` aborts. */
export function foregroundIdle(maxMs: number, signal?: AbortSignal): Promise<void> {
  if (loading === 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, maxMs);
    waiting.add(wake);
    signal?.addEventListener('abort', wake, { once: true });
  });
}
