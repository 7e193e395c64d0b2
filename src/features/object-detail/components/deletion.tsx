/**
 * Why an object is not gone yet: a banner while metadata.deletionTimestamp is set ("Deleting since …, waiting
 * for …", each finalizer in plain words), a banner once it is gone, and the finalizers it carries otherwise.
 */
import { Link } from 'react-router';
import type { NodusObject } from '@/shared/protocol.ts';
import { AlertIcon } from '@/components/ui/icons.tsx';
import { TrashIcon } from '@/components/ui/action-icons.tsx';
import { explainFinalizer } from '../model/finalizers.ts';
import { Card } from '@/components/ui/card.tsx';
import { formatDuration } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

export function DeletingBanner({ object, kind }: { object: NodusObject; kind: string }) {
  const now = useNow(15_000);
  const since = object.metadata.deletionTimestamp;
  if (!since) return null;
  const finalizers = object.metadata.finalizers ?? [];
  const waited = now - Date.parse(since);
  return (
    <section
      role="region"
      aria-label="Deletion"
      className="rounded-lg border border-orange-200 bg-orange-50/70 px-4 py-3 text-sm shadow-sm"
    >
      <div className="flex items-start gap-3">
        <TrashIcon className="mt-0.5 size-5 shrink-0 text-orange-600" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-orange-950">
            Deleting for <RelativeTime timestamp={since} suffix="" duration />
            {finalizers.length ? (
              <>, waiting for {finalizers.join(', ')}</>
            ) : (
              <>; nothing holds it, it goes any moment</>
            )}
          </p>
          {finalizers.length ? (
            <ul className="mt-1.5 space-y-1 text-orange-950/90">
              {finalizers.map((f) => {
                const e = explainFinalizer(f);
                return (
                  <li key={f}>
                    <code className="rounded bg-white/70 px-1 font-mono text-xs text-orange-900 ring-1 ring-orange-200">
                      {f}
                    </code>{' '}
                    {e.waiting}
                    {waited > e.overdueAfterMs ? (
                      <p
                        role="note"
                        aria-label="Longer than usual"
                        className="mt-1 rounded-md bg-white/80 px-2.5 py-1.5 text-[13px] text-orange-950 ring-1 ring-orange-200"
                      >
                        <strong>{`This is taking much longer than usual (${formatDuration(waited)}; ${e.usually}).`}</strong>{' '}
                        {e.advice}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          <p className="mt-1.5 text-xs text-orange-900/70">
            The {kind} stays listed until then; this view updates when it goes.
          </p>
        </div>
      </div>
    </section>
  );
}

export function DeletedBanner({
  kind,
  name,
  at,
  listHref,
}: {
  kind: string;
  name: string;
  at: number;
  listHref: string;
}) {
  return (
    <section
      role="region"
      aria-label="Deleted"
      className="rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm shadow-sm"
    >
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-semibold text-slate-900">
            {kind} {name} was deleted <RelativeTime timestamp={new Date(at).toISOString()} />.
          </p>
          <p className="mt-0.5 text-slate-600">
            What you see is its last state before it went.{' '}
            <Link to={listHref} className="font-medium text-indigo-600 hover:text-indigo-500">
              Back to the {kind} list
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

export function FinalizersCard({ object }: { object: NodusObject }) {
  const finalizers = object.metadata.finalizers ?? [];
  const deleting = !!object.metadata.deletionTimestamp;
  return (
    <Card title="Finalizers" count={finalizers.length}>
      {finalizers.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">None: a delete removes it at once.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {finalizers.map((f) => {
            const e = explainFinalizer(f);
            return (
              <li key={f} className="px-4 py-2.5">
                <p className="flex items-center justify-between gap-2">
                  <code className="min-w-0 font-mono text-xs font-medium break-all text-slate-800">
                    <bdi>{f}</bdi>
                  </code>
                  <span className="text-xs text-slate-500">set by {e.owner}</span>
                </p>
                <p className="mt-0.5 text-[13px] leading-snug text-slate-600">{deleting ? e.waiting : e.meaning}</p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
