/**
 * The figures above the chart: spent in the window, the burn rate now (live), what that rate comes to over a day
 * and 30 days, and how many objects run. Each value carries `data-figure` (the tests and the benchmark read them);
 * while a figure is unknown its box keeps its size, so nothing below moves when it arrives.
 */
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatEstimateUSD, formatUSD } from '@/lib/format.ts';
import { formatUnitsUSD } from '@/lib/money.ts';
import type { BudgetForecast } from '../api/usage-report.ts';
import { projectRate } from '../model/cost-view.ts';

function Figure({
  label,
  figure,
  value,
  note,
  source,
}: {
  label: string;
  figure: string;
  value: string | undefined;
  note: ReactNode;
  /** Where the value comes from, for the tests and the benchmark: `report`, or `watch` once it is live. */
  source?: 'report' | 'watch';
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 h-8">
        {value === undefined ? (
          <Skeleton className="mt-1 h-6 w-28" />
        ) : (
          <span
            data-figure={figure}
            data-source={source}
            className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
          >
            {value}
          </span>
        )}
      </dd>
      <dd className="mt-1 min-h-5 text-xs text-slate-500">{note}</dd>
    </div>
  );
}

export function FigureCards({
  spentUSD,
  windowLabel,
  budget,
  burnRate,
  live,
  fromReport,
  running,
}: {
  spentUSD: string | undefined;
  windowLabel: string;
  budget: BudgetForecast | undefined;
  /** Ten-thousandths of a dollar per hour; undefined until the watches have listed. */
  burnRate: number | undefined;
  live: boolean;
  /** The rate is the report's, until the watches of what runs have listed (thousands, in a large project). */
  fromReport: boolean;
  running: number | undefined;
}) {
  const projected = burnRate === undefined ? undefined : projectRate(burnRate);
  return (
    <dl aria-label="Figures" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <Figure
        label="Spent"
        figure="spent"
        value={spentUSD === undefined ? undefined : formatUSD(spentUSD)}
        note={
          budget ? (
            <>
              of {formatUSD(budget.limitUSD)} · forecast {formatEstimateUSD(budget.forecastUSD)}
            </>
          ) : (
            windowLabel
          )
        }
      />
      <Figure
        label="Burn rate now"
        figure="burn-rate"
        source={fromReport ? 'report' : 'watch'}
        value={burnRate === undefined ? undefined : `${formatUnitsUSD(burnRate)}/h`}
        note={
          fromReport ? (
            <span>As of the report; live once what runs is listed</span>
          ) : live ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
              Live: what runs now
            </span>
          ) : (
            <span className="text-amber-700">Reconnecting: may be out of date</span>
          )
        }
      />
      <Figure
        label="At this rate"
        figure="per-day"
        value={projected === undefined ? undefined : `${formatUnitsUSD(projected.perDay)}/day`}
        note={
          projected === undefined ? (
            ''
          ) : (
            <span data-figure="per-30-days">{formatUnitsUSD(projected.per30Days)} per 30 days</span>
          )
        }
      />
      <Figure
        label="Running"
        figure="running"
        value={running === undefined ? undefined : String(running)}
        note={running === 1 ? 'object charging now' : 'objects charging now'}
      />
    </dl>
  );
}
