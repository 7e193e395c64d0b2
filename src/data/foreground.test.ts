import { afterEach, describe, expect, it, vi } from 'vitest';
import { foreground, foregroundIdle } from './foreground.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('foreground loads', () => {
  it('lets a background load go at once when nothing is loading', async () => {
    vi.useFakeTimers();
    expect(await settled(foregroundIdle(5_000))).toBe(true);
  });

  it('holds a background load until every foreground load has settled, failed ones included', async () => {
    vi.useFakeTimers();
    const a = deferred();
    const b = deferred();
    void foreground(a.promise);
    foreground(b.promise).catch(() => undefined);
    const idle = foregroundIdle(5_000);
    expect(await settled(idle)).toBe(false);
    a.resolve();
    expect(await settled(idle)).toBe(false);
    b.reject(new Error('503'));
    expect(await settled(idle)).toBe(true);
  });

  it('waits no longer than maxMs, and not at all once aborted', async () => {
    vi.useFakeTimers();
    const slow = deferred();
    void foreground(slow.promise);
    const capped = foregroundIdle(5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await settled(capped)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(capped)).toBe(true);

    const abort = new AbortController();
    const cancelled = foregroundIdle(60_000, abort.signal);
    expect(await settled(cancelled)).toBe(false);
    abort.abort();
    expect(await settled(cancelled)).toBe(true);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(0);
  });
});
