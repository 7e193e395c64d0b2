/**
 * A Budget's current period: spent against the limit over time, where the present burn rate leads by the period's
 * end, the moment the limit is reached at that rate, what the Budget does then, and the objects using it most.
 * Figures come from the usage report with `budget=<name>`, fetched again as objects start, stop and are charged.
 */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { UsageReport } from '@/data/usage/index.ts';
import { formatRateUSD, formatUSD } from '@/lib/format.ts';
import { formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { budgetPeriod, useBudgetSpend } from '../api/use-spend.ts';
import { enforcementWords } from '../model/enforcement.ts';
import { limitReachedAt, limitReachedText, percentOf, spendRows, stepMs } from '../model/spend.ts';
import { Card } from '@/components/ui/card.tsx';
import { Figure, Figures, formatDay, formatIn, formatWhen, SpendChart } from './spend-parts.tsx';
import { SpendTable } from './spend-table.tsx';

type ObjectHref = (kind: string, name: string) => string | undefined;

export function BudgetSpendCard({
  project,
  budget,
  objectHref,
}: {
  project: string;
  budget: NodusObject;
  objectHref: ObjectHref;
}) {
  const { report } = useBudgetSpend(project, budget);
  const { period, start, end } = budgetPeriod(budget);
  return (
    <>
      <Card
        title="Spend this period"
        aside={
          <span className="text-xs text-slate-500">
            {period} · {formatDay(start)} – {formatDay(end)}
          </span>
        }
      >
        {report.data?.status.budget ? (
          <BudgetFigures report={report.data} budget={budget} />
        ) : report.isError ? (
          <ErrorPanel
            className="m-4"
            error={report.error}
            title="Could not read this Budget's spend"
            onRetry={() => void report.refetch()}
          />
        ) : (
          <div role="status" aria-busy="true" aria-label="Loading the spend" className="space-y-3 p-4">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-52 w-full" />
          </div>
        )}
      </Card>
      {report.data ? <TopSpenders report={report.data} objectHref={objectHref} /> : null}
    </>
  );
}

function BudgetFigures({ report, budget }: { report: UsageReport; budget: NodusObject }) {
  const b = report.status.budget!;
  const spent = parseUSD(b.spentUSD) ?? 0;
  const limit = parseUSD(b.limitUSD) ?? 0;
  const forecast = parseUSD(b.forecastUSD) ?? 0;
  const rate = parseUSD(report.status.burnRateUSDPerHour) ?? 0;
  const asOf = Date.parse(report.status.asOf);
  const start = Date.parse(b.periodStart);
  const end = Date.parse(b.periodEnd);
  const reached = limitReachedAt({ spent, limit, rate, asOf, periodEnd: end });
  const step = stepMs(report.spec.step);
  const rows = spendRows(report.status.series[0]?.points ?? [], step, asOf, spent);
  const share = percentOf(spent, limit) ?? 0;
  const over = forecast - limit;
  const words = enforcementWords(budget.spec, formatWhen(end));

  return (
    <div data-as-of={report.status.asOf}>
      <Figures>
        <Figure
          label="Spent"
          figure="spent"
          value={b.spentUSD}
          tone={share >= 100 ? 'bad' : share >= 80 ? 'warn' : 'plain'}
          note={
            <>
              {share} % of{' '}
              <span data-figure="limit" data-value={b.limitUSD}>
                {formatUSD(b.limitUSD)}
              </span>
            </>
          }
        >
          {formatUSD(b.spentUSD)}
        </Figure>
        <Figure
          label="Burn rate now"
          figure="burn-rate"
          value={report.status.burnRateUSDPerHour}
          note={rate > 0 ? 'what runs now, at its hourly rate' : 'nothing it covers is running'}
        >
          {formatRateUSD(report.status.burnRateUSDPerHour)}
        </Figure>
        <Figure
          label={`Forecast by ${formatDay(end)}`}
          figure="forecast"
          value={b.forecastUSD}
          tone={over > 0 ? 'bad' : 'plain'}
          note={
            over > 0
              ? `${formatUnitsUSD(Math.round(over / 100) * 100)} over the limit`
              : `${formatUnitsUSD(Math.round(-over / 100) * 100)} under the limit`
          }
        >
          {/* A forecast is an estimate: to the cent, not to the API's ten-thousandth. */}
          {formatUnitsUSD(Math.round(forecast / 100) * 100)}
        </Figure>
        <Figure
          label="Limit reached"
          figure="limit-reached"
          value={reached.state === 'at' ? new Date(reached.at).toISOString() : ''}
          data={{ 'data-state': reached.state }}
          tone={reached.state === 'reached' ? 'bad' : reached.state === 'at' ? 'warn' : 'plain'}
          note={
            reached.state === 'at'
              ? `${formatIn(reached.at, asOf)}, at this rate`
              : reached.state === 'after-period'
                ? `the period ends ${formatDay(end)}`
                : reached.state === 'never'
                  ? 'no spend is running'
                  : `${formatUnitsUSD(spent - limit)} over`
          }
        >
          {limitReachedText(reached, formatWhen)}
        </Figure>
      </Figures>
      <div className="px-2 pt-3">
        <SpendChart
          start={start}
          end={end}
          spent={[{ at: start, units: 0 }, ...rows.map((r) => ({ at: r.end, units: r.cumulative }))]}
          forecast={[
            { at: asOf, units: spent },
            { at: end, units: forecast },
          ]}
          limit={limit}
          limitLabel="Limit"
          marker={reached.state === 'at' ? { at: reached.at, units: limit, label: 'Limit reached' } : undefined}
          label={`Spent ${formatUSD(b.spentUSD)} of ${formatUSD(b.limitUSD)} since ${formatWhen(start)}; forecast ${formatUSD(b.forecastUSD)} by ${formatWhen(end)}`}
        />
      </div>
      <SpendTable
        rows={rows}
        stepMs={step}
        caption={`Spend of Budget ${b.name} this period`}
        filename={`budget-${b.name}-${b.periodStart.slice(0, 10)}`}
        limit={limit}
        limitLabel="limit"
      />
      <div
        className={clsx(
          'flex gap-3 border-t px-4 py-3 text-sm',
          words.tone === 'block'
            ? 'border-rose-100 bg-rose-50/60'
            : words.tone === 'alert'
              ? 'border-amber-100 bg-amber-50/60'
              : 'border-slate-100 bg-slate-50',
        )}
      >
        <div>
          <p className="font-medium text-slate-900">
            <span className="text-slate-500">When the limit is reached · </span>
            <span data-figure="enforcement">{words.title}</span>
          </p>
          <p className="mt-0.5 text-slate-600">{words.text}</p>
        </div>
      </div>
    </div>
  );
}

function TopSpenders({ report, objectHref }: { report: UsageReport; objectHref: ObjectHref }) {
  const top = report.status.top;
  return (
    <Card title="Using it most" count={top.length} aside={<span className="text-xs text-slate-500">this period</span>}>
      {top.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">Nothing has been charged to this Budget this period.</p>
      ) : (
        <table aria-label="Objects using this Budget most" className="w-full text-sm">
          <thead className="border-b border-slate-100 text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-medium">
                Object
              </th>
              <th scope="col" className="px-2 py-2 text-left font-medium">
                Owner
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Spent
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Rate now
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-50">
            {top.map((t) => {
              const href = t.deleted ? undefined : objectHref(t.object.kind, t.object.name);
              const running = (parseUSD(t.rateUSDPerHour) ?? 0) > 0;
              return (
                <tr key={t.object.uid}>
                  <td className="px-4 py-1.5">
                    <span className="mr-2 text-xs text-slate-500">{t.object.kind}</span>
                    {href ? (
                      <Link to={href} className="font-mono text-indigo-700 hover:underline">
                        {t.object.name}
                      </Link>
                    ) : (
                      <span className="font-mono text-slate-700">{t.object.name}</span>
                    )}
                    {t.deleted ? <span className="ml-2 text-xs text-slate-500">deleted</span> : null}
                  </td>
                  <td className="px-2 py-1.5 text-slate-600">{t.createdBy ?? '—'}</td>
                  <td className="px-2 py-1.5 text-right text-slate-900 tabular-nums">{formatUSD(t.costUSD)}</td>
                  <td className="px-4 py-1.5 text-right tabular-nums">
                    {running ? (
                      <span className="text-slate-900">{formatRateUSD(t.rateUSDPerHour)}</span>
                    ) : (
                      <span className="text-slate-400">not running</span>
                    )}
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
