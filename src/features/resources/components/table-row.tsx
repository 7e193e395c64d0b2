/**
 * One row of the resource table. Memoised on the object itself: under a stream of events only the rows whose
 * object changed render again. Its highlight after a change is played on the element by RowFlash, outside
 * React; the row only registers its element.
 */
import { clsx } from 'clsx';
import { memo, useCallback, type ChangeEvent } from 'react';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { Column } from '../kinds/registry.tsx';
import type { RowFlash } from '../table/row-flash.ts';
import { STOP } from './cells.tsx';

/** Row heights by density: compact shows about 25 rows in a 900 px high window. */
export const ROW_HEIGHT = 36;
export const COMPACT_ROW_HEIGHT = 22;

export interface RowProps {
  object: TableItem;
  id: string;
  /** Position among the rows shown, from 0. */
  index: number;
  selected: boolean;
  active: boolean;
  columns: readonly Column[];
  /** ROW_HEIGHT, or COMPACT_ROW_HEIGHT. */
  height: number;
  href: string;
  flash: RowFlash;
  /** Stable callbacks (the table keeps them in refs), so they never break the memo. */
  onToggle: (id: string, range: boolean) => void;
  onOpen: (href: string) => void;
  onActivate: (id: string) => void;
}

export const TableRow = memo(function TableRow({
  object,
  id,
  index,
  selected,
  active,
  columns,
  height,
  href,
  flash,
  onToggle,
  onOpen,
  onActivate,
}: RowProps) {
  const name = object.metadata.name ?? '';
  const register = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      flash.attach(id, element);
      return () => flash.detach(id, element);
    },
    [flash, id],
  );
  const deleting = object.metadata.deletionTimestamp !== undefined;

  return (
    <div
      ref={register}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-uid={id}
      data-active={active || undefined}
      tabIndex={active ? 0 : -1}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onActivate(id);
      }}
      onClick={(e) => {
        // Links, chips and the checkbox do their own thing.
        if ((e.target as HTMLElement).closest('a, button, input, label')) return;
        onOpen(href);
      }}
      // Placed by index (not by a measured offset), so a row renders again only when its index changes.
      style={{ height, transform: `translateY(${index * height}px)` }}
      className={clsx(
        // Contained: a row's style and layout never reach the others, so scrolling lays out only new rows.
        'absolute inset-x-0 top-0 grid cursor-pointer items-center [contain:layout_style_paint] border-b border-slate-100 [grid-template-columns:var(--cols)]',
        // The keyboard's row: a solid outline drawn inside the row (it is contained), plain at any width.
        active
          ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600'
          : clsx('outline-none', selected ? 'bg-indigo-50/70 hover:bg-indigo-50' : 'bg-white hover:bg-slate-50'),
        deleting && 'text-slate-400',
      )}
    >
      <div role="cell" className="flex items-center justify-center">
        <input
          type="checkbox"
          checked={selected}
          aria-label={`Select ${name}`}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            onToggle(id, (e.nativeEvent as MouseEvent).shiftKey === true);
            // The row, not the box, keeps the focus: the keyboard goes on from here (keys are ignored in inputs).
            e.currentTarget.closest<HTMLElement>('[role="row"]')?.focus({ preventScroll: true });
          }}
          tabIndex={-1}
          className="size-3.5 cursor-pointer rounded border-slate-300 accent-indigo-600"
        />
      </div>
      <div role="rowheader" className="flex min-w-0 items-center gap-2 pr-3">
        {/* A plain link, opened in the app by the row's onOpen: the router's <Link> runs eight hooks per row, a
            tenth of the table's first render. Its href is absolute (no basename), so the two are the same. */}
        <a
          href={href}
          tabIndex={-1}
          onClick={(e) => {
            // New tab, new window, download: the browser's own. A plain click: the app's navigation.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onOpen(href);
          }}
          data-peek=""
          className={clsx(
            'truncate rounded-sm font-medium hover:text-indigo-600 hover:underline',
            STOP,
            deleting ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900',
          )}
        >
          {name}
        </a>
      </div>
      {columns.map((column) => (
        <div
          key={column.id}
          role="cell"
          className={clsx(
            'flex min-w-0 items-center px-3 whitespace-nowrap',
            column.align === 'right' && 'justify-end',
          )}
        >
          {column.render(object)}
        </div>
      ))}
    </div>
  );
});
