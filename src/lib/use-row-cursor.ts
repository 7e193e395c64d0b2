/**
 * A keyboard cursor over the rows of a list: j / ↓ and k / ↑ move it, Enter opens the row under it. The row
 * under it takes the focus and carries aria-current, so the cursor is visible and announced.
 */
import { useEffect, useRef, useState } from 'react';
import { isControlTarget, useHotkeys } from './use-hotkeys.ts';

export function useRowCursor(count: number, open: (index: number) => void) {
  const [active, setActive] = useState(-1);
  const rows = useRef(new Map<number, HTMLElement>());
  const index = Math.min(active, count - 1);

  const move = (delta: number) => setActive((i) => Math.max(0, Math.min(count - 1, Math.min(i, count - 1) + delta)));
  useHotkeys(
    [
      { shortcut: 'list.next', handler: () => move(1) },
      { shortcut: 'list.previous', handler: () => move(-1) },
      { shortcut: 'list.open', when: (e) => index >= 0 && !isControlTarget(e.target), handler: () => open(index) },
    ],
    count > 0,
  );

  useEffect(() => {
    // Focus follows the cursor, so Enter lands on the row and a screen reader reads it.
    if (index >= 0) rows.current.get(index)?.focus();
  }, [index]);

  return {
    active: index,
    rowProps: (i: number) => ({
      'aria-current': i === index ? ('true' as const) : undefined,
      tabIndex: -1,
      ref: (el: HTMLElement | null) => {
        if (el) rows.current.set(i, el);
        else rows.current.delete(i);
      },
    }),
  };
}
