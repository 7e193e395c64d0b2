import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUT_LOG_INTERVAL_MS, WatchBudget, type WatchAccount } from './watch-budget.ts';

/** A response whose unsent bytes the test sets; a cut destroys it, as the watch's own cut does. */
class FakeResponse extends EventEmitter {
  writableLength = 0;
  destroyed = false;
}

const KB = 1024;

function setup(limits: { perWatch?: number; total?: number; stallMs?: number } = {}) {
  let clock = 0;
  const lines: string[] = [];
  const budget = new WatchBudget(
    { perWatch: 100 * KB, total: 1000 * KB, stallMs: 0, ...limits },
    { log: (line) => lines.push(line), now: () => clock },
  );
  const open = (share?: object) => {
    const res = new FakeResponse();
    const account: WatchAccount = budget.track(res as unknown as ServerResponse, () => {
      res.destroyed = true;
      account.release();
    });
    if (share) account.share(share);
    /** Queues `bytes` more (and the client took `taken` since the last write); what the budget says of it. */
    const write = (bytes: number, taken = 0) => {
      res.writableLength += bytes - taken;
      return account.wrote(bytes);
    };
    return { res, account, write };
  };
  return { budget, open, lines, tick: (ms: number) => (clock += ms) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('WatchBudget', () => {
  it('says a watch is over its own limit once it holds more than it may', () => {
    const { open, budget } = setup();
    const w = open();
    expect(w.write(60 * KB)).toBeUndefined();
    expect(w.write(60 * KB)).toBe('own');
    expect(budget.stats()).toMatchObject({ watches: 1, unsentBytes: 120 * KB });
  });

  it('says a watch is stalled when its client took nothing for the stall time, not while it takes some', () => {
    const { open, tick } = setup({ perWatch: 10_000 * KB, stallMs: 10_000 });
    const reading = open();
    const slow = open();
    const idle = open();
    let stalledAt: number | undefined;
    for (let second = 1; second <= 30; second++) {
      tick(1000);
      expect(reading.write(20 * KB, 20 * KB)).toBeUndefined();
      // Ever further behind, but taking some: not stalled.
      expect(slow.write(20 * KB, 10 * KB)).toBeUndefined();
      if (idle.write(8 * KB) === 'stalled') stalledAt ??= second;
    }
    // Up to 64 KB (second 8) is what a socket's own buffer holds; from there, ten seconds of nothing.
    expect(stalledAt).toBe(19);
  });

  it('counts the bytes of a group once, and over the bound cuts the watches furthest behind first', async () => {
    const { open, budget } = setup({ perWatch: 10_000 * KB, total: 1000 * KB });
    const group = {};
    const members = [300, 500, 900].map((kb) => {
      const w = open(group);
      w.write(kb * KB);
      return w;
    });
    const alone = open();
    alone.write(200 * KB);
    // The group holds what its furthest member holds (the others' bytes are the same buffers): 900 + 200.
    expect(budget.stats()).toMatchObject({ unsentBytes: 1900 * KB, heldBytes: 1100 * KB });
    await Promise.resolve();
    // Over 1,000: the 900 goes, leaving the group at 500 + 200, under three quarters of the bound.
    expect(members.map((m) => m.res.destroyed)).toEqual([false, false, true]);
    expect(alone.res.destroyed).toBe(false);
    expect(budget.stats()).toMatchObject({ watches: 3, heldBytes: 700 * KB, cutCrowd: 1 });
  });

  it('logs its cuts once per interval, however many there were', () => {
    const { open, lines } = setup();
    for (let i = 0; i < 5; i++) {
      const w = open();
      w.account.cut(w.write(200 * KB)!);
    }
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(CUT_LOG_INTERVAL_MS);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cut off 5 slow watch\(es\).*5 over a watch's own/);
    vi.advanceTimersByTime(CUT_LOG_INTERVAL_MS * 3);
    expect(lines).toHaveLength(1);
  });

  it('forgets a watch that closed, and what it held', () => {
    const { open, budget } = setup();
    const w = open();
    w.write(50 * KB);
    w.account.release();
    expect(budget.stats()).toMatchObject({ watches: 0, unsentBytes: 0, heldBytes: 0 });
  });
});
