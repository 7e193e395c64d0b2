/**
 * Work that can wait for the browser to be idle: requestIdleCallback, with a bound on the wait so a busy page still
 * gets it done, and a short timer where the browser has no idle callbacks (Safari).
 */

export interface IdleOptions {
  /** Run by then even if the browser never goes idle. */
  timeoutMs?: number;
  /** The timer's delay where there are no idle callbacks. */
  fallbackMs?: number;
}

/** Schedules `run` once; the returned function cancels it if it has not run yet. */
export function whenIdle(run: (deadline?: IdleDeadline) => void, options: IdleOptions = {}): () => void {
  const { timeoutMs = 2_000, fallbackMs = 16 } = options;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}
