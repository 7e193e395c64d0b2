/**
 * The resource table: any kind's objects, sorted and filtered (TableView), with only the rows in view in the
 * DOM (src/lib/row-window.ts: every row has the same height, so nothing is measured). Keyboard: arrows or j/k move, Page
 * Up/Down, Home and End jump, Enter opens, Space or x ticks (Shift for a range), Escape clears the ticks; Left
 * and Right go through the row's label chips and cut-off values (Escape goes back to the row). The row under
 * the cursor stays mounted and focused however far it scrolls, so the keyboard never loses its place. The whole
 * table is one Tab stop.
 */
import { clsx } from 'clsx';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { isControlTarget, isTypingTarget, useHotkeys } from '@/lib/use-hotkeys.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { Selection } from '../hooks/use-selection.ts';
import type { Column } from '../kinds/registry.tsx';
import type { RowFlash } from '../table/row-flash.ts';
import { RowSlots } from '@/lib/row-slots.ts';
import { useRowWindow } from '@/lib/row-window.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import { objectKey } from '../table/snapshot-diff.ts';
import { cellStops } from './cell-stops.ts';
import type { CellPeekProps } from './cell-peek.tsx';
import { TableHeader, gridTemplate } from './table-header.tsx';
import { ROW_HEIGHT, TableRow } from './table-row.tsx';

export interface ResourceTableProps {
  kind: KindInfo;
  label: string;
  rows: readonly TableItem[];
  /** Changes whenever `rows` (an array updated in place) does. */
  version: number;
  columns: readonly Column[];
  /** Widths someone set, in pixels, by column id. */
  widths: Readonly<Record<string, number>>;
  onResize: (id: string, px: number) => void;
  /** ROW_HEIGHT, or COMPACT_ROW_HEIGHT for the compact density. */
  rowHeight: number;
  sort: { column: string; desc: boolean };
  onSort: (column: string) => void;
  selection: Selection;
  flash: RowFlash;
  hrefOf: (object: TableItem) => string;
  /** A row to put the cursor on as the table is drawn: a key pressed while it was not there yet. */
  startAt?: () => 'first' | 'last' | undefined;
}

// The tooltip for cut-off values: its code comes just after the table's own, which does not wait for it.
const { Component: CellPeek } = lazyPart<CellPeekProps>(() => import('./cell-peek.tsx').then((m) => m.CellPeek), {
  label: 'the cell tooltip',
  overlay: true,
});

const HEADER_HEIGHT = 34;
export function ResourceTable({
  kind,
  label,
  rows,
  version,
  columns,
  widths,
  onResize,
  rowHeight,
  sort,
  onSort,
  selection,
  flash,
  hrefOf,
  startAt,
}: ResourceTableProps) {
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Not while someone types in a field: the key was pressed on the page, and the field has the focus since.
  const [start] = useState(() =>
    rows.length > 0 && !isTypingTarget(document.activeElement) ? startAt?.() : undefined,
  );
  const [activeId, setActiveId] = useState<string | undefined>(() =>
    start ? objectKey(rows[start === 'last' ? rows.length - 1 : 0]!) : undefined,
  );
  const focusActive = useRef(start !== undefined);
  const rowSlots = useRef<RowSlots | null>(null);

  // Callbacks handed to memoised rows read the latest values through refs, so they never change.
  const latest = useRef({ rows, selection });
  useLayoutEffect(() => {
    latest.current = { rows, selection };
  });
  const onToggle = useCallback(
    (id: string, range: boolean) => latest.current.selection.toggle(id, range, latest.current.rows),
    [],
  );
  const onOpen = useCallback((href: string) => void navigate(href), [navigate]);
  const onActivate = useCallback((id: string) => setActiveId(id), []);

  const activeIndex = useMemo(
    () => (activeId === undefined ? -1 : rows.findIndex((o) => objectKey(o) === activeId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rows` is updated in place; `version` says when.
    [rows, version, activeId],
  );

  // The cursor's row stays drawn however far it scrolls, so the keyboard never loses its place.
  const { indexes, scrollToIndex } = useRowWindow(scrollRef, {
    count: rows.length,
    rowHeight,
    offset: HEADER_HEIGHT,
    coveredTop: HEADER_HEIGHT,
    keep: activeIndex,
  });

  useLayoutEffect(() => {
    if (!focusActive.current || activeIndex < 0) return;
    focusActive.current = false;
    scrollToIndex(activeIndex);
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-uid="${CSS.escape(activeId ?? '')}"]`)
      ?.focus({ preventScroll: true });
  }, [activeIndex, activeId, scrollToIndex]);

  // A row that left (deleted, filtered out) no longer holds the cursor.
  useEffect(() => {
    if (activeId !== undefined && activeIndex < 0) setActiveId(undefined);
  }, [activeId, activeIndex]);

  function move(to: number) {
    if (rows.length === 0) return;
    const index = Math.max(0, Math.min(rows.length - 1, to));
    focusActive.current = true;
    setActiveId(objectKey(rows[index]!));
  }

  // Left and Right inside the cursor's row: from the row to its first stop, along the stops, back to the row.
  function cellStep(delta: 1 | -1): HTMLElement | undefined {
    const focused = document.activeElement;
    const row = focused instanceof HTMLElement ? focused.closest<HTMLElement>('[role="row"][data-uid]') : null;
    if (!row || !scrollRef.current?.contains(row)) return undefined;
    const stops = cellStops(row);
    const at = focused === row ? -1 : stops.indexOf(focused as HTMLElement);
    return at + delta < 0 ? (focused === row ? undefined : row) : stops[at + delta];
  }
  const inCell = () => {
    const focused = document.activeElement;
    return (
      focused instanceof HTMLElement &&
      focused.getAttribute('role') !== 'row' &&
      !!focused.closest('[role="row"][data-uid]') &&
      !!scrollRef.current?.contains(focused)
    );
  };

  const active = activeIndex >= 0 ? rows[activeIndex] : undefined;
  const page = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 2);
  const onRow = (e: KeyboardEvent) =>
    active !== undefined && !isControlTarget(e.target) && !(e.target instanceof HTMLInputElement);
  // Document-wide like the console's other lists (src/lib/use-hotkeys.ts): never while typing in a field, never
  // under a modal dialog.
  useHotkeys(
    [
      { shortcut: 'list.next', handler: () => move(activeIndex + 1) },
      { shortcut: 'list.previous', handler: () => move(activeIndex < 0 ? 0 : activeIndex - 1) },
      { shortcut: 'list.pageDown', handler: () => move(activeIndex + page()) },
      { shortcut: 'list.pageUp', handler: () => move(activeIndex - page()) },
      { shortcut: 'list.first', handler: () => move(0) },
      { shortcut: 'list.last', handler: () => move(rows.length - 1) },
      { shortcut: 'list.open', when: onRow, handler: () => void navigate(hrefOf(active!)) },
      { shortcut: 'list.select', when: onRow, handler: (e) => selection.toggle(objectKey(active!), e.shiftKey, rows) },
      { shortcut: 'list.nextCell', when: () => cellStep(1) !== undefined, handler: () => cellStep(1)?.focus() },
      { shortcut: 'list.previousCell', when: () => cellStep(-1) !== undefined, handler: () => cellStep(-1)?.focus() },
      {
        shortcut: 'list.leaveCell',
        when: inCell,
        handler: () => (document.activeElement as HTMLElement).closest<HTMLElement>('[role="row"]')?.focus(),
      },
      { shortcut: 'list.clearSelection', when: () => selection.ids.size > 0, handler: () => selection.clear() },
    ],
    rows.length > 0,
  );

  const template = useMemo(() => gridTemplate(columns, widths), [columns, widths]);
  const shown = indexes.flatMap((index) => {
    const object = rows[index];
    return object ? [{ index, object, id: objectKey(object) }] : [];
  });
  rowSlots.current ??= new RowSlots();
  const slots = rowSlots.current.assign(shown.map((row) => row.id));
  const tabStop = activeIndex < 0 ? 0 : -1;
  const hintId = useId();

  return (
    <div
      data-columns=""
      className={clsx('flex min-h-0 flex-1 flex-col', rowHeight < ROW_HEIGHT ? 'text-[12.5px]' : 'text-[13px]')}
      style={{ '--cols': template.columns } as CSSProperties}
    >
      {/* The scrolling element is the table: a table's children must be rows and row groups (no labelled
          wrapper between), and a table may not be multiselectable (a grid may); rows carry aria-selected. */}
      <p id={hintId} hidden>
        Use the up and down arrow keys or j and k to move, left and right to reach the row’s labels and cut-off values,
        Enter to open, Space to select.
      </p>
      <div
        ref={scrollRef}
        role="table"
        aria-label={label}
        aria-describedby={hintId}
        aria-rowcount={rows.length + 1}
        tabIndex={tabStop}
        onFocus={(e) => {
          if (e.target === e.currentTarget && rows.length > 0 && activeIndex < 0) move(0);
        }}
        className="relative min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:ring-inset"
      >
        <TableHeader
          kind={kind}
          columns={columns}
          sort={sort}
          onSort={onSort}
          rows={rows}
          version={version}
          selection={selection}
          height={HEADER_HEIGHT}
          minWidth={template.minWidth}
          widths={widths}
          onResize={onResize}
        />
        <div
          role="rowgroup"
          style={{ height: rows.length * rowHeight, minWidth: template.minWidth }}
          className="relative"
        >
          {shown.map(({ index, object, id }, i) => {
            return (
              <TableRow
                key={slots[i]}
                object={object}
                id={id}
                index={index}
                selected={selection.ids.has(id)}
                active={id === activeId}
                columns={columns}
                height={rowHeight}
                href={hrefOf(object)}
                flash={flash}
                onToggle={onToggle}
                onOpen={onOpen}
                onActivate={onActivate}
              />
            );
          })}
        </div>
      </div>
      <CellPeek container={scrollRef} />
    </div>
  );
}
