/** The controls above a log: search with its count and next/previous, and the view toggles. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { formatCount } from '@/lib/format.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';

export type Tail = number | 'all';
export const TAIL_CHOICES: readonly Tail[] = [1000, 5000, 10000, 'all'];

export interface LogToolbarProps {
  query: string;
  onQuery: (query: string) => void;
  matchCount: number;
  /** 1-based position of the active match, or 0. */
  matchPosition: number;
  onNext: () => void;
  onPrevious: () => void;
  onlyMatching: boolean;
  onOnlyMatching: (on: boolean) => void;
  timestamps: boolean;
  onTimestamps: (on: boolean) => void;
  wrap: boolean;
  onWrap: (on: boolean) => void;
  tail: Tail;
  onTail: (tail: Tail) => void;
  download: ReactNode;
}

function Toggle({
  pressed,
  onChange,
  children,
}: {
  pressed: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={clsx(
        'rounded-md border px-2.5 py-1 text-xs font-medium transition-colors',
        pressed
          ? 'border-indigo-200 bg-indigo-50 text-indigo-700'
          : 'border-slate-200 bg-white text-slate-600 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

const tailLabel = (tail: Tail): string => (tail === 'all' ? 'The whole log' : `Last ${formatCount(tail)} lines`);

export function LogToolbar(props: LogToolbarProps) {
  const { query, matchCount, matchPosition } = props;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
      <div className="relative flex min-w-56 flex-1 items-center">
        <SearchIcon className="pointer-events-none absolute left-2 size-4 text-slate-400" />
        <input
          type="search"
          aria-label="Search the log"
          placeholder="Search the log"
          value={query}
          onChange={(e) => props.onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (matchesShortcut(e, 'log.nextMatch')) {
              e.preventDefault();
              props.onNext();
            } else if (matchesShortcut(e, 'log.previousMatch')) {
              e.preventDefault();
              props.onPrevious();
            }
          }}
          className="w-full rounded-md border border-slate-200 bg-white py-1 pl-8 pr-24 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
        />
        {query ? (
          <span
            data-testid="log-match-count"
            aria-live="polite"
            className="pointer-events-none absolute right-2 text-xs tabular-nums text-slate-500"
          >
            {matchCount === 0
              ? 'no matches'
              : `${matchPosition > 0 ? `${formatCount(matchPosition)} of ` : ''}${formatCount(matchCount)} ${matchCount === 1 ? 'line' : 'lines'}`}
          </span>
        ) : null}
      </div>
      <div className="flex items-center">
        <button
          type="button"
          aria-label="Previous match"
          title="Previous match (Shift+Enter)"
          disabled={matchCount === 0}
          onClick={props.onPrevious}
          className="rounded-l-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-40"
        >
          ↑
        </button>
        <button
          type="button"
          aria-label="Next match"
          title="Next match (Enter)"
          disabled={matchCount === 0}
          onClick={props.onNext}
          className="-ml-px rounded-r-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-40"
        >
          ↓
        </button>
      </div>
      <Toggle pressed={props.onlyMatching} onChange={props.onOnlyMatching}>
        Only matching
      </Toggle>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <Toggle pressed={props.timestamps} onChange={props.onTimestamps}>
        Timestamps
      </Toggle>
      <Toggle pressed={props.wrap} onChange={props.onWrap}>
        Wrap
      </Toggle>
      <label className="flex items-center gap-1.5 text-xs text-slate-500">
        <span className="sr-only">Start from</span>
        <select
          aria-label="Start from"
          value={String(props.tail)}
          onChange={(e) => props.onTail(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          className="rounded-md border border-slate-200 bg-white py-1 pl-2 pr-7 text-xs text-slate-700"
        >
          {TAIL_CHOICES.map((tail) => (
            <option key={String(tail)} value={String(tail)}>
              {tailLabel(tail)}
            </option>
          ))}
        </select>
      </label>
      {props.download}
    </div>
  );
}
