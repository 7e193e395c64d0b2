/**
 * The table's Columns and Export buttons, loaded after the table itself (kind-panel.tsx shows them disabled
 * until then); the chooser (column-chooser.tsx) loads when first opened and table/export.ts on an export.
 */
import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import type { RetryInfo } from '@/data/client/index.ts';
import type { ListWatchTarget } from '@/data/watch/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { Column } from '../kinds/registry.tsx';
import type { ColumnLayoutApi } from '../hooks/use-column-layout.ts';
import type { ExportFormat } from '../table/export.ts';

const ColumnChooser = lazy(() => import('./column-chooser.tsx'));

import { MENU_BUTTON as BUTTON } from './menu-button.ts';

export default function TableMenus({
  api,
  sampleRows,
  current,
  target,
  fileBase,
}: {
  api: ColumnLayoutApi;
  sampleRows: () => readonly TableItem[];
  current: () => { rows: readonly TableItem[]; columns: readonly Column[]; listed: number };
  /** Where the whole objects of the rows are read, for an export of them. */
  target: ListWatchTarget;
  fileBase: readonly string[];
}) {
  return (
    <>
      <ColumnsButton api={api} sampleRows={sampleRows} />
      <ExportMenu current={current} target={target} fileBase={fileBase} />
    </>
  );
}

/**
 * Which edge of the button a panel `width` wide hangs from: its right edge, as the buttons usually sit at the
 * toolbar's end, unless the panel would then reach past the page's left edge (under the sidebar), as when a
 * narrow window wraps the toolbar and the buttons start a line.
 */
function sideFor(button: HTMLElement | null, width: number): 'left-0' | 'right-0' {
  if (!button) return 'right-0';
  const left = button.closest('main')?.getBoundingClientRect().left ?? 0;
  return button.getBoundingClientRect().right - width < left ? 'left-0' : 'right-0';
}

/** Closes `open` on Escape (focus back to the button) and on a press outside `box`. */
function useDismiss(open: boolean, close: () => void, box: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close, box]);
}

export function ColumnsButton({ api, sampleRows }: { api: ColumnLayoutApi; sampleRows: () => readonly TableItem[] }) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'left-0' | 'right-0'>('right-0');
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => setOpen(false);
  useDismiss(open, close, box);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!matchesShortcut(e, 'overlay.close') || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div ref={box} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setSide(sideFor(button.current, 320));
          setOpen(!open);
        }}
        className={BUTTON}
      >
        Columns
      </button>
      {open ? (
        <Popover id={panelId} label="Columns" side={side}>
          <Suspense fallback={<p className="p-3 text-xs text-slate-500">Loading…</p>}>
            <ColumnChooser api={api} sampleRows={sampleRows} />
          </Suspense>
        </Popover>
      ) : null}
    </div>
  );
}

function Popover({ id, label, side, children }: { id: string; label: string; side: string; children: ReactNode }) {
  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      className={clsx('absolute top-9 z-30 w-80 rounded-lg border border-slate-200 bg-white shadow-lg', side)}
    >
      {children}
    </div>
  );
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (columns shown)' },
  { format: 'yaml', label: 'YAML (whole objects)' },
  { format: 'json', label: 'JSON (whole objects)' },
];

/**
 * Export: the rows shown, as the table has them when the item is chosen. `rows` and `columns` are read then,
 * not on every render. The CSV is of the rows themselves; YAML and JSON read the whole objects first, which the
 * button cancels meanwhile (leaving the page does too), and the note under it says what is read and any row
 * whose object went meanwhile.
 */
export function ExportMenu({
  current,
  target,
  fileBase,
}: {
  current: () => { rows: readonly TableItem[]; columns: readonly Column[]; listed: number };
  target: ListWatchTarget;
  fileBase: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'left-0' | 'right-0'>('right-0');
  // 'reading': the whole objects are on their way, and the button cancels them; 'building': the file is made.
  const [busy, setBusy] = useState<false | 'reading' | 'building'>(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  const reading = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => reading.current?.abort(), []);
  // What the export left out is said until the next press anywhere.
  const lasting = note !== undefined && busy === false;
  useEffect(() => {
    if (!lasting) return;
    const done = () => setNote(undefined);
    document.addEventListener('pointerdown', done);
    document.addEventListener('keydown', done);
    return () => {
      document.removeEventListener('pointerdown', done);
      document.removeEventListener('keydown', done);
    };
  }, [lasting]);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = () => setOpen(false);
  useDismiss(open, close, box);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  async function run(format: ExportFormat) {
    setOpen(false);
    button.current?.focus();
    // The objects are read first, and the button cancels that: it stays enabled (and focused).
    setBusy(format === 'csv' ? 'building' : 'reading');
    setProblem(undefined);
    setNote(undefined);
    const controller = new AbortController();
    reading.current = controller;
    const { signal } = controller;
    try {
      const { rows, columns, listed } = current();
      // The table's rows array is updated in place by the watch: the export is of this moment's rows.
      const snapshot = rows.slice();
      const [{ exportRows, exportFileName }, { apiTrouble, wholeObjects }] = await Promise.all([
        import('../table/export.ts'),
        import('../api/whole-objects.ts'),
      ]);
      if (signal.aborted) return;
      const file = exportFileName(fileBase, format);
      if (format === 'csv') await exportRows({ format, rows: snapshot, columns }, file);
      else {
        setNote(`Reading the ${snapshot.length.toLocaleString('en')} objects from the API…`);
        const onRetry = ({ error }: RetryInfo) =>
          setNote(`Reading the objects: the API ${apiTrouble(error)}; trying again…`);
        const whole = await wholeObjects(target, snapshot, { signal, onRetry, listed });
        if (signal.aborted) {
          setNote(undefined);
          return;
        }
        setBusy('building');
        await exportRows({ format, objects: whole.objects }, file);
        const gone = whole.gone.length;
        setNote(
          gone > 0
            ? `${gone.toLocaleString('en')} of the rows are no longer listed (deleted, or no longer matching the filters): the file leaves them out.`
            : undefined,
        );
      }
    } catch (e) {
      setNote(undefined);
      if (!signal.aborted) setProblem(`Could not export: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (reading.current === controller) reading.current = undefined;
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    if (!open) return;
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = matchesShortcut(e, 'menu.next')
      ? at + 1
      : matchesShortcut(e, 'menu.previous')
        ? at - 1
        : matchesShortcut(e, 'menu.first')
          ? 0
          : matchesShortcut(e, 'menu.last')
            ? -1
            : NaN;
    const escape = matchesShortcut(e, 'overlay.close');
    if (escape || matchesShortcut(e, 'menu.leave')) {
      if (escape) {
        e.preventDefault();
        e.stopPropagation();
        button.current?.focus();
      }
      setOpen(false);
      return;
    }
    if (Number.isNaN(to)) return;
    e.preventDefault();
    e.stopPropagation();
    items.at(to % items.length)?.focus();
  }

  return (
    <div ref={box} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup={busy === false ? 'menu' : undefined}
        aria-expanded={busy === false ? open : undefined}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy !== false || undefined}
        // Off while the file is built, yet focusable: a disabled button would drop the focus to the page.
        aria-disabled={busy === 'building' || undefined}
        onClick={() => {
          if (busy === 'building') return;
          if (busy === 'reading') {
            reading.current?.abort();
            setNote(undefined);
            return;
          }
          setSide(sideFor(button.current, 256));
          setOpen(!open);
        }}
        className={clsx(BUTTON, 'aria-disabled:cursor-wait aria-disabled:opacity-50')}
      >
        {busy === 'reading' ? 'Cancel export' : busy ? 'Exporting…' : 'Export'}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Export"
          className={clsx('absolute top-9 z-30 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg', side)}
        >
          {FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => void run(format)}
              className={clsx(
                'block w-full px-3 py-1.5 text-left text-[13px] text-slate-700 hover:bg-slate-50 focus:bg-indigo-50 focus:text-indigo-700 focus:outline-none',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className={clsx('absolute top-9 z-30 w-64 rounded bg-rose-50 p-2 text-xs text-rose-700', side)}>
          {problem}
        </p>
      ) : null}
      {note && !open ? (
        <p
          role="status"
          className={clsx(
            'absolute top-9 z-30 w-64 rounded bg-white p-2 text-xs text-slate-600 shadow-md ring-1 ring-slate-200',
            side,
          )}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
