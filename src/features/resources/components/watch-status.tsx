/**
 * Whether what a table shows is current: connecting, listing, live, reconnecting (since when, how often, why) or
 * stale (updates stopped, with a way to retry), in the table's header.
 */
import { clsx } from 'clsx';
import { formatAge } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import type { ListWatchSnapshot } from '@/data/watch/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';

type WatchState = Pick<ListWatchSnapshot<NodusObject>, 'status' | 'since' | 'attempt' | 'error' | 'retry'> &
  Partial<Pick<ListWatchSnapshot<NodusObject>, 'delivery'>>;

const DOT: Record<WatchState['status'], string> = {
  live: 'bg-emerald-500',
  loading: 'bg-slate-300 animate-pulse',
  reconnecting: 'bg-amber-500 animate-pulse',
  stale: 'bg-rose-500',
};

/** `listing`: a first list's objects are arriving (the connection is made; a long list takes seconds). */
export function WatchStatus({ list, listing = false }: { list: WatchState; listing?: boolean }) {
  const now = useNow(1000);
  const since = list.since === undefined ? '' : formatAge(new Date(list.since).toISOString(), now);
  const { delivery } = list;
  const polled = list.status === 'live' && delivery?.mode === 'polled' ? delivery : undefined;
  const why = list.error
    ? `${list.error.reason}: ${list.error.message}`
    : polled
      ? `All ${polled.inUse} of this browser’s connections for live lists are in use: read again every ${Math.round(polled.everyMs / 1000)} s until one is free.`
      : undefined;
  return (
    <div role="status" aria-label="Watch status" title={why} className="flex items-center gap-2 text-xs text-slate-500">
      <span aria-hidden="true" className={clsx('size-2 rounded-full', polled ? 'bg-sky-500' : DOT[list.status])} />
      {list.status === 'live' ? (
        <span className={clsx('font-medium', polled ? 'text-sky-700' : 'text-emerald-700')}>
          {polled ? `Every ${Math.round(polled.everyMs / 1000)} s` : 'Live'}
        </span>
      ) : null}
      {list.status === 'loading' ? (
        <span>
          {listing ? 'Listing…' : 'Connecting…'}
          {list.attempt > 0 ? ` attempt ${list.attempt + 1}` : ''}
          {list.error ? ` · ${list.error.reason}` : ''}
        </span>
      ) : null}
      {list.status === 'reconnecting' ? (
        <span>
          <span className="font-medium text-amber-700">Reconnecting</span>
          {since ? ` for ${since}` : ''}
          {list.attempt > 1 ? ` · attempt ${list.attempt}` : ''}
          {list.error ? ` · ${list.error.reason}` : ''}
        </span>
      ) : null}
      {list.status === 'stale' ? (
        <>
          <span>
            <span className="font-medium text-rose-700">Stale</span>
            {since ? ` · no updates for ${since}` : ''}
            {list.error ? ` · ${list.error.reason}` : ''}
          </span>
          <button type="button" onClick={list.retry} className="font-medium text-indigo-600 hover:text-indigo-500">
            Retry
          </button>
        </>
      ) : null}
    </div>
  );
}
