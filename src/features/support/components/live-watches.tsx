/**
 * "Live watches" in the Support panel: every list the console keeps live (one shared watch per target), with its
 * status, how many objects it holds, the last resourceVersion it saw, how often it came back, and a digest of
 * what it holds (src/data/watch/digest.ts). Support staff compute the same digest from the API's own list to tell
 * whether the console shows the truth; the fault drills do exactly that.
 *
 * Reads the registry on a short interval rather than subscribing: a subscription counts as a view, and would
 * keep open (or start) watches that no page shows.
 */
import { clsx } from 'clsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { useNow } from '@/lib/use-now.ts';
import { listDigest } from '@/data/watch/digest.ts';
import type { ListWatch, ListWatchSnapshot, WatchStatus } from '@/data/watch/list-watch.ts';
import { useWatchRegistry } from '@/data/watch/use-list-watch.tsx';
import { watchKey, type ListWatchTarget } from '@/data/watch/target.ts';
import type { Held } from '@/data/watch/object-index.ts';

const REFRESH_MS = 500;

const STATUS_STYLE: Record<WatchStatus, string> = {
  live: 'bg-emerald-50 text-emerald-700',
  loading: 'bg-slate-100 text-slate-600',
  reconnecting: 'bg-amber-50 text-amber-700',
  stale: 'bg-rose-50 text-rose-700',
};

/** "jobs in nlp", "budgets in all projects · team=ml · status.phase=Running" */
export function describeTarget(target: ListWatchTarget): string {
  const selectors = [target.labelSelector?.trim(), target.fieldSelector?.trim()].filter(Boolean);
  return [`${target.plural} in ${target.namespace ?? 'all projects'}`, ...selectors].join(' · ');
}

interface Row {
  key: string;
  target: string;
  snapshot: ListWatchSnapshot<Held>;
  digest: string | undefined;
}

function rowOf(watch: ListWatch<Held>): Row {
  const snapshot = watch.getSnapshot();
  return {
    key: watchKey(watch.target),
    target: describeTarget(watch.target),
    snapshot,
    // Before the first whole list the objects are not a list the server ever had: no digest to compare.
    digest: snapshot.synced ? listDigest(snapshot.items) : undefined,
  };
}

export function LiveWatches() {
  const registry = useWatchRegistry();
  // Re-reads the watches on every tick; digests are cached per list, so an unchanged list costs nothing.
  useNow(REFRESH_MS);
  const rows = registry.watches().map(rowOf);

  return (
    <section aria-labelledby="live-watches-title">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 id="live-watches-title" className="text-sm font-semibold text-slate-900">
          Live watches <span className="font-normal text-slate-500">({rows.length})</span>
        </h3>
        <p className="text-xs text-slate-500">
          Digest: a hash of every object&apos;s name@resourceVersion, to compare with the API&apos;s list.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
          No lists are live on this page.
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <table aria-labelledby="live-watches-title" className="w-full table-fixed text-left text-[13px]">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Watch
                </th>
                <th scope="col" className="w-28 px-2 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="w-20 px-2 py-2 text-right font-medium">
                  Objects
                </th>
                <th scope="col" className="w-28 px-2 py-2 font-medium">
                  Version
                </th>
                <th scope="col" className="w-24 px-2 py-2 text-right font-medium">
                  Reconnects
                </th>
                <th scope="col" className="w-16 px-2 py-2 text-right font-medium">
                  Relists
                </th>
                <th scope="col" className="w-48 px-3 py-2 font-medium">
                  Digest
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <WatchRow key={row.key} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function WatchRow({ row }: { row: Row }) {
  const { snapshot } = row;
  const why = snapshot.error ? `${snapshot.error.reason}: ${snapshot.error.message}` : undefined;
  return (
    <tr className="whitespace-nowrap">
      <th scope="row" className="truncate px-3 py-1.5 font-mono font-normal text-slate-800" title={row.target}>
        {row.target}
      </th>
      <td className="px-2 py-1.5">
        <span title={why} className={clsx('rounded px-1.5 py-0.5 text-xs font-medium', STATUS_STYLE[snapshot.status])}>
          {snapshot.status}
        </span>
      </td>
      <td className="px-2 py-1.5 text-right tabular-nums text-slate-700">
        {snapshot.synced ? snapshot.size.toLocaleString('en-US') : '—'}
      </td>
      <td className="truncate px-2 py-1.5 font-mono text-slate-700" title={snapshot.resourceVersion}>
        {snapshot.resourceVersion ?? '—'}
      </td>
      <td
        className="px-2 py-1.5 text-right tabular-nums text-slate-700"
        title="Times it came back after the stream broke"
      >
        {snapshot.reconnects}
      </td>
      <td
        className="px-2 py-1.5 text-right tabular-nums text-slate-700"
        title="Times it listed again because the API had expired the changes missed"
      >
        {snapshot.relists}
      </td>
      <td className="px-3 py-1.5">
        {row.digest ? (
          <span className="flex min-w-0 items-center gap-1.5">
            <code className="truncate font-mono text-slate-800">{row.digest}</code>
            <CopyButton
              value={row.digest}
              label={`Copy digest of ${row.target}`}
              className="shrink-0 !px-1.5 !py-0.5"
            />
          </span>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </td>
    </tr>
  );
}
