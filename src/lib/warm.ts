/**
 * Warming: code the first view left out (lazy-part.tsx) is fetched once that view is painted whole, one piece at
 * a time in idle time, and only once WARM_QUIET_MS have passed since then and since the last input (key, click,
 * wheel, scroll): it competes neither with the first view nor with what a person does first with it, and is there
 * before a click asks for it. A table is whole once its list is: fetching and compiling that code while a long
 * list still arrived made the list 11 to 16% slower (docs/PERFORMANCE.md, "Warming waits for the list").
 */
import { whenIdle } from './idle.ts';

/** How long to wait for a first view that never says it painted (a page with no table) before warming anyway. */
export const WARM_FALLBACK_MS = 3_000;
/** How long a first view on screen and still filling (a long list) holds warming back, at most. */
export const WARM_HOLD_MS = 15_000;
/** Warming waits until the first view has been whole, and no key, click, wheel or scroll has come, this long. */
export const WARM_QUIET_MS = 500;

type Task = () => Promise<unknown>;

const queue: Task[] = [];
let painted = false;
let running = false;
let held = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
/** When the first view was whole, or the last input came, whichever is later (performance.now()). */
let lastBusy = -Infinity;
let listening = false;

function listenForInput(): void {
  if (listening) return;
  listening = true;
  const heard = () => (lastBusy = performance.now());
  // A scroll, seen in the capture phase on window, covers a scroll bar dragged and a fling as well as the wheel.
  for (const type of ['keydown', 'pointerdown', 'wheel', 'scroll'])
    window.addEventListener?.(type, heard, { capture: true, passive: true });
}

function drain(): void {
  if (running || !painted || queue.length === 0) return;
  running = true;
  const next = () => whenIdle(run, { fallbackMs: 50 });
  const run = () => {
    const quiet = performance.now() - lastBusy;
    if (quiet < WARM_QUIET_MS) {
      setTimeout(next, WARM_QUIET_MS - quiet);
      return;
    }
    const task = queue.shift()!;
    // Through a promise: a task that throws at once must not leave `running` set and warming stopped.
    void Promise.resolve()
      .then(task)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        drain();
      });
  };
  next();
}

/** Runs `task` in idle time once the first view is painted (or after WARM_FALLBACK_MS), after those before it. */
export function whenFirstViewPainted(task: Task): void {
  if (typeof window === 'undefined') return;
  listenForInput();
  queue.push(task);
  if (painted) drain();
  else fallback ??= setTimeout(markFirstViewPainted, WARM_FALLBACK_MS);
}

/**
 * Said by the view that paints first while it is still filling (the table: its first rows are on screen, more
 * pages are on their way): warming waits for markFirstViewPainted, or WARM_HOLD_MS from the first such call.
 */
export function holdWarming(): void {
  if (painted || held || typeof window === 'undefined') return;
  held = true;
  clearTimeout(fallback);
  fallback = setTimeout(markFirstViewPainted, WARM_HOLD_MS);
}

/** Said by the view that paints first, once it is whole (the table: its rows on screen, its list complete). */
export function markFirstViewPainted(): void {
  if (painted || typeof window === 'undefined') return;
  painted = true;
  lastBusy = Math.max(lastBusy, performance.now());
  clearTimeout(fallback);
  drain();
}
