/**
 * The status line under a log: whether it is followed (or waiting, reconnecting, complete), how many lines came,
 * and, once the browser holds only part of the log, that it does, with Load older.
 */
import { clsx } from 'clsx';
import type { LogSession, LogStatus } from '../lib/log-session.ts';
import { formatCount } from '@/lib/format.ts';

const STATE: Record<LogStatus['kind'], { label: string; dot: string }> = {
  loading: { label: 'Loading', dot: 'bg-slate-400 animate-pulse' },
  waiting: { label: 'Waiting to start', dot: 'bg-amber-400 animate-pulse' },
  queued: {
    label: 'Waiting for a connection: the browser’s connections for live streams all follow other logs',
    dot: 'bg-sky-500 animate-pulse',
  },
  following: { label: 'Following', dot: 'bg-emerald-500 animate-pulse' },
  reconnecting: { label: 'Reconnecting', dot: 'bg-amber-500 animate-pulse' },
  ended: { label: 'Complete', dot: 'bg-slate-400' },
  error: { label: 'Stopped by an error', dot: 'bg-red-500' },
};

export interface LogFooterProps {
  session: LogSession;
  status: LogStatus;
  stuck: boolean;
  capacity: number;
  onLoadOlder: () => void;
}

export function LogFooter({ session, status, stuck, capacity, onLoadOlder }: LogFooterProps) {
  const state = STATE[status.kind];
  const held = session.ring.size;
  const label =
    status.kind === 'following' && !stuck
      ? 'Following (paused while you read)'
      : status.kind === 'reconnecting'
        ? `Reconnecting (attempt ${status.attempt})…`
        : state.label;
  return (
    <footer className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-800 bg-slate-900 px-3 py-1.5 text-xs text-slate-400">
      <span className="flex items-center gap-1.5" data-testid="log-state">
        <span className={clsx('size-2 rounded-full', state.dot)} aria-hidden="true" />
        <span className="text-slate-300">{label}</span>
      </span>
      <span data-testid="log-line-count" className="tabular-nums">
        {formatCount(session.received)} {session.received === 1 ? 'line' : 'lines'}
      </span>
      {held < session.received || !session.atStart ? (
        <span data-testid="log-window" className="tabular-nums">
          {session.ring.size >= capacity
            ? `showing the last ${formatCount(held)} lines (the most the browser keeps)`
            : `showing ${formatCount(held)} lines`}
          {session.newestTrimmed ? ' · newer lines not shown' : ''}
        </span>
      ) : null}
      <span className="ml-auto flex items-center gap-3">
        {session.atStart ? (
          <span className="text-slate-500">start of the log</span>
        ) : held > 0 ? (
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={session.older.loading}
            className="font-medium text-indigo-300 hover:text-indigo-200 disabled:opacity-60"
          >
            {session.older.loading ? 'Loading older lines…' : 'Load older'}
          </button>
        ) : null}
        {held > 0 && !session.atStart ? <span className="text-slate-500">or Download for the whole log</span> : null}
      </span>
    </footer>
  );
}
