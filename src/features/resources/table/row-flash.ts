/**
 * The brief highlight of a row whose object just changed, kept out of React: rendering 50,000 rows' worth of
 * "recently changed" state would re-render rows every frame under churn. The table tells it which objects
 * changed; it remembers until when each one glows, and animates the row elements that are mounted (rows that
 * scroll into view while still glowing pick up the rest of it; a row element reused for another object drops the
 * glow it had). The row carries `data-changed` meanwhile.
 */

export const FLASH_MS = 1400;

/**
 * A neutral tint, held for a moment, then faded into the row's own background (the implicit last keyframe):
 * a change is news, not a warning, so no warning colour. The theme's own colours, so that in the dark theme the
 * tint is dark too and the row's text stays readable on it.
 */
const TINT = 'var(--color-slate-100)';
const EDGE = 'inset 3px 0 0 var(--color-slate-400)';
const KEYFRAMES: Keyframe[] = [
  { backgroundColor: TINT, boxShadow: EDGE, offset: 0 },
  { backgroundColor: TINT, boxShadow: EDGE, offset: 0.2 },
];

export class RowFlash {
  private readonly until = new Map<string, number>();
  private readonly elements = new Map<string, HTMLElement>();
  private sweep: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** These objects changed just now. */
  mark(ids: Iterable<string>): void {
    const end = this.now() + FLASH_MS;
    for (const id of ids) {
      this.until.set(id, end);
      const element = this.elements.get(id);
      if (element) play(element, FLASH_MS);
    }
    this.sweep ??= setTimeout(() => this.forgetExpired(), FLASH_MS);
  }

  /** A row element was mounted: it glows for what is left of its object's highlight. */
  attach(id: string, element: HTMLElement): void {
    this.elements.set(id, element);
    const left = (this.until.get(id) ?? 0) - this.now();
    if (left > 50) play(element, left, FLASH_MS - left);
    // A reused element (the table recycles rows as it scrolls) must not carry another object's highlight.
    else settle(element);
  }

  detach(id: string, element: HTMLElement): void {
    if (this.elements.get(id) === element) this.elements.delete(id);
  }

  dispose(): void {
    clearTimeout(this.sweep);
    this.until.clear();
    this.elements.clear();
  }

  private forgetExpired(): void {
    this.sweep = undefined;
    const now = this.now();
    for (const [id, end] of this.until) if (end <= now) this.until.delete(id);
    if (this.until.size > 0) this.sweep = setTimeout(() => this.forgetExpired(), FLASH_MS / 2);
  }
}

function settle(element: HTMLElement): void {
  if (element.dataset.changed === undefined) return;
  if (typeof element.getAnimations === 'function')
    for (const running of element.getAnimations()) if (running.id === 'row-flash') running.cancel();
  delete element.dataset.changed;
}

function play(element: HTMLElement, duration: number, elapsed = 0): void {
  element.dataset.changed = 'true';
  // Web Animations fade from the highlight back to the row's own background (the implicit end keyframe).
  if (typeof element.animate !== 'function') return;
  for (const running of element.getAnimations()) if (running.id === 'row-flash') running.cancel();
  const animation = element.animate(KEYFRAMES, { duration: duration + elapsed, easing: 'ease-out', id: 'row-flash' });
  animation.currentTime = elapsed;
  animation.onfinish = () => {
    delete element.dataset.changed;
  };
  animation.oncancel = () => {
    if (!element.getAnimations().some((a) => a.id === 'row-flash' && a.playState === 'running'))
      delete element.dataset.changed;
  };
}
