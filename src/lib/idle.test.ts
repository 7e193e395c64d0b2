import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle.ts';

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for an idle callback with a bound on the wait, and cancels it', () => {
    const asked: { timeout: number | undefined }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (_run: () => void, options?: { timeout?: number }) => {
      asked.push({ timeout: options?.timeout });
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const cancel = whenIdle(() => undefined, { timeoutMs: 500 });
    expect(asked).toEqual([{ timeout: 500 }]);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it('falls back to a timer where there are no idle callbacks, which cancelling stops', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran: string[] = [];
    whenIdle(() => ran.push('kept'), { fallbackMs: 50 });
    const cancel = whenIdle(() => ran.push('cancelled'), { fallbackMs: 50 });
    cancel();
    await vi.advanceTimersByTimeAsync(49);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['kept']);
  });
});
