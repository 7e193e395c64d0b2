/**
 * The column chooser (loaded when first opened): a box per column to show or hide it, Move up and Move down to
 * reorder, a label key to add as a column of its own, the row density, and a reset to the kind's defaults.
 * Every change is kept at once (use-column-layout.ts says where).
 */
import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { EMPTY_LAYOUT, isLabelKey, labelColumnId, labelKeyOf, visibleIds } from '@/data/column-layout.ts';
import { withLabel, withMoved, withoutLabel, withShown } from '@/data/column-edits.ts';
import { setPreference, usePreference } from '@/data/preferences.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { ColumnLayoutApi } from '../hooks/use-column-layout.ts';
import { columnById } from '../kinds/registry.tsx';

/** Rows read for label keys to suggest: enough to see a project's usual keys, never all 50,000. */
const SAMPLE = 500;

export default function ColumnChooser({
  api,
  sampleRows,
}: {
  api: ColumnLayoutApi;
  sampleRows: () => readonly TableItem[];
}) {
  const { all, layout, set } = api;
  const defaults = useMemo(() => all.map((c) => c.id), [all]);
  const visible = visibleIds(defaults, layout);
  const hidden = [...defaults, ...layout.labels.map(labelColumnId)].filter((id) => !visible.includes(id));
  const entries = [...visible, ...hidden];
  const density = usePreference('tableDensity');

  // A moved column's button keeps the focus although its row moved.
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (!refocus.current) return;
    const target = list.current?.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(refocus.current)}"]`);
    refocus.current = undefined;
    if (target && !target.disabled) target.focus();
    else list.current?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)')?.focus();
  });

  const suggestions = useMemo(() => {
    const keys = new Set<string>();
    for (const o of sampleRows().slice(0, SAMPLE)) for (const k of Object.keys(o.metadata.labels ?? {})) keys.add(k);
    return [...keys].filter((k) => !layout.labels.includes(k)).sort();
  }, [sampleRows, layout.labels]);

  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  function addLabel(e: FormEvent) {
    e.preventDefault();
    const key = draft.trim();
    if (!isLabelKey(key)) {
      setProblem(
        'A label key: letters, digits, -, _ and ., with an optional prefix and /, e.g. team or nodus.dev/owner.',
      );
      return;
    }
    setProblem(undefined);
    setDraft('');
    set(withLabel(defaults, layout, key));
  }

  return (
    <div className="p-3 text-[13px]">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Columns</h2>
      <ul ref={list} aria-label="Columns" className="max-h-72 space-y-0.5 overflow-auto">
        <li className="flex items-center gap-2 px-1 py-0.5 text-slate-500">
          <input type="checkbox" checked disabled aria-label="Name (always shown)" className="size-3.5" />
          <span className="flex-1">Name</span>
        </li>
        {entries.map((id) => {
          const column = columnById(all, id);
          if (!column) return null;
          const label = labelKeyOf(id);
          const shown = visible.includes(id);
          const at = visible.indexOf(id);
          const header = label !== undefined ? `Label ${label}` : column.header;
          return (
            <li key={id} className="flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-50">
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  checked={shown}
                  onChange={(e) => set(withShown(layout, id, e.target.checked))}
                  className="size-3.5 accent-indigo-600"
                />
                <span className={label !== undefined ? 'truncate font-mono text-[12px]' : 'truncate'}>{header}</span>
              </label>
              <MoveButton
                id={id}
                header={header}
                direction="up"
                disabled={!shown || at === 0}
                onMove={() => {
                  refocus.current = `${id}:up`;
                  set(withMoved(defaults, layout, id, -1));
                }}
              />
              <MoveButton
                id={id}
                header={header}
                direction="down"
                disabled={!shown || at === visible.length - 1}
                onMove={() => {
                  refocus.current = `${id}:down`;
                  set(withMoved(defaults, layout, id, 1));
                }}
              />
              {label !== undefined ? (
                <button
                  type="button"
                  aria-label={`Remove the ${label} label column`}
                  onClick={() => set(withoutLabel(layout, label))}
                  className="rounded px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                >
                  ×
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <form onSubmit={addLabel} className="mt-3 border-t border-slate-100 pt-3">
        <label htmlFor="column-label-key" className="mb-1 block text-xs font-medium text-slate-600">
          Add a label as a column
        </label>
        <div className="flex gap-2">
          <input
            id="column-label-key"
            list="column-label-keys"
            value={draft}
            spellCheck={false}
            autoCapitalize="off"
            placeholder="team"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'column-label-problem' : undefined}
            onChange={(e) => setDraft(e.target.value)}
            className="h-7 min-w-0 flex-1 rounded border border-slate-200 px-2 font-mono text-[12px] focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          />
          <datalist id="column-label-keys">
            {suggestions.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
          <button
            type="submit"
            className="h-7 rounded bg-indigo-600 px-2.5 text-xs font-medium text-white hover:bg-indigo-700"
          >
            Add column
          </button>
        </div>
        {problem ? (
          <p id="column-label-problem" aria-live="polite" className="mt-1 text-xs text-rose-700">
            {problem}
          </p>
        ) : null}
      </form>
      <fieldset className="mt-3 border-t border-slate-100 pt-3">
        <legend className="mb-1 text-xs font-medium text-slate-600">Density</legend>
        <div className="flex gap-4">
          {(['comfortable', 'compact'] as const).map((d) => (
            <label key={d} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="table-density"
                checked={density === d}
                onChange={() => setPreference('tableDensity', d)}
                className="accent-indigo-600"
              />
              {d === 'compact' ? 'Compact' : 'Comfortable'}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        onClick={() => set(EMPTY_LAYOUT)}
        className="mt-3 text-xs font-medium text-indigo-600 hover:text-indigo-500"
      >
        Reset columns to the defaults
      </button>
    </div>
  );
}

function MoveButton({
  id,
  header,
  direction,
  disabled,
  onMove,
}: {
  id: string;
  header: string;
  direction: 'up' | 'down';
  disabled: boolean;
  onMove: () => void;
}) {
  return (
    <button
      type="button"
      data-move={`${id}:${direction}`}
      aria-label={`Move ${header} ${direction}`}
      disabled={disabled}
      onClick={onMove}
      className="rounded px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 disabled:opacity-30"
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" className="size-3">
        <path
          d={direction === 'up' ? 'M3 7.5 6 4.5 9 7.5' : 'M3 4.5 6 7.5 9 4.5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
    </button>
  );
}
