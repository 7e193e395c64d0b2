/**
 * One field both sides changed: the three values side by side, and the person's choice (take mine, take theirs,
 * or type a value). A chosen value is shown in green with what it came from.
 */
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { deepEqual, type MergeConflict } from '../model/merge/index.ts';
import { parseValue } from '../model/edit-yaml.ts';
import { formatValue, SIDES, ValueView } from './value-view.tsx';

const KIND_TEXT: Record<MergeConflict['kind'], string> = {
  'both-changed': 'You and the server both changed this field, to different values.',
  'both-added': 'You and the server both added this field, with different values.',
  'mine-removed': 'You removed this field; the server changed it.',
  'theirs-removed': 'The server removed this field; you changed it.',
};

export interface ConflictCardProps {
  conflict: MergeConflict;
  onResolve: (value: unknown) => void;
  onReopen: () => void;
}

function describeChoice(conflict: MergeConflict): string {
  const value = conflict.resolution?.value;
  if (deepEqual(value, conflict.mine)) return value === undefined ? 'Removed, as in your edit' : 'Your value';
  if (deepEqual(value, conflict.theirs))
    return value === undefined ? 'Removed, as on the server' : "The server's value";
  return value === undefined ? 'Removed' : 'A value you typed';
}

export function ConflictCard({ conflict, onResolve, onReopen }: ConflictCardProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const titleId = useId();
  const inputId = useId();
  const resolved = conflict.resolution !== undefined;

  const startEdit = () => {
    setDraft(formatValue(conflict.resolution ? conflict.resolution.value : conflict.mine));
    setProblem(undefined);
    setEditing(true);
  };
  const applyEdit = () => {
    const parsed = parseValue(draft);
    if (!parsed.ok) {
      setProblem(`Line ${parsed.problem.line}, column ${parsed.problem.column}: ${parsed.problem.message}`);
      return;
    }
    onResolve(parsed.value);
    setEditing(false);
  };

  return (
    <li
      role="group"
      aria-labelledby={titleId}
      className={clsx('rounded-lg border bg-white shadow-sm', resolved ? 'border-emerald-300' : 'border-rose-200')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <div className="min-w-0">
          <h4 id={titleId} className="font-mono text-sm font-semibold text-slate-900">
            {conflict.pathText}
          </h4>
          <p className="text-xs text-slate-500">{KIND_TEXT[conflict.kind]}</p>
        </div>
        {resolved ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300">
            <CheckIcon className="size-3.5" /> Resolved
          </span>
        ) : (
          <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-inset ring-rose-200">
            Needs your choice
          </span>
        )}
      </div>

      <div className="grid gap-3 p-4 sm:grid-cols-3">
        {(['base', 'theirs', 'mine'] as const).map((side) => (
          <div
            key={side}
            className={clsx('flex flex-col rounded-md border p-3', SIDES[side].card)}
            aria-label={`${SIDES[side].label}: ${conflict.pathText}`}
            role="region"
          >
            <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {SIDES[side].label} <span className="font-normal normal-case text-slate-500">({SIDES[side].hint})</span>
            </p>
            <ValueView value={conflict[side]} className="flex-1" />
            {side !== 'base' && !resolved ? (
              <button
                type="button"
                onClick={() => onResolve(conflict[side])}
                className={clsx(
                  'mt-3 self-start rounded-md px-2.5 py-1 text-xs font-semibold text-white shadow-sm',
                  side === 'mine' ? 'bg-indigo-600 hover:bg-indigo-700' : 'bg-amber-600 hover:bg-amber-500',
                )}
              >
                {side === 'mine' ? 'Take mine' : 'Take theirs'}
              </button>
            ) : null}
          </div>
        ))}
      </div>

      {resolved ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-emerald-100 bg-emerald-50/50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-emerald-800">
              Will be saved · {describeChoice(conflict)}
            </p>
            <ValueView value={conflict.resolution?.value} className="mt-1" />
          </div>
          <button
            type="button"
            onClick={onReopen}
            className="rounded-md border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            Change choice
          </button>
        </div>
      ) : editing ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <label htmlFor={inputId} className="text-xs font-semibold text-slate-700">
            Value for {conflict.pathText} (YAML; empty removes the field)
          </label>
          <textarea
            id={inputId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={Math.min(8, Math.max(2, draft.split('\n').length))}
            spellCheck={false}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-[13px] focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
          />
          {problem ? (
            <p id={`${inputId}-problem`} className="mt-1 text-xs text-rose-700">
              {problem}
            </p>
          ) : null}
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={applyEdit}
              className="rounded-md bg-slate-900 px-2.5 py-1 text-xs font-semibold text-white hover:bg-slate-700"
            >
              Use this value
            </button>
            <button
              type="button"
              onClick={() => setEditing(false)}
              className="rounded-md px-2.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="border-t border-slate-100 px-4 py-2">
          <button type="button" onClick={startEdit} className="text-xs font-medium text-indigo-700 hover:underline">
            Edit the value…
          </button>
        </div>
      )}
    </li>
  );
}
