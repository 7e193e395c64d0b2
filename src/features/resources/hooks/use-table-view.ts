/**
 * The React binding of TableView: the rows for a watch snapshot, a sort and a text filter, worked out once per
 * snapshot (not per render; from the snapshot's changes when it has them), plus the RowFlash that marks the rows
 * whose objects just changed.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TableItem } from '@/shared/printer-columns.ts';
import { nameSortValue, type Column } from '../kinds/registry.tsx';
import { RowFlash } from '../table/row-flash.ts';
import { SearchWarmer, textMatcher } from '../table/search.ts';
import { objectKey } from '../table/snapshot-diff.ts';
import { TableView, type TableSource, type ViewResult, type ViewSpec } from '../table/table-view.ts';

export function useTableView(
  /** An array, or a watch's snapshot (whose changes are applied without reading all its objects). */
  objects: readonly TableItem[] | TableSource<TableItem>,
  /** Whether `items` is a whole list (the watch's `synced`): until then nothing counts as a change. */
  synced: boolean,
  columns: readonly Column[],
  sort: { column: string; desc: boolean },
  query: string,
  /** The rows come from several projects: the text filter matches project names too. */
  acrossProjects = false,
): ViewResult<TableItem> & { flash: RowFlash } {
  const [view] = useState(() => new TableView<TableItem>());
  const [flash] = useState(() => new RowFlash());
  useEffect(() => () => flash.dispose(), [flash]);

  const spec = useMemo((): ViewSpec<TableItem> => {
    const column = columns.find((c) => c.id === sort.column && c.sortValue);
    const key = column?.sortValue ?? nameSortValue;
    const sortId = `${column?.id ?? 'name'}\n${sort.desc}`;
    return {
      id: `${sortId}\n${query}`,
      key,
      desc: sort.desc,
      match: textMatcher(query, acrossProjects),
      narrowing: { sort: sortId, query },
    };
  }, [columns, sort.column, sort.desc, query, acrossProjects]);

  // TableView.update is idempotent for the same snapshot and spec, so calling it while rendering is safe even
  // when React renders twice.
  const result = useMemo(() => view.update(objects, spec), [view, objects, spec]);

  // The text filter is prepared in idle time while a list arrives (page by page) and once it is whole; later
  // versions of objects are prepared when a filter first needs them.
  const [warmer] = useState(() => new SearchWarmer());
  useEffect(() => () => warmer.stop(), [warmer]);
  const warmed = useRef(false);
  useEffect(() => {
    if (!synced) warmed.current = false;
    if (warmed.current) return;
    const items = Array.isArray(objects) ? objects : (objects as TableSource<TableItem>).items;
    if (items.length > 0) warmer.extend(items);
    if (synced) warmed.current = true;
  }, [synced, objects, warmer]);

  // Before paint, so the highlight starts in the frame the new values appear. The first whole list (and the
  // first after a new selector opened another watch) arrives all at once: that is loading, not change.
  const wasSynced = useRef(false);
  useLayoutEffect(() => {
    if (wasSynced.current && result.changed.length > 0) flash.mark(result.changed.map(objectKey));
    wasSynced.current = synced;
  }, [result, flash, synced]);

  return { ...result, flash };
}
