/**
 * Warming: code the first view left out (lazy-part.tsx) is fetched once that view is painted, one piece at a
 * time in idle time, so it never competes with the first rows and is there before a click asks for it.
 */

/** How long to wait for a first view that never says it painted (a page with no table) before warming anyway. */
export const WARM_FALLBACK_MS = 3_000;
import { whenIdle } from './idle.ts';

type Task = () => Promise<unknown>;

const queue: Task[] = [];
let painted = false;
let running = false;
let fallback: ReturnType<typeof setTimeout> | undefined;

function drain(): void {
  if (running || !painted) return;
  const task = queue.shift();
  if (!task) return;
  running = true;
  whenIdle(
    () => {
      void task()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          drain();
        });
    },
    { fallbackMs: 50 },
  );
}

/** Runs `task` in idle time once the first view is painted (or after WARM_FALLBACK_MS), after those before it. */
export function whenFirstViewPainted(task: Task): void {
  if (typeof window === 'undefined') return;
  queue.push(task);
  if (painted) drain();
  else fallback ??= setTimeout(markFirstViewPainted, WARM_FALLBACK_MS);
}

/** Said by the view that paints first (the table, once its rows are on screen); later calls do nothing. */
export function markFirstViewPainted(): void {
  if (painted || typeof window === 'undefined') return;
  painted = true;
  clearTimeout(fallback);
  drain();
}
