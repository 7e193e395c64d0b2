/**
 * The handle at a column header's right edge: drag it, or focus it and press Left or Right (Shift for bigger
 * steps). While dragging, only the table's `--cols` variable changes, on the element, outside React: no row
 * renders per pixel. The width is kept when the drag ends or a key is pressed.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampWidth, MAX_WIDTH, MIN_WIDTH } from '@/data/column-layout.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';

/** Pixels per arrow key, and with Shift. */
const STEP = 16;
const BIG_STEP = 64;

export function ResizeHandle({
  id,
  header,
  width,
  estimate,
  template,
  onResize,
}: {
  id: string;
  header: string;
  /** The width set for the column, if one was. */
  width: number | undefined;
  /** About how wide the column is by default, for assistive technology (a key press measures it). */
  estimate: number;
  /** The grid template with this column at `px` wide: what a drag shows before it is kept. */
  template: (id: string, px: number) => string;
  onResize: (id: string, px: number) => void;
}) {
  const drag = useRef<{ x: number; start: number; px: number } | undefined>(undefined);
  // Keys pressed faster than the table renders build on each other, not on the width of the last render.
  const keyed = useRef<{ from: number | undefined; px: number } | undefined>(undefined);
  const cellWidth = (handle: HTMLElement) => handle.parentElement?.getBoundingClientRect().width ?? 0;
  const preview = (handle: HTMLElement, px: number) =>
    handle.closest<HTMLElement>('[data-columns]')?.style.setProperty('--cols', template(id, px));

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const start = cellWidth(e.currentTarget);
    drag.current = { x: e.clientX, start, px: start };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    d.px = clampWidth(d.start + e.clientX - d.x);
    preview(e.currentTarget, d.px);
  }
  function onPointerUp() {
    const d = drag.current;
    drag.current = undefined;
    if (d && d.px !== Math.round(d.start)) onResize(id, d.px);
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const sign = matchesShortcut(e, 'column.wider') ? 1 : matchesShortcut(e, 'column.narrower') ? -1 : 0;
    if (sign === 0) return;
    e.preventDefault();
    // The table's own arrow keys move its rows: not from here.
    e.stopPropagation();
    const last = keyed.current;
    const current = last !== undefined && last.from === width ? last.px : (width ?? cellWidth(e.currentTarget));
    const px = clampWidth(current + sign * (e.shiftKey ? BIG_STEP : STEP));
    keyed.current = { from: width, px };
    onResize(id, px);
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${header} column`}
      aria-valuenow={width ?? estimate}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      aria-valuetext={width === undefined ? 'default width' : `${width} pixels`}
      tabIndex={0}
      data-resize={id}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = undefined)}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      className="group/resize absolute top-1 right-0 bottom-1 z-10 flex w-2 cursor-col-resize touch-none justify-center outline-none"
    >
      <span className="h-full w-px bg-slate-200 group-hover/resize:w-0.5 group-hover/resize:bg-indigo-400 group-focus-visible/resize:w-0.5 group-focus-visible/resize:bg-indigo-600" />
    </div>
  );
}
