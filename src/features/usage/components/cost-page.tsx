/**
 * Spend over time for a project, or for every project: the window and grouping (in the URL), the figures (spent,
 * the live burn rate and what it comes to), the stacked chart with its table and CSV, the top spenders and the
 * Budgets. A failing or slow API keeps the last figures on screen and says how old they are.
 * `data-figure="burn-rate"` names the live figure (the benchmark and the tests read it).
 */
import { useMemo } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { NODUS_GROUP_VERSION } from '@/data/client/index.ts';
import { useListWatch } from '@/data/watch/use-list-watch.tsx';
import { parseUSD } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { useLiveSpend } from '../api/use-live-spend.ts';
import { USAGE_REFRESH_MS, useUsageReport } from '../api/usage-report.ts';
import {
  budgetForecastQuery,
  DEFAULT_WINDOW,
  groupLabel,
  windowLabel,
  windowParam,
  windowQuery,
} from '../model/cost-view.ts';
import { moneyOverTime } from '../model/report-series.ts';
import { spenderRows } from '../model/spenders.ts';
import { BudgetsGlance } from './budgets-glance.tsx';
import type { CostHrefs } from './cost-hrefs.ts';
import { GroupByPicker, WindowPicker } from './cost-pickers.tsx';
import { FigureCards } from './figure-cards.tsx';
import { SpendChartCard } from './spend-chart-card.tsx';
import { StaleNotice } from './stale-notice.tsx';
import { TopSpenders } from './top-spenders.tsx';
import { useCostParams } from './use-cost-params.ts';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';

/** Two refreshes missed: the figures on screen are older than the page promises. */
const STALE_AFTER_MS = 2 * USAGE_REFRESH_MS + 5_000;

export function CostPage({ project, hrefs }: { project: string | undefined; hrefs: CostHrefs }) {
  const all = project === undefined;
  const params = useCostParams(all);
  // A Budget's period needs a project: across projects the window is a length.
  const choice = all && 'budget' in params.choice ? DEFAULT_WINDOW : params.choice;
  const { groupBy } = params;
  const live = useLiveSpend(project);
  const budgetWatch = useListWatch({ ...NODUS_GROUP_VERSION, plural: 'budgets', namespace: project });
  const budgets = budgetWatch.synced ? budgetWatch.items : undefined;
  const budgetNames = useMemo(
    () => (all ? [] : (budgets ?? []).map((b) => b.metadata.name ?? '').sort()),
    [all, budgets],
  );

  const budgetName = 'budget' in choice ? choice.budget : undefined;
  const period = useUsageReport(budgetForecastQuery(project ?? '', budgetName ?? ''), budgetName !== undefined);
  const query = windowQuery(choice, period.data?.status.budget);
  const report = useUsageReport({ project, groupBy, ...(query ?? { window: '30d' }) }, query !== undefined);
  const data = useMemo(() => (report.data ? moneyOverTime(report.data) : undefined), [report.data]);
  // What the API counted as running when it made the report (a Budget's window counts only what it covers).
  const reportRate =
    report.data && !report.data.spec.budget ? parseUSD(report.data.status.burnRateUSDPerHour) : undefined;

  // Only the top spenders' rates, read from the live tally (thousands may run in a large project).
  const { rateOf } = live;
  const listed = live.burnRate !== undefined;
  const liveRates = useMemo(() => {
    if (!listed) return undefined;
    const rates = new Map<string, number>();
    for (const t of report.data?.status.top ?? []) {
      const rate = rateOf(t.object.uid);
      if (rate !== undefined) rates.set(t.object.uid, rate);
    }
    return rates;
  }, [listed, rateOf, report.data]);
  const rows = useMemo(
    () => (report.data ? spenderRows(report.data.status.top, liveRates) : undefined),
    [report.data, liveRates],
  );

  const now = useNow(5_000);
  const failing = budgetName !== undefined && !period.data ? period : report;
  const stale = report.data !== undefined && (report.isError || now - report.dataUpdatedAt > STALE_AFTER_MS);
  const label = windowLabel(choice);
  const title = `Spend ${groupLabel(groupBy, all)}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  const filename = `cost-${project ?? 'all-projects'}-${windowParam(choice)}-${groupBy}`.replace(
    /[^A-Za-z0-9.-]+/g,
    '-',
  );
  const asOf = report.data?.status.asOf;

  return (
    <div className="mx-auto max-w-6xl space-y-5 px-8 py-6">
      <Breadcrumb className="mb-2" trail={[...scopeCrumbs(project), { label: 'Cost' }]} />
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Cost</h1>
          <p className="mt-1 text-sm text-slate-500">
            <span className="font-medium text-slate-700">{project ?? 'All projects'}</span>
            <span aria-hidden="true"> · </span>
            {asOf ? (
              <>
                as of <time dateTime={asOf}>{formatDateTime(asOf)}</time>
              </>
            ) : failing.isError ? (
              'not loaded'
            ) : (
              'loading…'
            )}
          </p>
        </div>
        <GroupByPicker value={groupBy} allProjects={all} onChange={params.setGroupBy} />
      </header>
      <WindowPicker value={choice} budgets={budgetNames} onChange={params.setWindow} />

      {stale ? (
        <StaleNotice
          // While retries run, the last failure is the reason the figures are old.
          error={report.error ?? report.failureReason}
          since={report.dataUpdatedAt}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {failing.isError && !report.data ? (
        <ErrorPanel
          title="Could not load the spend"
          error={failing.error}
          onRetry={() => void failing.refetch()}
          retrying={failing.isFetching}
        />
      ) : null}

      <FigureCards
        spentUSD={report.data?.status.totalUSD}
        windowLabel={label}
        budget={report.data?.status.budget}
        burnRate={live.burnRate ?? reportRate}
        live={live.live}
        fromReport={live.burnRate === undefined && reportRate !== undefined}
        running={live.count}
      />
      <SpendChartCard
        data={data}
        title={title}
        totalUSD={report.data?.status.totalUSD}
        filename={filename}
        empty={report.data !== undefined && (parseUSD(report.data.status.totalUSD) ?? 0) === 0}
        updating={report.isPlaceholderData}
      />
      {/* Across projects the Budgets come first: where each project stands is the question there. */}
      {all ? <BudgetsGlance budgets={budgets} showProject hrefs={hrefs} /> : null}
      <TopSpenders rows={rows} showProject={all} windowLabel={label} hrefs={hrefs} />
      {all ? null : <BudgetsGlance budgets={budgets} showProject={false} hrefs={hrefs} />}
    </div>
  );
}
