/** The values a row cuts short (cells mark them `data-peek`, cell-peek.tsx shows them whole). */

/** Whether the element shows less than its whole value. */
export function hasMore(el: HTMLElement): boolean {
  return el.hasAttribute('data-peek-always') || el.scrollWidth > el.clientWidth + 1;
}

/**
 * Where Left and Right go inside a row: its controls (the label chips) and the values that have more to show,
 * in reading order.
 */
export function cellStops(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>('[data-peek]')].filter((el) => el.tagName === 'BUTTON' || hasMore(el));
}
