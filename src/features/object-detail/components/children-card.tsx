/** What an owner owns, live (a Pipeline's Jobs): each with its phase, cost and a link. */
import { Link } from 'react-router';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUSD } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { Card } from '@/components/ui/card.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

export function ChildrenCard({
  kind,
  items,
  synced,
  objectHref,
}: {
  kind: string;
  items: readonly NodusObject[];
  synced: boolean;
  objectHref: (kind: string, name: string) => string | undefined;
}) {
  const title = `${kind}s`;
  return (
    <Card title={title} count={synced ? items.length : undefined}>
      {!synced ? (
        <div className="space-y-2 px-4 py-3" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">None yet: each step starts a {kind} when it begins.</p>
      ) : (
        <table aria-label={title} className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Step
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Phase
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Cost
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Age
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((o) => {
              const name = o.metadata.name ?? '';
              const href = objectHref(kind, name);
              return (
                <tr key={o.metadata.uid ?? name}>
                  <th scope="row" className="px-4 py-2 font-medium">
                    {href ? (
                      <Link to={href} className="text-indigo-600 hover:text-indigo-500 hover:underline">
                        {name}
                      </Link>
                    ) : (
                      name
                    )}
                  </th>
                  <td className="px-2 py-2 font-mono text-xs text-slate-600">
                    {o.metadata.labels?.['nodus.dev/step'] ?? '—'}
                  </td>
                  <td className="px-2 py-2">
                    <PhaseBadge phase={o.status?.phase} />
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums text-slate-700">
                    {formatUSD(o.status?.costUSD) ?? '—'}
                  </td>
                  <td className="px-4 py-2 text-right text-slate-500">
                    <RelativeTime timestamp={o.metadata.creationTimestamp} suffix="" className="tabular-nums" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}
