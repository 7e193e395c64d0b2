/**
 * The frame scheduler: every flush waiting for a frame runs in one callback (so the views' renders that follow
 * are one), a cancelled flush does not run, one that fails does not stop the rest, and a hidden tab's timer
 * stands in for frames that do not come.
 */
import { describe, expect, it } from 'vitest';
import { frameScheduler, type FrameClock } from './scheduler.ts';

/** Frames and timers that run only when the test says. */
function manualClock() {
  let nextHandle = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { run: () => void; ms: number }>();
  const clock: FrameClock = {
    requestFrame: (run) => {
      const handle = nextHandle++;
      frames.set(handle, run);
      return handle;
    },
    cancelFrame: (handle) => void frames.delete(handle),
    setTimer: (run, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { run, ms });
      return handle;
    },
    clearTimer: (timer) => void timers.delete(timer as number),
  };
  return {
    clock,
    frames,
    timers,
    frame() {
      const now = [...frames.values()];
      frames.clear();
      for (const run of now) run();
    },
    timersOf(ms: number) {
      return [...timers.entries()].filter(([, t]) => t.ms === ms);
    },
  };
}

describe('frameScheduler', () => {
  it('runs every flush of a frame in one callback, and what they schedule in the next frame', () => {
    const time = manualClock();
    const scheduler = frameScheduler(time.clock);
    const ran: string[] = [];
    scheduler.schedule(() => ran.push('table'));
    scheduler.schedule(() => {
      ran.push('counts');
      scheduler.schedule(() => ran.push('again'));
    });
    scheduler.schedule(() => ran.push('events'));
    // Three watches waiting, one frame asked for.
    expect(time.frames.size).toBe(1);
    time.frame();
    expect(ran).toEqual(['table', 'counts', 'events']);
    expect(time.frames.size).toBe(1);
    time.frame();
    expect(ran).toEqual(['table', 'counts', 'events', 'again']);
    expect(time.frames.size).toBe(0);
  });

  it('does not run a cancelled flush', () => {
    const time = manualClock();
    const scheduler = frameScheduler(time.clock);
    const ran: string[] = [];
    const cancel = scheduler.schedule(() => ran.push('cancelled'));
    scheduler.schedule(() => ran.push('kept'));
    cancel();
    time.frame();
    expect(ran).toEqual(['kept']);
  });

  it('runs the other flushes when one throws, and reports the error afterwards', () => {
    const time = manualClock();
    const scheduler = frameScheduler(time.clock);
    const ran: string[] = [];
    scheduler.schedule(() => {
      throw new Error('a watch failed');
    });
    scheduler.schedule(() => ran.push('after'));
    time.frame();
    expect(ran).toEqual(['after']);
    const [report] = time.timersOf(0);
    expect(() => report![1].run()).toThrow('a watch failed');
  });

  it('runs on the timer when no frame comes (a hidden tab), once', () => {
    const time = manualClock();
    const scheduler = frameScheduler(time.clock);
    let runs = 0;
    scheduler.schedule(() => runs++);
    const [fallback] = time.timersOf(250);
    expect(fallback).toBeDefined();
    fallback![1].run();
    expect(runs).toBe(1);
    // The frame asked for was cancelled with it.
    expect(time.frames.size).toBe(0);
  });
});
