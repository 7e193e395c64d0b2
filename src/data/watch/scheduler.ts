/**
 * When a watch applies what it has received. In the browser, once per animation frame: however many events
 * arrive, views re-render at most once per frame. A hidden tab runs no frames, so a timer stands in there
 * (otherwise events would wait until the tab is shown). In Node (tests, benchmarks) a plain timer.
 */

export interface FlushScheduler {
  /** Runs `task` once, later; the returned function cancels it. */
  schedule(task: () => void): () => void;
}

/** A timer every `ms`: the scheduler of Node, and of a browser without requestAnimationFrame. */
export function timerScheduler(ms = 16): FlushScheduler {
  return {
    schedule(task) {
      const timer = setTimeout(task, ms);
      return () => clearTimeout(timer);
    },
  };
}

/** Hidden tabs: frames stop, timers slow to about once a second, and this one still fires. */
const HIDDEN_TAB_FALLBACK_MS = 250;

/** What frameScheduler needs of the browser; tests hand in their own. */
export interface FrameClock {
  requestFrame(run: () => void): number;
  cancelFrame(handle: number): void;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

const browserClock = (): FrameClock => ({
  requestFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

/**
 * Every watch's flush of a frame in one callback. The browser runs microtasks after each animation-frame
 * callback, and a view's store update renders in a microtask: one callback per watch was one React render per
 * watch per frame (seven in a row while a table listed), one callback for all of them is one render.
 */
export function frameScheduler(clock?: FrameClock): FlushScheduler {
  if (!clock && typeof requestAnimationFrame !== 'function') return timerScheduler();
  const { requestFrame, cancelFrame, setTimer, clearTimer } = clock ?? browserClock();
  let waiting = new Set<() => void>();
  let frame: number | undefined;
  let timer: unknown;
  const run = () => {
    if (frame !== undefined) cancelFrame(frame);
    clearTimer(timer);
    frame = undefined;
    timer = undefined;
    // Tasks scheduled while these run wait for the next frame.
    const now = waiting;
    waiting = new Set();
    for (const task of now) {
      try {
        task();
      } catch (error) {
        // One watch's failure does not keep the others' changes from their views.
        setTimer(() => {
          throw error;
        }, 0);
      }
    }
  };
  return {
    schedule(task) {
      const entry = () => task();
      waiting.add(entry);
      if (frame === undefined) {
        frame = requestFrame(run);
        timer = setTimer(run, HIDDEN_TAB_FALLBACK_MS);
      }
      return () => {
        waiting.delete(entry);
      };
    },
  };
}

/** A scheduler that runs only when told to: tests use it to see exactly what one flush applies. */
export interface ManualScheduler extends FlushScheduler {
  /** How many flushes are waiting (never more than one per watch). */
  readonly waiting: number;
  /** Runs every waiting flush now. */
  runAll(): void;
}

export function manualScheduler(): ManualScheduler {
  const tasks = new Set<() => void>();
  return {
    get waiting() {
      return tasks.size;
    },
    schedule(task) {
      const entry = () => task();
      tasks.add(entry);
      return () => tasks.delete(entry);
    },
    runAll() {
      const now = [...tasks];
      tasks.clear();
      for (const task of now) task();
    },
  };
}
