/**
 * The table's sort and filters, read from and written to the URL's search params (view-params.ts says how).
 * Choices someone may want to step back from (a sort, a selector, a phase) push a history entry; the text
 * filter replaces the current one, so typing a word is not ten steps of Back.
 */
import { useCallback, useMemo } from 'react';
import { useSearchState } from '@/lib/use-search-state.ts';
import { readTableParams, writeTableParams, type TableParams } from '../table/view-params.ts';

export type TableChange = Partial<TableParams> | ((current: TableParams) => Partial<TableParams>);

export interface TableParamsApi {
  params: TableParams;
  /** A change, or how to change the params as they are by then (two quick clicks: the second sees the first). */
  set: (change: TableChange, options?: { replace?: boolean }) => void;
}

export function useTableParams(): TableParamsApi {
  const [search, setSearch] = useSearchState();
  const params = useMemo(() => readTableParams(search), [search]);
  const set = useCallback(
    (change: TableChange, options?: { replace?: boolean }) => {
      setSearch(
        (current) =>
          writeTableParams(current, typeof change === 'function' ? change(readTableParams(current)) : change),
        { replace: options?.replace ?? false },
      );
    },
    [setSearch],
  );
  return { params, set };
}
