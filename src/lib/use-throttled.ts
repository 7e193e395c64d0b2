/**
 * `value`, changed at most once per `ms`. A live list of events may change every frame; read at 60 renders a
 * second it spends the frame building and painting rows that scroll by unread. The first change after a quiet
 * spell shows before the next paint (a layout effect); changes after it wait for the rest of the interval, and the
 * latest of them is shown then.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(() => value);
  const shownAt = useRef(-Infinity);
  useLayoutEffect(() => {
    if (Object.is(value, shown)) return;
    const show = () => {
      shownAt.current = performance.now();
      setShown(() => value);
    };
    const wait = shownAt.current + ms - performance.now();
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, ms]);
  return shown;
}
