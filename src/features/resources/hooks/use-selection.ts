/**
 * Which rows are ticked, by uid (so a selection survives re-sorting and live changes): a click toggles one
 * row, a shift-click ticks the range from the last one clicked, and "select all" ticks every row shown.
 */
import { useCallback, useRef, useState } from 'react';
import type { TableItem } from '@/shared/printer-columns.ts';
import { objectKey } from '../table/snapshot-diff.ts';

const NONE: ReadonlySet<string> = new Set();

export interface Selection {
  ids: ReadonlySet<string>;
  /** `rows` are the rows shown, in order, for a shift-click range. */
  toggle: (id: string, range: boolean, rows: readonly TableItem[]) => void;
  setAll: (rows: readonly TableItem[]) => void;
  /** Exactly these (after a bulk action: the ones that failed, to try again). */
  select: (ids: Iterable<string>) => void;
  clear: () => void;
}

export function useSelection(): Selection {
  const [ids, setIds] = useState<ReadonlySet<string>>(NONE);
  const anchor = useRef<{ id: string; on: boolean } | undefined>(undefined);

  const toggle = useCallback((id: string, range: boolean, rows: readonly TableItem[]) => {
    setIds((current) => {
      const next = new Set(current);
      const from = range && anchor.current ? rows.findIndex((o) => objectKey(o) === anchor.current!.id) : -1;
      const to = from >= 0 ? rows.findIndex((o) => objectKey(o) === id) : -1;
      if (from >= 0 && to >= 0) {
        // The range takes the state the anchor row was given, as file managers do.
        const on = anchor.current!.on;
        for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
          const key = objectKey(rows[i]!);
          if (on) next.add(key);
          else next.delete(key);
        }
        return next;
      }
      const on = !next.has(id);
      if (on) next.add(id);
      else next.delete(id);
      anchor.current = { id, on };
      return next;
    });
  }, []);

  const setAll = useCallback((rows: readonly TableItem[]) => {
    anchor.current = undefined;
    setIds(new Set(rows.map(objectKey)));
  }, []);

  const select = useCallback((next: Iterable<string>) => {
    anchor.current = undefined;
    setIds(new Set(next));
  }, []);

  const clear = useCallback(() => {
    anchor.current = undefined;
    setIds(NONE);
  }, []);

  return { ids, toggle, setAll, select, clear };
}
