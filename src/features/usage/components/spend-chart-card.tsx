/**
 * Spend over the window as stacked bars, with the same figures as a table and as CSV. The table is behind a
 * "Show as table" disclosure for sighted readers, but it is never removed: collapsed, it is visually hidden
 * (`sr-only`), so screen readers and tests always read the figures the chart draws.
 */
import { clsx } from 'clsx';
import { memo, useId, useState } from 'react';
import { MoneyChart } from '@/components/charts/money-chart.tsx';
import type { MoneyOverTime } from '@/components/charts/money-series.ts';
import { downloadCsv, MoneyTable } from '@/components/charts/money-table.tsx';
import { ChevronDownIcon } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUSD } from '@/lib/format.ts';
import { Card } from '@/components/ui/card.tsx';

const CHART_HEIGHT = 260;

/** Memoised: the page draws again at every change of the burn rate; the chart and its table move only with the report. */
export const SpendChartCard = memo(function SpendChartCard({
  data,
  title,
  totalUSD,
  filename,
  empty,
  updating,
}: {
  /** Undefined while the first report loads. */
  data: MoneyOverTime | undefined;
  title: string;
  totalUSD: string | undefined;
  filename: string;
  /** Nothing was spent in the window. */
  empty: boolean;
  /** The figures on screen are the previous window's or grouping's, until the new ones arrive. */
  updating: boolean;
}) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Card
      label={title}
      title={
        <>
          {title}
          {totalUSD !== undefined ? (
            <span className="ml-2 font-normal text-slate-500 tabular-nums">{formatUSD(totalUSD)} in total</span>
          ) : null}
        </>
      }
      aside={
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={tableId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 hover:text-slate-900"
          >
            <ChevronDownIcon className={clsx('size-3.5 transition-transform', open && 'rotate-180')} />
            {open ? 'Hide table' : 'Show as table'}
          </button>
          <button
            type="button"
            disabled={!data}
            onClick={() => data && downloadCsv(data, filename)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            Download CSV
          </button>
        </div>
      }
    >
      <div className="relative px-2 pt-3 pb-1" style={{ minHeight: CHART_HEIGHT + 48 }}>
        {data ? (
          <div className={clsx('transition-opacity', updating && 'opacity-50')} aria-busy={updating}>
            <MoneyChart data={data} label={title} height={CHART_HEIGHT} />
          </div>
        ) : (
          <div role="status" aria-busy="true" aria-label="Loading the chart" className="px-2">
            <div className="flex items-end gap-1.5 pl-14" style={{ height: CHART_HEIGHT }}>
              {Array.from({ length: 24 }, (_, i) => (
                // Bars of uneven heights read as a chart to come, not as a broken one.
                <div key={i} className="flex-1" style={{ height: `${25 + ((i * 37) % 60)}%` }}>
                  <Skeleton className="h-full w-full" />
                </div>
              ))}
            </div>
          </div>
        )}
        {data && empty ? (
          <p
            role="status"
            className="pointer-events-none absolute inset-x-0 top-20 mx-auto w-fit rounded-md bg-white/90 px-3 py-2 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
          >
            No spend in this window: nothing was charged.
          </p>
        ) : null}
      </div>
      <div id={tableId} className={clsx(open ? 'border-t border-slate-100' : 'sr-only')}>
        {data ? <MoneyTable data={data} caption={title} filename={filename} download={false} shown={open} /> : null}
      </div>
    </Card>
  );
});
