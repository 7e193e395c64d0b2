import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WarmModule from './warm.ts';

type Warm = typeof WarmModule;

/** A fresh copy of the module (its queue is module state) in a "browser" whose idle callbacks run on timers. */
async function freshWarm(): Promise<Warm> {
  vi.resetModules();
  return import('./warm.ts');
}

describe('warming after the first view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    const requestIdleCallback = (run: () => void) => setTimeout(run, 1);
    vi.stubGlobal('window', { requestIdleCallback });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first view, then runs the tasks one at a time, in order', async () => {
    const warm = await freshWarm();
    const log: string[] = [];
    let finishFirst: () => void = () => undefined;
    warm.whenFirstViewPainted(() => {
      log.push('a starts');
      return new Promise<void>((resolve) => (finishFirst = resolve));
    });
    warm.whenFirstViewPainted(async () => void log.push('b starts'));
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual([]);

    warm.markFirstViewPainted();
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['a starts']);
    // The second waits for the first to be in: two downloads never compete with each other.
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['a starts']);
    finishFirst();
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['a starts', 'b starts']);
  });

  it('warms anyway when no view says it painted, and a failed task does not stop the rest', async () => {
    const warm = await freshWarm();
    const ran: string[] = [];
    warm.whenFirstViewPainted(() => Promise.reject(new Error('offline')));
    warm.whenFirstViewPainted(async () => void ran.push('second'));
    await vi.advanceTimersByTimeAsync(warm.WARM_FALLBACK_MS - 10);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(['second']);
  });

  it('runs a task queued after the first view without waiting again', async () => {
    const warm = await freshWarm();
    warm.markFirstViewPainted();
    const task = vi.fn(async () => undefined);
    warm.whenFirstViewPainted(task);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
