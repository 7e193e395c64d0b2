/**
 * A kind's columns as the person arranged them. The URL's `cols` wins when present (a shared link, a saved
 * view); else the layout remembered for the kind, which is then put in the URL too, so the link in the address
 * bar (and a view saved from it) holds what the table shows. A change is written to both: remembered for the
 * kind, and put in the URL in place of the current entry (a column is not a step of Back). A layout equal to the
 * default leaves the URL without `cols` and forgets the kind's entry.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchState } from '@/lib/use-search-state.ts';
import { EMPTY_LAYOUT, isEmptyLayout, normalise, visibleIds, type ColumnLayout } from '@/data/column-layout.ts';
import { setPreference, usePreference, usePreferencesStore } from '@/data/preferences.ts';
import { columnById, type Column } from '../kinds/registry.tsx';
import { COLS_PARAM, readColumnsParam, writeColumnsParam } from '../table/view-params.ts';

export interface ColumnLayoutApi {
  /** Every column the kind has by default (the chooser lists them), in default order. */
  all: readonly Column[];
  /** The columns shown, in order; the same array while only widths change, so rows do not render again. */
  columns: readonly Column[];
  widths: Readonly<Record<string, number>>;
  layout: ColumnLayout;
  set: (layout: ColumnLayout) => void;
}

export function useColumnLayout(kind: string, all: readonly Column[]): ColumnLayoutApi {
  const [search, setSearch] = useSearchState({ immediate: true });
  const cols = search.get(COLS_PARAM);
  const defaults = useMemo(() => all.map((c) => c.id), [all]);
  const remembered = usePreference('columnLayouts')[kind];
  const layout = useMemo(() => {
    const fromUrl = cols === null ? undefined : readColumnsParam(new URLSearchParams({ [COLS_PARAM]: cols }), defaults);
    // Widths are optional in the URL: a column it does not size keeps the width remembered for it.
    return fromUrl
      ? { ...fromUrl, widths: { ...remembered?.widths, ...fromUrl.widths } }
      : (remembered ?? EMPTY_LAYOUT);
  }, [cols, defaults, remembered]);

  useEffect(() => {
    if (cols !== null || !remembered || isEmptyLayout(remembered)) return;
    setSearch((current) => writeColumnsParam(current, defaults, remembered), { replace: true });
  }, [cols, remembered, defaults, setSearch]);

  const shownKey = visibleIds(defaults, layout).join(',');
  const columns = useMemo(
    () => (shownKey === '' ? [] : shownKey.split(',').flatMap((id) => columnById(all, id) ?? [])),
    [all, shownKey],
  );

  const set = useCallback(
    (next: ColumnLayout) => {
      const clean = normalise(next);
      const { [kind]: _, ...others } = usePreferencesStore.getState().values.columnLayouts;
      setPreference('columnLayouts', isEmptyLayout(clean) ? others : { ...others, [kind]: clean });
      setSearch((current) => writeColumnsParam(current, defaults, clean), { replace: true });
    },
    [kind, defaults, setSearch],
  );

  return { all, columns, widths: layout.widths, layout, set };
}
