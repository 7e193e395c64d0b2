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

export function frameScheduler(): FlushScheduler {
  if (typeof requestAnimationFrame !== 'function') return timerScheduler();
  return {
    schedule(task) {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        task();
      };
      const frame = requestAnimationFrame(run);
      const timer = setTimeout(run, HIDDEN_TAB_FALLBACK_MS);
      return () => {
        done = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
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
