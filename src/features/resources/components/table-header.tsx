/**
 * The table's header row: a box that ticks every row shown (after filtering), and a sort button per sortable
 * column with `aria-sort` on its header. Sticky inside the table's scroll area, so it stays put and scrolls
 * sideways with the rows.
 */
import { clsx } from 'clsx';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { Selection } from '../hooks/use-selection.ts';
import type { Column } from '../kinds/registry.tsx';
import { objectKey } from '../table/snapshot-diff.ts';
import { formatCount } from '@/lib/format.ts';
import { ResizeHandle } from './column-resize.tsx';

const SELECT_WIDTH = '2.5rem';
const NAME_WIDTH = 'minmax(13rem, 1.6fr)';

/**
 * The grid tracks every row shares, and the width below which the table scrolls sideways. A column someone
 * resized is that many pixels wide.
 */
export function gridTemplate(
  columns: readonly Column[],
  sized: Readonly<Record<string, number>> = {},
): { columns: string; minWidth: string } {
  const track = (id: string, width: string) => (sized[id] !== undefined ? `${sized[id]}px` : width);
  const widths = [SELECT_WIDTH, track('name', NAME_WIDTH), ...columns.map((c) => track(c.id, c.width))];
  const rem = widths.reduce((sum, w) => sum + Number(/([\d.]+)rem/.exec(w)?.[1] ?? 0), 0);
  const px = widths.reduce((sum, w) => sum + Number(/^(\d+)px$/.exec(w)?.[1] ?? 0), 0);
  // Cells pad inside their tracks, so the tracks' minimums are the whole minimum.
  return { columns: widths.join(' '), minWidth: px ? `calc(${rem}rem + ${px}px)` : `${rem}rem` };
}

/** A column's default width in pixels, about: its track's smallest size in rem. */
function estimateWidth(track: string): number {
  const rem = Number(/([\d.]+)rem/.exec(track)?.[1] ?? 10);
  return Math.round(rem * 16);
}

/** Memoised: scrolling re-renders the table, never its header. */
export const TableHeader = memo(function TableHeader({
  kind,
  columns,
  sort,
  onSort,
  rows,
  selection,
  height,
  minWidth,
  widths,
  onResize,
}: {
  kind: KindInfo;
  columns: readonly Column[];
  /** Widths someone set, by column id. */
  widths: Readonly<Record<string, number>>;
  onResize: (id: string, px: number) => void;
  sort: { column: string; desc: boolean };
  onSort: (column: string) => void;
  rows: readonly TableItem[];
  /** `rows` is updated in place: this says when. */
  version: number;
  selection: Selection;
  height: number;
  minWidth: string;
}) {
  const some = selection.ids.size > 0;
  // Cheap in the common cases: nothing ticked, or fewer ticked than shown.
  const all =
    rows.length > 0 && selection.ids.size >= rows.length && rows.every((o) => selection.ids.has(objectKey(o)));
  const box = useRef<HTMLInputElement>(null);
  const template = (id: string, px: number) => gridTemplate(columns, { ...widths, [id]: px }).columns;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some && !all;
  }, [some, all]);

  return (
    <div role="rowgroup" className="sticky top-0 z-10" style={{ minWidth }}>
      <div
        role="row"
        aria-rowindex={1}
        style={{ height }}
        className="grid items-center border-b border-slate-200 bg-slate-50 text-[11px] font-semibold tracking-wide text-slate-500 uppercase [grid-template-columns:var(--cols)]"
      >
        <div role="columnheader" className="flex items-center justify-center">
          <input
            ref={box}
            type="checkbox"
            checked={all}
            disabled={rows.length === 0}
            aria-label={`Select all ${formatCount(rows.length)} ${rows.length === 1 ? kind.singular : kind.plural} shown`}
            onChange={() => (all ? selection.clear() : selection.setAll(rows))}
            className="size-3.5 cursor-pointer rounded border-slate-300 accent-indigo-600"
          />
        </div>
        <SortHeader id="name" header="Name" sort={sort} onSort={onSort} sortable>
          <ResizeHandle
            id="name"
            header="Name"
            width={widths.name}
            estimate={208}
            template={template}
            onResize={onResize}
          />
        </SortHeader>
        {columns.map((c) => (
          <SortHeader
            key={c.id}
            id={c.id}
            header={c.header}
            sort={sort}
            onSort={onSort}
            sortable={!!c.sortValue}
            align={c.align}
          >
            <ResizeHandle
              id={c.id}
              header={c.header}
              width={widths[c.id]}
              estimate={estimateWidth(c.width)}
              template={template}
              onResize={onResize}
            />
          </SortHeader>
        ))}
      </div>
    </div>
  );
});

function SortHeader({
  id,
  header,
  sort,
  onSort,
  sortable,
  align,
  children,
}: {
  id: string;
  header: string;
  /** The column's resize handle. */
  children?: ReactNode;
  sort: { column: string; desc: boolean };
  onSort: (column: string) => void;
  sortable: boolean;
  align?: 'right' | undefined;
}) {
  const sorted = sort.column === id;
  const ariaSort = sorted ? (sort.desc ? 'descending' : 'ascending') : sortable ? 'none' : undefined;
  return (
    <div
      role="columnheader"
      aria-sort={ariaSort}
      className={clsx(
        'relative flex min-w-0 items-center',
        id === 'name' ? 'pr-3' : 'px-3',
        align === 'right' && 'justify-end',
      )}
    >
      {sortable ? (
        <button
          type="button"
          onClick={() => onSort(id)}
          title={`Sort by ${header.toLowerCase()}`}
          className={clsx(
            'group -mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/60 hover:text-slate-800',
            sorted && 'text-slate-900',
            align === 'right' && 'flex-row-reverse',
          )}
        >
          {header}
          <SortArrow direction={sorted ? (sort.desc ? 'desc' : 'asc') : undefined} />
        </button>
      ) : (
        <span>{header}</span>
      )}
      {children}
    </div>
  );
}

function SortArrow({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  return (
    <svg
      viewBox="0 0 12 12"
      aria-hidden="true"
      className={clsx('size-3', direction ? 'text-indigo-600' : 'text-slate-300 opacity-0 group-hover:opacity-100')}
    >
      {direction === 'desc' ? (
        <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <path d="M3 7.5 6 4.5 9 7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}
