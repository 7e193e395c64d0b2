/**
 * `useSearchParams`, except that what was just set shows at once. A navigation renders in a transition, so a
 * control bound to the URL (a checkbox, a select, a sort) would show its old value until that render commits,
 * and a second click in that moment would act on the old value. The params set are shown until the URL has
 * caught up with them, or has moved somewhere else (Back, a link). There is one address, so every user of the
 * hook shares what is on its way: a sort clicked just after a column was hidden keeps the column hidden.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

export type SearchChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);
export type SetSearch = (change: SearchChange, options?: NavigateOptions) => void;

interface Pending {
  next: URLSearchParams;
  /** The queries on the way to `next`: while the address shows one of them, `next` is still on its way. */
  via: ReadonlySet<string>;
}

let pending: Pending | undefined;
const listeners = new Set<() => void>();

function setPending(next: Pending | undefined) {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => pending;

function shownFor(waiting: Pending | undefined, search: URLSearchParams): URLSearchParams {
  return waiting && waiting.via.has(search.toString()) ? waiting.next : search;
}

export function useSearchState(): [URLSearchParams, SetSearch] {
  const [search, setSearch] = useSearchParams();
  const waiting = useSyncExternalStore(subscribe, read, read);
  const current = search.toString();
  // The address as rendered, not window.location: that moves at once, while the render of it may be on its way.
  const rendered = useRef(current);
  rendered.current = current;

  // Arrived or overtaken: forget it, so that Back to an address it passed through later shows that address.
  useEffect(() => {
    if (pending && !pending.via.has(current)) setPending(undefined);
  }, [current, waiting]);

  const set = useCallback<SetSearch>(
    (change, options) => {
      const address = rendered.current;
      const onItsWay = pending && pending.via.has(address) ? pending : undefined;
      const before = onItsWay ? onItsWay.next : new URLSearchParams(address);
      const next = typeof change === 'function' ? change(new URLSearchParams(before)) : change;
      const via = new Set(onItsWay?.via ?? []);
      via.add(address);
      if (onItsWay) via.add(onItsWay.next.toString());
      via.delete(next.toString());
      setPending({ next, via });
      setSearch(next, options);
    },
    [setSearch],
  );
  return [shownFor(waiting, search), set];
}
