/**
 * The URL's query, for controls bound to it. A navigation renders in a transition, so a checkbox or a select
 * bound to the URL would show its old value until that render commits, and a second click in that moment would
 * act on the old value. What was set is kept here until the address has caught up with it or moved elsewhere
 * (Back, Forward, a link):
 * - every setter builds on it, so two quick changes from two controls both land;
 * - with `immediate`, the caller also shows it at once, rendering outside the transition. Only for light
 *   controls: a table that redrew at once when a selector was committed on blur would move the row under a
 *   pointer about to click it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

export type SearchChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);
export type SetSearch = (change: SearchChange, options?: NavigateOptions) => void;

interface Pending {
  pathname: string;
  next: URLSearchParams;
  /** The queries on the way to `next`: while the address shows one of them, `next` is still on its way. */
  via: ReadonlySet<string>;
}

let pending: Pending | undefined;
const listeners = new Set<() => void>();

function setPending(next: Pending | undefined) {
  if (next === pending) return;
  pending = next;
  for (const listener of listeners) listener();
}

// Back and Forward go where the person asked, whatever was on its way.
if (typeof window !== 'undefined') window.addEventListener('popstate', () => setPending(undefined));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => pending;
const never = () => () => undefined;
const none = () => undefined;

function onItsWay(waiting: Pending | undefined, pathname: string, search: string): Pending | undefined {
  return waiting && waiting.pathname === pathname && waiting.via.has(search) ? waiting : undefined;
}

export function useSearchState(options?: { immediate?: boolean }): [URLSearchParams, SetSearch] {
  const immediate = options?.immediate ?? false;
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const waiting = useSyncExternalStore(immediate ? subscribe : never, immediate ? read : none, immediate ? read : none);
  const current = search.toString();

  // The address as committed: a render may be of one still on its way, and may never commit.
  const committed = useRef({ pathname: location.pathname, search: current });
  useLayoutEffect(() => {
    committed.current = { pathname: location.pathname, search: current };
  }, [location.pathname, current]);

  // Arrived or overtaken: forget it, so that a later visit to an address it passed through shows that address.
  useEffect(() => {
    if (pending && !onItsWay(pending, location.pathname, current)) setPending(undefined);
  }, [location, current, waiting]);

  const set = useCallback<SetSearch>(
    (change, navigateOptions) => {
      const { pathname, search: address } = committed.current;
      const before = onItsWay(pending, pathname, address);
      const base = before ? before.next : new URLSearchParams(address);
      const next = typeof change === 'function' ? change(new URLSearchParams(base)) : change;
      const via = new Set(before?.via ?? []);
      via.add(address);
      if (before) via.add(before.next.toString());
      via.delete(next.toString());
      setPending(via.size > 0 ? { pathname, next, via } : undefined);
      setSearch(next, navigateOptions);
    },
    [setSearch],
  );

  const shown = onItsWay(waiting, location.pathname, current)?.next ?? search;
  return [shown, set];
}
