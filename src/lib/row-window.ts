/**
 * Which rows of a list of fixed-height rows to draw, and where to scroll to show one. Every row has the same
 * height, so a row's place is its index times that height: nothing is measured, and the arithmetic is all there
 * is to it. The resource table draws through `useRowWindow` (its first view loads no list library).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

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
  scrollTop: number;
  viewport: number;
  /** Laid out once: until then the view is taken to be the window's height, and nothing is drawn beyond it. */
  measured: boolean;
  /** The last scroll jumped more than a screen (a fling, a scrollbar drag, End): rows beyond the view are never
   * seen, since the next frame is elsewhere, so drawing them is left out; a slow scroll draws them again. */
  flinging: boolean;
}

/**
 * The rows of `scrollRef`'s list to draw, kept in step with its scrolling and its size, and a way to bring one
 * into view. The element renders again only when the rows to draw change, not on every scroll event; its size is
 * read when its ResizeObserver reports, after the browser has laid the page out anyway, so the first render
 * forces no layout.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  layout: Layout & { keep: number; coveredTop: number },
): { indexes: number[]; scrollToIndex: (index: number) => void } {
  const { count, rowHeight, offset, keep, coveredTop } = layout;
  const [view, setView] = useState<View>(() => ({
    scrollTop: 0,
    viewport: typeof window === 'undefined' ? 0 : window.innerHeight,
    measured: false,
    flinging: false,
  }));
  const latest = useRef<Layout>({ count, rowHeight, offset });
  useLayoutEffect(() => {
    latest.current = { count, rowHeight, offset };
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const update = (viewport?: number) =>
      setView((before) => {
        const next = {
          scrollTop: element.scrollTop,
          viewport: viewport ?? before.viewport,
          measured: before.measured || viewport !== undefined,
        };
        const was = visibleRange(latest.current, before.scrollTop, before.viewport);
        const now = visibleRange(latest.current, next.scrollTop, next.viewport);
        const flinging = Math.abs(now.first - was.first) > now.last - now.first + 1;
        const same =
          now.first === was.first &&
          now.last === was.last &&
          flinging === before.flinging &&
          next.measured === before.measured;
        // Returning the same state lets React skip the render.
        return same ? before : { ...next, flinging };
      });
    const onScroll = () => update();
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => update(Math.round(element.getBoundingClientRect().height)));
    observer?.observe(element, { box: 'content-box' });
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scrollRef]);

  const shape = { count, rowHeight, offset };
  const overscan = !view.measured ? 0 : view.flinging ? FLING_OVERSCAN : OVERSCAN;
  const indexes = drawnIndexes(visibleRange(shape, view.scrollTop, view.viewport), count, overscan, keep);

  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const to = scrollTopToShow(latest.current, index, {
        scrollTop: element.scrollTop,
        viewport: viewRef.current.viewport,
        coveredTop,
      });
      if (to !== undefined) element.scrollTop = to;
    },
    [scrollRef, coveredTop],
  );
  return { indexes, scrollToIndex };
}
