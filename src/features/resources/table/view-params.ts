/**
 * How a table's sort and filters live in the URL (`?sort=-cost&q=train&labels=team%3Dnlp&phase=Running`), so
 * a view can be bookmarked and shared and back/forward step through it. Defaults are left out of the URL.
 * The columns too, as `cols` (readColumnsParam): when present it wins over the layout remembered for the kind.
 */
import { isEmptyLayout, layoutShowing, parseCols, serializeCols, type ColumnLayout } from '@/data/column-layout.ts';

export interface TableParams {
  /** A column id; `name` by default. */
  sort: string;
  desc: boolean;
  /** Text filter, applied in the browser. */
  q: string;
  /** Sent to the API as `labelSelector`. */
  labels: string;
  /** Sent to the API as `fieldSelector=status.phase=<phase>`. */
  phase: string;
}

export const DEFAULT_SORT = 'name';

export function readTableParams(search: URLSearchParams): TableParams {
  const sort = search.get('sort') ?? '';
  const desc = sort.startsWith('-');
  return {
    sort: (desc ? sort.slice(1) : sort) || DEFAULT_SORT,
    desc,
    q: search.get('q') ?? '',
    labels: search.get('labels') ?? '',
    phase: search.get('phase') ?? '',
  };
}

/** `search` with `change` applied; other parameters (the shell's) are kept. */
export function writeTableParams(search: URLSearchParams, change: Partial<TableParams>): URLSearchParams {
  const next = new URLSearchParams(search);
  const current = readTableParams(search);
  const merged = { ...current, ...change };
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('sort', merged.sort === DEFAULT_SORT && !merged.desc ? '' : `${merged.desc ? '-' : ''}${merged.sort}`);
  set('q', merged.q);
  set('labels', merged.labels.trim());
  set('phase', merged.phase);
  return next;
}

/** The field selector a phase filter sends; undefined for every phase. */
export function phaseFieldSelector(phase: string): string | undefined {
  return phase ? `status.phase=${phase}` : undefined;
}

/** The search parameter that holds a table's columns: `cols=phase,label:team@160,cost` (see column-layout.ts). */
export const COLS_PARAM = 'cols';

/**
 * The column layout the URL asks for, given the ids of the kind's default columns (without `name`); undefined
 * when the URL says nothing about columns. Every column the URL does not list is hidden.
 */
export function readColumnsParam(search: URLSearchParams, defaults: readonly string[]): ColumnLayout | undefined {
  const cols = parseCols(search.get(COLS_PARAM));
  return cols && layoutShowing(defaults, cols.visible, cols.widths);
}

/** `search` with its `cols` set to `layout`, or removed when `layout` is the default; other parameters kept. */
export function writeColumnsParam(
  search: URLSearchParams,
  defaults: readonly string[],
  layout: ColumnLayout | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (layout === undefined || isEmptyLayout(layout)) next.delete(COLS_PARAM);
  else next.set(COLS_PARAM, serializeCols(defaults, layout));
  return next;
}
