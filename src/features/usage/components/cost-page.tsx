/**
 * Spend over time for a project, or for every project. A first cut: the window's chart and table, and the
 * burn rate now. `data-figure="burn-rate"` names the live figure (the benchmark and the tests read it).
 */
import { MoneyChart } from '@/components/charts/money-chart.tsx';
import { MoneyTable } from '@/components/charts/money-table.tsx';
import { formatUnitsUSD } from '@/lib/money.ts';
import { useLiveSpend } from '../api/use-live-spend.ts';
import { useUsageReport } from '../api/usage-report.ts';
import { moneyOverTime } from '../model/report-series.ts';

export function CostPage({ project }: { project: string | undefined }) {
  const report = useUsageReport({ project, window: '30d', groupBy: project === undefined ? 'project' : 'kind' });
  const live = useLiveSpend(project);
  const data = report.data ? moneyOverTime(report.data) : undefined;
  return (
    <div className="mx-auto max-w-6xl px-8 py-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Cost</h1>
      <p className="mt-1 text-sm text-slate-500">{project ?? 'All projects'}</p>
      <p className="mt-4 text-sm text-slate-600">
        Burn rate now:{' '}
        <span data-figure="burn-rate" className="font-semibold text-slate-900">
          {live.burnRate === undefined ? '…' : `${formatUnitsUSD(live.burnRate)}/h`}
        </span>
      </p>
      {data && (
        <section className="mt-4 rounded-lg border border-slate-200 bg-white">
          <MoneyChart data={data} label="Spend over the last 30 days" />
          <MoneyTable data={data} caption="Spend over the last 30 days" filename={`cost-${project ?? 'all'}`} />
        </section>
      )}
    </div>
  );
}
