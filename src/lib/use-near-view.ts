/**
 * Whether an element has come near view yet (once true, it stays true): for work each row of a long list would
 * otherwise do at once, such as asking the API a question per row, that only matters for rows a person reaches.
 * Near is within a screenful of the area that scrolls it, or pointed at, or focused (`reach`).
 */
import { useCallback, useRef, useState } from 'react';

/** How far outside the scrolling area a row counts as near: a screenful of scrolling is asked ahead. */
const NEAR = '400px 0px';

/**
 * The nearest ancestor that scrolls up and down: a margin grows only the observer's root, so the root must be it.
 * An ancestor that scrolls only sideways (a wide table's) computes as `overflow-y: auto` too, hence the heights.
 */
function verticalScroller(element: Element): Element | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === 'auto' || overflowY === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return null;
}

/**
 * The rows of one table mount together and share a parent: its scroller is looked up once per commit, not once
 * per row. Forgotten after the commit, since a table that grows may come to scroll.
 */
let scrollers: Map<Element, Element | null> | undefined;
function scrollerOf(element: Element): Element | null {
  const parent = element.parentElement;
  if (!parent) return null;
  if (!scrollers) {
    scrollers = new Map();
    queueMicrotask(() => (scrollers = undefined));
  }
  let found = scrollers.get(parent);
  if (found === undefined) {
    found = verticalScroller(element);
    scrollers.set(parent, found);
  }
  return found;
}

/**
 * `within`: a selector for the ancestor to watch (a table row), so that a cell scrolled out of a wide table
 * sideways still counts as near when its row is.
 */
export function useNearView<E extends Element>(
  within?: string,
): {
  ref: (element: E | null) => void;
  near: boolean;
  reach: () => void;
} {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  const reach = useCallback(() => {
    observer.current?.disconnect();
    setNear(true);
  }, []);
  const ref = useCallback(
    (element: E | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const target = (within ? element.closest(within) : null) ?? element;
      const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach(), {
        root: scrollerOf(target),
        rootMargin: NEAR,
      });
      watch.observe(target);
      observer.current = watch;
    },
    [reach, within],
  );
  return { ref, near, reach };
}
