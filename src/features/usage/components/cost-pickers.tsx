/**
 * The window (a length, or a Budget's current period) and the grouping of a Cost view. The window is a row of
 * toggle buttons, the grouping a select with a free label key for any label the presets do not name.
 */
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import {
  groupChoices,
  isLabelKey,
  labelKeyOf,
  sameWindow,
  WINDOW_LENGTHS,
  type WindowChoice,
} from '../model/cost-view.ts';

const OTHER = '__label';

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        'rounded-md px-2.5 py-1 text-sm font-medium whitespace-nowrap',
        pressed ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}

export function WindowPicker({
  value,
  budgets,
  onChange,
}: {
  value: WindowChoice;
  /** Names of the project's Budgets: each offers its current period. */
  budgets: readonly string[];
  onChange: (next: WindowChoice) => void;
}) {
  return (
    <div role="group" aria-label="Window" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {WINDOW_LENGTHS.map((w) => (
        <Toggle
          key={w.value}
          pressed={sameWindow(value, { length: w.value })}
          onClick={() => onChange({ length: w.value })}
        >
          {w.label}
        </Toggle>
      ))}
      {budgets.map((name) => (
        <Toggle key={name} pressed={sameWindow(value, { budget: name })} onClick={() => onChange({ budget: name })}>
          {`Budget ${name}`}
        </Toggle>
      ))}
    </div>
  );
}

export function GroupByPicker({
  value,
  allProjects,
  onChange,
}: {
  value: string;
  allProjects: boolean;
  onChange: (next: string) => void;
}) {
  const choices = groupChoices(allProjects);
  const preset = choices.some((c) => c.value === value);
  const [other, setOther] = useState(!preset);
  const [draft, setDraft] = useState(preset ? '' : (labelKeyOf(value) ?? ''));
  // A new URL (back, a bookmark) shows its own grouping.
  useEffect(() => {
    const isPreset = choices.some((c) => c.value === value);
    if (!isPreset) {
      setOther(true);
      setDraft(labelKeyOf(value) ?? '');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const valid = isLabelKey(draft.trim());
  const apply = () => {
    if (valid) onChange(`label:${draft.trim()}`);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-2 text-sm text-slate-600">
        Group by
        <select
          value={other ? OTHER : value}
          onChange={(e) => {
            if (e.target.value === OTHER) {
              setOther(true);
              return;
            }
            setOther(false);
            onChange(e.target.value);
          }}
          className="rounded-md border border-slate-300 bg-white py-1 pr-8 pl-2.5 text-sm text-slate-900 focus:border-indigo-500 focus:ring-indigo-500"
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          <option value={OTHER}>Label key…</option>
        </select>
      </label>
      {other ? (
        <form
          className="flex items-center gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <input
            aria-label="Label key"
            aria-invalid={draft !== '' && !valid}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. cost-center"
            spellCheck={false}
            className={clsx(
              'w-44 rounded-md border bg-white px-2.5 py-1 font-mono text-sm text-slate-900',
              draft !== '' && !valid ? 'border-rose-400' : 'border-slate-300',
            )}
          />
          <button
            type="submit"
            disabled={!valid}
            className="rounded-md bg-indigo-600 px-2.5 py-1 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          >
            Apply
          </button>
        </form>
      ) : null}
    </div>
  );
}
