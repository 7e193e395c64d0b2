/**
 * Reports go stale when a charge posts, and a charge shows as a value that moved (a costUSD, a Budget's spentUSD,
 * the sum of what runs has spent). This invalidates the queries it names when `value` moves, at most once per
 * `everyMs`, the last move included: charges post every few seconds on thousands of objects, and each report is
 * one request, not one per charge.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export interface StaleQueries {
  queryKey: readonly unknown[];
  /** Only the query with this exact key, not every query under it. */
  exact?: boolean;
}

export function useInvalidateOnChange(value: string, queries: readonly StaleQueries[], everyMs: number): void {
  const queryClient = useQueryClient();
  const state = useRef({ value, at: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  // By value: callers build the keys afresh on each render.
  const queriesText = JSON.stringify(queries);
  useEffect(() => {
    const s = state.current;
    if (s.value === value) return;
    s.value = value;
    if (s.timer !== undefined) return;
    s.timer = setTimeout(
      () => {
        s.timer = undefined;
        s.at = Date.now();
        for (const q of JSON.parse(queriesText) as StaleQueries[])
          void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: q.exact ?? false });
      },
      Math.max(0, s.at + everyMs - Date.now()),
    );
  }, [value, queriesText, everyMs, queryClient]);
  useEffect(
    () => () => {
      if (state.current.timer !== undefined) clearTimeout(state.current.timer);
    },
    [],
  );
}
