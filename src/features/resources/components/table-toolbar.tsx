/**
 * The filters above a resource table: text (in the browser; the shell's `/` focuses it), a label selector (checked here,
 * then sent to the API) and a phase (sent as a field selector). Each box keeps what is being typed to itself
 * and follows the URL when it changes from elsewhere (a chip click, Back).
 */
import { clsx } from 'clsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { afterPress } from '@/lib/after-press.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import type { TableParams } from '../table/view-params.ts';
import { checkLabelSelector } from '../table/label-selector.ts';
import { SaveViewControl } from './save-view.tsx';

export interface ToolbarProps {
  params: TableParams;
  phases: readonly string[];
  plural: string;
  set: (change: Partial<TableParams>, options?: { replace?: boolean }) => void;
}

export function TableToolbar({ params, phases, plural, set }: ToolbarProps) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <TextFilter value={params.q} plural={plural} onChange={(q) => set({ q }, { replace: true })} />
      <LabelSelectorBox value={params.labels} onApply={(labels) => set({ labels })} />
      <label className="relative">
        <span className="sr-only">Phase</span>
        <select
          aria-label="Phase"
          value={params.phase}
          onChange={(e) => set({ phase: e.target.value })}
          className={clsx(
            'h-8 rounded-md border bg-white py-0 pr-7 pl-2.5 text-[13px] shadow-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none',
            params.phase ? 'border-indigo-300 text-indigo-700' : 'border-slate-200 text-slate-700',
          )}
        >
          <option value="">All phases</option>
          {phases.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
          {params.phase && !phases.includes(params.phase) ? <option value={params.phase}>{params.phase}</option> : null}
        </select>
      </label>
      <SaveViewControl plural={plural} />
    </div>
  );
}

function TextFilter({ value, plural, onChange }: { value: string; plural: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  if (value !== shown) {
    setShown(value);
    // While someone types here, URL changes are the echo of their own keystrokes, which can arrive after the
    // next one: adopting them would eat characters. Otherwise it changed under us (Back, Clear filters).
    if (typeof document === 'undefined' || document.activeElement !== input.current) setDraft(value);
  }

  const update = (next: string) => {
    setDraft(next);
    onChange(next);
  };

  return (
    <div className="relative w-64">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        // The shell's `/` focuses the first search field of the page: this one.
        type="search"
        aria-label={`Filter ${plural}`}
        placeholder={`Filter ${plural}…`}
        value={draft}
        onChange={(e) => update(e.target.value)}
        onKeyDown={(e) => {
          if (!matchesShortcut(e, 'filter.clear')) return;
          // On an empty filter, Escape leaves the field: j and k move through the rows again.
          if (!draft) return e.currentTarget.blur();
          e.stopPropagation();
          update('');
        }}
        className="h-8 w-full rounded-md border border-slate-200 bg-white pr-7 pl-8 text-[13px] shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
      />
      {draft ? null : (
        <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-200 px-1 font-sans text-[10px] text-slate-400">
          /
        </kbd>
      )}
    </div>
  );
}

function LabelSelectorBox({ value, onApply }: { value: string; onApply: (selector: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | undefined>(() => {
    const check = checkLabelSelector(value);
    return check.ok ? undefined : check.message;
  });
  if (value !== shown) {
    setShown(value);
    setDraft(value);
    const check = checkLabelSelector(value);
    setProblem(check.ok ? undefined : check.message);
  }
  const messageId = useId();

  function apply(event?: FormEvent) {
    event?.preventDefault();
    const check = checkLabelSelector(draft);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(undefined);
    if (check.selector !== value) onApply(check.selector);
  }

  return (
    <form onSubmit={apply} className="flex w-80 flex-col" role="search" aria-label="Label selector">
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 font-mono text-[11px] text-slate-500">
          -l
        </span>
        <input
          type="text"
          aria-label="Label selector"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          placeholder="team=nlp,app in (trainer,eval)"
          spellCheck={false}
          autoCapitalize="off"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            // Once shown, a message goes as soon as the selector reads; it never appears mid-word.
            if (problem && checkLabelSelector(e.target.value).ok) setProblem(undefined);
          }}
          onBlur={() => {
            if (draft.trim() === value) return;
            // Focus taken by a press on a link (a row's): apply once it has clicked, unless the click went
            // somewhere (another page, a saved view), where what was typed no longer belongs.
            const at = window.location.href;
            afterPress(apply, () => window.location.href === at);
          }}
          className={clsx(
            'h-8 w-full rounded-md border bg-white pr-2 pl-7 font-mono text-[12.5px] shadow-xs placeholder:font-sans placeholder:text-slate-400 focus:ring-2 focus:outline-none',
            problem
              ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-500/20'
              : value
                ? 'border-indigo-300 focus:border-indigo-500 focus:ring-indigo-500/20'
                : 'border-slate-200 focus:border-indigo-500 focus:ring-indigo-500/20',
          )}
        />
      </div>
      {problem ? (
        <p id={messageId} aria-live="polite" className="mt-1 text-xs leading-snug text-rose-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      className={className}
    >
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4 4" />
    </svg>
  );
}
