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
    vi.stubGlobal('window', Object.assign(new EventTarget(), { requestIdleCallback }));
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
    // A moment for the person first: the first thing they do with the view never competes with warming.
    await vi.advanceTimersByTimeAsync(warm.WARM_QUIET_MS - 50);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
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
    // One that throws before it has a promise to reject, too.
    warm.whenFirstViewPainted(() => {
      throw new Error('no such module');
    });
    warm.whenFirstViewPainted(async () => void ran.push('second'));
    await vi.advanceTimersByTimeAsync(warm.WARM_FALLBACK_MS - 10);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(warm.WARM_QUIET_MS + 100);
    expect(ran).toEqual(['second']);
  });

  it('holds warming while the first view is still filling, past the fallback, until it is whole', async () => {
    const warm = await freshWarm();
    const task = vi.fn(async () => undefined);
    warm.whenFirstViewPainted(task);
    await vi.advanceTimersByTimeAsync(100);
    // The table's first rows are on screen and its list is still arriving.
    warm.holdWarming();
    await vi.advanceTimersByTimeAsync(warm.WARM_FALLBACK_MS * 2);
    expect(task).not.toHaveBeenCalled();
    warm.markFirstViewPainted();
    await vi.advanceTimersByTimeAsync(warm.WARM_QUIET_MS + 10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a hold is bounded: a list that never ends does not keep warming back, nor does holding again', async () => {
    const warm = await freshWarm();
    const task = vi.fn(async () => undefined);
    warm.whenFirstViewPainted(task);
    warm.holdWarming();
    await vi.advanceTimersByTimeAsync(warm.WARM_HOLD_MS - 1_000);
    // A second hold (another table still filling) does not start the wait again.
    warm.holdWarming();
    await vi.advanceTimersByTimeAsync(900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100 + warm.WARM_QUIET_MS + 10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while a person types or clicks, and warms once they pause', async () => {
    const warm = await freshWarm();
    const task = vi.fn(async () => undefined);
    warm.whenFirstViewPainted(task);
    warm.markFirstViewPainted();
    await vi.advanceTimersByTimeAsync(200);
    // Keys and scrolls come every 200 ms for a second: each pushes warming back.
    for (let i = 0; i < 5; i++) {
      window.dispatchEvent(new Event(i % 2 ? 'keydown' : 'scroll'));
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(warm.WARM_QUIET_MS - 50);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs a task queued after the first view without waiting again', async () => {
    const warm = await freshWarm();
    warm.markFirstViewPainted();
    await vi.advanceTimersByTimeAsync(warm.WARM_QUIET_MS + 10);
    const task = vi.fn(async () => undefined);
    warm.whenFirstViewPainted(task);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
