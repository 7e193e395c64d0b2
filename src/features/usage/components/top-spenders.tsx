/**
 * The objects that spent most in the window: each a link to its page, its kind and owner, what it spent and its
 * rate now (live from the watches of what runs, so the column moves as objects start and stop).
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUnitsUSD } from '@/lib/money.ts';
import type { SpenderRow } from '../model/spenders.ts';
import { TableHead } from './table-head.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { CostHrefs } from './cost-hrefs.ts';

/** Memoised: the page draws again at every change of the burn rate, and these rows move only with the report. */
export const TopSpenders = memo(function TopSpenders({
  rows,
  showProject,
  windowLabel,
  hrefs,
}: {
  rows: SpenderRow[] | undefined;
  showProject: boolean;
  windowLabel: string;
  hrefs: CostHrefs;
}) {
  return (
    <Card title="Top spenders" aside={<span className="text-xs text-slate-500">{windowLabel}</span>}>
      {rows === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading the top spenders" className="space-y-3 px-4 py-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">No object spent anything in this window.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Top spenders" className="w-full text-sm">
            <TableHead
              columns={[
                { label: 'Object' },
                { label: 'Project', hidden: !showProject },
                { label: 'Owner' },
                { label: 'Spent', numeric: true },
                { label: 'Rate now', numeric: true },
              ]}
            />
            <tbody className="divide-y divide-slate-50">
              {rows.map(({ spender, spent, rate }) => (
                <tr key={spender.object.uid} data-uid={spender.object.uid} className="hover:bg-slate-50/60">
                  <td className="max-w-0 px-4 py-2" style={{ width: '45%' }}>
                    <div className="flex min-w-0 items-center gap-2">
                      <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-slate-600 uppercase">
                        {spender.object.kind}
                      </span>
                      {spender.deleted ? (
                        <>
                          <bdi className="truncate font-mono text-slate-600">{spender.object.name}</bdi>
                          <span className="shrink-0 text-xs text-slate-500">deleted</span>
                        </>
                      ) : (
                        <Link
                          to={hrefs.object(spender.project, spender.object.kind, spender.object.name)}
                          className="truncate font-mono text-indigo-600 hover:text-indigo-500 hover:underline"
                        >
                          <bdi>{spender.object.name}</bdi>
                        </Link>
                      )}
                    </div>
                  </td>
                  {showProject ? <td className="px-4 py-2 text-slate-600">{spender.project}</td> : null}
                  <td className="truncate px-4 py-2 text-slate-600">
                    <bdi>{spender.createdBy ?? '—'}</bdi>
                  </td>
                  <td className="px-4 py-2 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {formatUnitsUSD(spent)}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap text-slate-600 tabular-nums">
                    {rate > 0 ? (
                      `${formatUnitsUSD(rate)}/h`
                    ) : (
                      <span className="text-slate-400">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">not running</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
});
