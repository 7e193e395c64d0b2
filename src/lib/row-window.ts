/**
 * Which rows of a list of fixed-height rows to draw, and where to scroll to show one. Every row has the same
 * height, so a row's place is its index times that height: nothing is measured, and the arithmetic is all there
 * is to it. The resource table draws through `useRowWindow` (its first view loads no list library).
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';

export interface Layout {
  count: number;
  rowHeight: number;
  /** Where the first row starts inside the scrolling element (the height of a header above the rows). */
  offset: number;
}

/** The rows that touch the part of the list in view, first and last inclusive; last < first when none do. */
export function visibleRange(layout: Layout, scrollTop: number, viewport: number): { first: number; last: number } {
  const { count, rowHeight, offset } = layout;
  if (count === 0 || rowHeight <= 0 || viewport <= 0) return { first: 0, last: -1 };
  const first = Math.min(count - 1, Math.max(0, Math.floor((scrollTop - offset) / rowHeight)));
  const last = Math.min(count - 1, Math.max(0, Math.ceil((scrollTop + viewport - offset) / rowHeight) - 1));
  return { first, last: Math.max(first, last) };
}

/** The indexes to draw, ascending: the range with `overscan` rows either side, plus `keep` wherever it is. */
export function drawnIndexes(
  range: { first: number; last: number },
  count: number,
  overscan: number,
  keep = -1,
): number[] {
  if (range.last < range.first) return keep >= 0 && keep < count ? [keep] : [];
  const from = Math.max(0, range.first - overscan);
  const to = Math.min(count - 1, range.last + overscan);
  const out: number[] = [];
  if (keep >= 0 && keep < from) out.push(keep);
  for (let i = from; i <= to; i++) out.push(i);
  if (keep > to && keep < count) out.push(keep);
  return out;
}

/**
 * The scroll position that brings row `index` fully into view with the least movement, or undefined when it is
 * in view already. `coveredTop` is what sits over the top of the view (a sticky header), so a row under it is
 * not in view.
 */
export function scrollTopToShow(
  layout: Layout,
  index: number,
  view: { scrollTop: number; viewport: number; coveredTop: number },
): number | undefined {
  const start = layout.offset + index * layout.rowHeight;
  const end = start + layout.rowHeight;
  const { scrollTop, viewport, coveredTop } = view;
  const max = Math.max(0, layout.offset + layout.count * layout.rowHeight - viewport);
  let to: number;
  if (end > scrollTop + viewport) to = end - viewport;
  else if (start < scrollTop + coveredTop) to = start - coveredTop;
  else return undefined;
  return Math.min(max, Math.max(0, to));
}

/** Rows drawn beyond either edge of the view, and while flinging. */
const OVERSCAN = 12;
const FLING_OVERSCAN = 2;

interface View {
  /** The element's scroll position and height, as last read: updated on every scroll, kept out of React. */
  scrollTop: number;
  viewport: number;
  /** Laid out once: until then the view is taken to be the window's height, and nothing is drawn beyond it. */
  measured: boolean;
  /** The last scroll jumped more than a screen (a fling, a scrollbar drag, End): rows beyond the view are never
   * seen, since the next frame is elsewhere, so drawing them is left out; a slow scroll draws them again. */
  flinging: boolean;
}

/** What a render drew, to tell whether a new position needs another. */
interface Drawn {
  first: number;
  last: number;
  overscan: number;
}

/**
 * The rows of `scrollRef`'s list to draw, kept in step with its scrolling, its size and its length, and a way to
 * bring one into view. The element renders again only when the rows to draw change, not on every scroll event;
 * its size comes from its ResizeObserver, which reports after the browser has laid the page out anyway, so the
 * first render forces no layout.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  layout: Layout & { keep: number; coveredTop: number },
): { indexes: number[]; scrollToIndex: (index: number) => void } {
  const { count, rowHeight, offset, keep, coveredTop } = layout;
  const view = useRef<View>({
    scrollTop: 0,
    viewport: typeof window === 'undefined' ? 0 : window.innerHeight,
    measured: false,
    flinging: false,
  });
  const drawn = useRef<Drawn>({ first: 0, last: -1, overscan: 0 });
  const latest = useRef<Layout>({ count, rowHeight, offset });
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  // Reads the element's position (and size, when the observer gives it) and draws again if the rows change. Only a
  // scroll says whether the view is flinging.
  const update = useCallback(
    (cause: { scrolled?: boolean; viewport?: number } = {}) => {
      const { scrolled = false, viewport } = cause;
      const element = scrollRef.current;
      if (!element) return;
      const v = view.current;
      const was = visibleRange(latest.current, v.scrollTop, v.viewport);
      v.scrollTop = element.scrollTop;
      if (viewport !== undefined) {
        v.viewport = viewport;
        v.measured = true;
      }
      const now = visibleRange(latest.current, v.scrollTop, v.viewport);
      if (scrolled) v.flinging = Math.abs(now.first - was.first) > now.last - now.first + 1;
      const d = drawn.current;
      if (now.first !== d.first || now.last !== d.last || overscanOf(v) !== d.overscan) redraw();
    },
    [scrollRef],
  );

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const onScroll = () => update({ scrolled: true });
    element.addEventListener('scroll', onScroll, { passive: true });
    // The content box leaves out a horizontal scrollbar, which would otherwise hide the last row's foot.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]?.contentRect;
            if (box) update({ viewport: Math.round(box.height) });
          });
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scrollRef, update]);

  // A shorter list moves the scroll position without a scroll event in some browsers (and the position read last
  // may be past its end): read it again after the paint, when that costs no layout.
  useEffect(() => update(), [count, rowHeight, offset, update]);

  const v = view.current;
  const range = visibleRange({ count, rowHeight, offset }, v.scrollTop, v.viewport);
  const overscan = overscanOf(v);
  const indexes = drawnIndexes(range, count, overscan, keep);
  useLayoutEffect(() => {
    latest.current = { count, rowHeight, offset };
    drawn.current = { ...range, overscan };
  });

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      // The height is the observer's, kept on every change of size (a scrollbar coming or going included).
      const to = scrollTopToShow(latest.current, index, {
        scrollTop: element.scrollTop,
        viewport: view.current.viewport,
        coveredTop,
      });
      if (to !== undefined) element.scrollTop = to;
    },
    [scrollRef, coveredTop],
  );
  return { indexes, scrollToIndex };
}

function overscanOf(v: View): number {
  return !v.measured ? 0 : v.flinging ? FLING_OVERSCAN : OVERSCAN;
}
