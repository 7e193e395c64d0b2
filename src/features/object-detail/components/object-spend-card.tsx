/**
 * What an object has spent since it was created, over time, against its max cost: the running total from the
 * usage report (`object=<Kind>/<name>`; a Pipeline's is its Jobs'), the rate it runs at now from its own watch,
 * and the share of its max cost. The report is fetched again when its costUSD moves.
 */
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { UsageReport } from '@/data/usage/index.ts';
import { formatRateUSD, formatUSD } from '@/lib/format.ts';
import { decimalUSD, formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { useObjectSpend } from '../api/use-spend.ts';
import { limitReachedAt, percentOf, spendRows, stepMs, type LifeWindow } from '../model/spend.ts';
import { Card } from '@/components/ui/card.tsx';
import { Figure, Figures, formatIn, formatWhen, SpendChart } from './spend-parts.tsx';
import { SpendTable } from './spend-table.tsx';

export function ObjectSpendCard({ project, kind, object }: { project: string; kind: string; object: NodusObject }) {
  const { report, window } = useObjectSpend(project, kind, object);
  return (
    <Card title="Spend" aside={<span className="text-xs text-slate-500">since it was created</span>}>
      {report.data ? (
        <ObjectFigures report={report.data} object={object} window={window} kind={kind} />
      ) : report.isError ? (
        <ErrorPanel
          className="m-4"
          error={report.error}
          title={`Could not read the spend of ${kind} ${object.metadata.name ?? ''}`}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading the spend" className="space-y-3 p-4">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-44 w-full" />
        </div>
      )}
    </Card>
  );
}

/** The rate it runs at now: its own while Running (0 otherwise); an owner's is its children's, from the report. */
function rateNow(object: NodusObject, report: UsageReport): string {
  const own = object.status?.rateUSDPerHour;
  if (typeof own !== 'string') return report.status.burnRateUSDPerHour;
  return object.status?.phase === 'Running' && !object.metadata.deletionTimestamp ? own : '0.00';
}

function ObjectFigures({
  report,
  object,
  window,
  kind,
}: {
  report: UsageReport;
  object: NodusObject;
  window: LifeWindow;
  kind: string;
}) {
  const asOf = Date.parse(report.status.asOf);
  const step = stepMs(report.spec.step);
  const created = Date.parse(object.metadata.creationTimestamp ?? '') || asOf;
  // The chart starts with the step it was created in: the window's earlier steps are before its life.
  const from = Math.max(Date.parse(report.spec.start), Math.floor(created / step) * step);
  const rows = spendRows(report.status.series[0]?.points ?? [], step, asOf).filter((r) => r.end > from);
  const cost = parseUSD(object.status?.costUSD) ?? parseUSD(report.status.totalUSD) ?? 0;
  const max = parseUSD(object.spec?.maxCostUSD);
  const rate = rateNow(object, report);
  const rateUnits = parseUSD(rate) ?? 0;
  const share = percentOf(cost, max);
  const capped =
    max === undefined
      ? undefined
      : limitReachedAt({ spent: cost, limit: max, rate: rateUnits, asOf, periodEnd: Infinity });
  const name = object.metadata.name ?? '';

  return (
    <div data-as-of={report.status.asOf}>
      <Figures>
        <Figure
          label="Spent"
          figure="cost"
          value={decimalUSD(cost)}
          tone={share !== undefined && share >= 100 ? 'bad' : share !== undefined && share >= 80 ? 'warn' : 'plain'}
          note={`since ${formatWhen(created)}`}
        >
          {formatUnitsUSD(cost)}
        </Figure>
        <Figure
          label="Rate now"
          figure="rate"
          value={rate}
          note={rateUnits > 0 ? 'while it runs' : 'not running: nothing is charged'}
        >
          {formatRateUSD(rate)}
        </Figure>
        <Figure
          label="Max cost"
          figure="max-cost"
          value={max === undefined ? '' : decimalUSD(max)}
          note={share === undefined ? 'no cap in its spec' : `${share} % of max spent`}
        >
          {max === undefined ? 'None' : formatUnitsUSD(max)}
        </Figure>
        <Figure
          label="Max reached"
          figure="max-reached"
          value={capped?.state === 'at' ? new Date(capped.at).toISOString() : ''}
          tone={capped?.state === 'reached' ? 'bad' : 'plain'}
          note={
            capped?.state === 'at'
              ? `${formatIn(capped.at, asOf)}; charges stop there`
              : capped?.state === 'reached'
                ? share !== undefined && share > 100
                  ? 'it has spent past its max cost'
                  : 'charges stop at its max cost'
                : capped?.state === 'never'
                  ? 'nothing is charged while it does not run'
                  : undefined
          }
        >
          {capped === undefined
            ? '—'
            : capped.state === 'at'
              ? formatWhen(capped.at)
              : capped.state === 'reached'
                ? 'Reached'
                : 'Never at this rate'}
        </Figure>
      </Figures>
      <div className="px-2 pt-3">
        <SpendChart
          start={from}
          end={asOf}
          spent={[{ at: from, units: 0 }, ...rows.map((r) => ({ at: r.end, units: r.cumulative }))]}
          limit={max}
          limitLabel="Max cost"
          height={200}
          label={`${kind} ${name} spent ${formatUSD(report.status.totalUSD)} over the ${window.label}${max === undefined ? '' : ` of ${formatUnitsUSD(max)} max cost`}`}
        />
      </div>
      <SpendTable
        rows={rows}
        stepMs={step}
        caption={`Spend of ${kind} ${name} over the ${window.label}`}
        filename={`spend-${kind.toLowerCase()}-${name}`}
        limit={max}
        limitLabel="max"
      />
    </div>
  );
}
