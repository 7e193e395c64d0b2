/**
 * Every Budget in view (one project's, or all of them) at a glance: its period, spent against the limit as a bar
 * with the forecast drawn past it, and what happens at the limit. The forecast is the usage report's (`budget=`),
 * what the period will have cost if what runs now keeps running.
 */
import { memo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatEstimateUSD, formatUSD } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { usageQueryOptions } from '../api/usage-report.ts';
import { budgetForecastQuery } from '../model/cost-view.ts';
import { budgetGauge, enforcementWords } from '../model/spenders.ts';
import { TableHead } from './table-head.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { CostHrefs } from './cost-hrefs.ts';

function Bar({
  spent,
  forecast,
  over,
  forecastOver,
}: {
  spent: number;
  forecast?: number;
  over: boolean;
  forecastOver: boolean;
}) {
  return (
    <div aria-hidden="true" className="relative mt-1.5 h-2 w-full min-w-24 overflow-hidden rounded-full bg-slate-100">
      {forecast !== undefined && forecast > spent ? (
        <div
          className={clsx('absolute inset-y-0 left-0 rounded-full', forecastOver ? 'bg-rose-200' : 'bg-indigo-200')}
          style={{ width: `${forecast}%` }}
        />
      ) : null}
      <div
        className={clsx('absolute inset-y-0 left-0 rounded-full', over ? 'bg-rose-500' : 'bg-indigo-500')}
        style={{ width: `${spent}%` }}
      />
    </div>
  );
}

/** Memoised: the page draws again at every change of the burn rate; the Budgets move only with their watch. */
export const BudgetsGlance = memo(function BudgetsGlance({
  budgets,
  showProject,
  hrefs,
}: {
  /** Undefined until the watch has listed. */
  budgets: readonly NodusObject[] | undefined;
  showProject: boolean;
  hrefs: CostHrefs;
}) {
  const list = budgets ?? [];
  const forecasts = useQueries({
    queries: list.map((b) => usageQueryOptions(budgetForecastQuery(b.metadata.namespace ?? '', b.metadata.name ?? ''))),
  });
  return (
    <Card title="Budgets at a glance">
      {budgets === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading the budgets" className="space-y-3 px-4 py-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
        </div>
      ) : list.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">No Budgets: nothing caps this spend.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Budgets" className="w-full text-sm">
            <TableHead
              columns={[
                { label: 'Budget' },
                { label: 'Project', hidden: !showProject },
                { label: 'Spent of limit', className: 'w-2/5' },
                { label: 'Forecast', numeric: true },
                { label: 'At the limit' },
              ]}
            />
            <tbody className="divide-y divide-slate-50">
              {list.map((b, i) => {
                const project = b.metadata.namespace ?? '';
                const name = b.metadata.name ?? '';
                const spec = (b.spec ?? {}) as { limitUSD?: string; period?: string; enforcement?: string };
                const forecast = forecasts[i]?.data?.status.budget?.forecastUSD;
                const failed = forecast === undefined && forecasts[i]?.isError === true;
                const gauge = budgetGauge(b.status?.spentUSD, spec.limitUSD, forecast);
                return (
                  <tr key={b.metadata.uid ?? `${project}/${name}`} data-budget={`${project}/${name}`}>
                    <td className="px-4 py-2">
                      <Link
                        to={hrefs.budget(project, name)}
                        className="font-mono whitespace-nowrap text-indigo-600 hover:text-indigo-500 hover:underline"
                      >
                        <bdi>{name}</bdi>
                      </Link>
                      <div className="text-xs text-slate-500">{spec.period ?? 'Monthly'}</div>
                    </td>
                    {showProject ? <td className="px-4 py-2 whitespace-nowrap text-slate-600">{project}</td> : null}
                    <td className="px-4 py-2">
                      <div className="flex items-baseline justify-between gap-3 tabular-nums">
                        <span data-cell="spent" className="font-medium text-slate-900">
                          {formatUSD(b.status?.spentUSD) ?? '—'}
                        </span>
                        <span className="text-xs whitespace-nowrap text-slate-500">
                          of <span data-cell="limit">{formatUSD(spec.limitUSD) ?? '—'}</span>
                        </span>
                      </div>
                      <Bar
                        spent={gauge.spentPercent}
                        forecast={gauge.forecastPercent}
                        over={gauge.overLimit}
                        forecastOver={gauge.forecastOver}
                      />
                    </td>
                    <td
                      data-cell="forecast"
                      className={clsx(
                        'px-4 py-2 text-right whitespace-nowrap tabular-nums',
                        gauge.forecastOver ? 'font-medium text-rose-700' : 'text-slate-600',
                      )}
                    >
                      {forecast !== undefined ? (
                        <span data-value={forecast}>{formatEstimateUSD(forecast)}</span>
                      ) : failed ? (
                        '—'
                      ) : (
                        <Skeleton className="ml-auto h-4 w-16" />
                      )}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-slate-600">{enforcementWords(spec.enforcement)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
});
