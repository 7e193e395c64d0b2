/** The window and grouping of a Cost view, kept in the URL's query so a view can be bookmarked and shared. */
import { useCallback } from 'react';
import { useSearchState } from '@/lib/use-search-state.ts';
import {
  defaultGroupBy,
  DEFAULT_WINDOW,
  parseGroupBy,
  parseWindow,
  sameWindow,
  windowParam,
  type WindowChoice,
} from '../model/cost-view.ts';

export function useCostParams(allProjects: boolean) {
  const [params, setParams] = useSearchState();
  const choice = parseWindow(params.get('window'));
  const groupBy = parseGroupBy(params.get('groupBy'), allProjects);
  // Defaults stay out of the URL: a plain link to the page is the default view.
  const set = useCallback(
    (name: 'window' | 'groupBy', value: string, isDefault: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (isDefault) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setWindow = useCallback(
    (next: WindowChoice) => set('window', windowParam(next), sameWindow(next, DEFAULT_WINDOW)),
    [set],
  );
  const setGroupBy = useCallback(
    (next: string) => set('groupBy', next, next === defaultGroupBy(allProjects)),
    [set, allProjects],
  );
  return { choice, groupBy, setWindow, setGroupBy };
}
