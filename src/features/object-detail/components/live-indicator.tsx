/** Whether what the view shows is current: Live, Reconnecting (since when, why), Stale (with Retry), or Deleted. */
import { clsx } from 'clsx';
import type { ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import type { NodusObject } from '@/shared/protocol.ts';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

type Watch = Pick<ListWatchSnapshot<NodusObject>, 'status' | 'since' | 'error' | 'retry'>;

export function LiveIndicator({ watch, deleted }: { watch: Watch; deleted: boolean }) {
  const why = watch.error ? `${watch.error.reason}: ${watch.error.message}` : undefined;
  const since = watch.since === undefined ? undefined : new Date(watch.since).toISOString();
  return (
    <span
      role="status"
      aria-label="Live status"
      title={why}
      className="inline-flex items-center gap-1.5 text-xs text-slate-500"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'size-2 rounded-full',
          deleted
            ? 'bg-slate-400'
            : watch.status === 'live'
              ? 'bg-emerald-500'
              : watch.status === 'stale'
                ? 'bg-rose-500'
                : 'animate-pulse bg-amber-500',
        )}
      />
      {deleted ? (
        <span className="font-medium text-slate-600">Deleted · last state shown</span>
      ) : watch.status === 'live' ? (
        <span className="font-medium text-emerald-700">Live</span>
      ) : watch.status === 'loading' ? (
        <span>Connecting…</span>
      ) : watch.status === 'reconnecting' ? (
        <span>
          <span className="font-medium text-amber-700">Reconnecting</span>
          {since ? (
            <>
              {' '}
              for <RelativeTime timestamp={since} suffix="" duration />
            </>
          ) : null}
          {watch.error ? ` · ${watch.error.reason}` : ''}
        </span>
      ) : (
        <>
          <span>
            <span className="font-medium text-rose-700">Stale</span>
            {watch.error ? ` · ${watch.error.reason}` : ''}
          </span>
          <button type="button" onClick={watch.retry} className="font-medium text-indigo-600 hover:text-indigo-500">
            Retry
          </button>
        </>
      )}
    </span>
  );
}
