/**
 * The estimate, made to be read at a glance: the expected cost big, then what is held when it starts, the hourly
 * rate, when it should start, the cost cap and the price book; and, beside an earlier review, both side by side.
 */
import { clsx } from 'clsx';
import { formatDateTime, formatUSD } from '@/lib/format.ts';
import type { Estimate } from '@/shared/protocol.ts';
import { estimateChanges, type EstimateField } from '../model/review-model.ts';

export function money(amount: string | undefined): string {
  return formatUSD(amount) ?? '—';
}

export function startLabel(startTime: string | undefined, now: number): string {
  if (!startTime) return '—';
  const at = Date.parse(startTime);
  if (Number.isNaN(at)) return startTime;
  const minutes = Math.round((at - now) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 90) return `in about ${minutes} min`;
  return `in about ${Math.round(minutes / 60)} h`;
}

export function EstimateCard({
  estimate,
  maxCostUSD,
  kind,
  now,
}: {
  estimate: Estimate;
  maxCostUSD: string | undefined;
  kind: string;
  now: number;
}) {
  const capped = maxCostUSD !== undefined && estimate.costUSD === maxCostUSD;
  return (
    <section aria-label="Estimate" className="rounded-lg border border-indigo-200 bg-white">
      <div className="flex items-end justify-between gap-3 border-b border-indigo-100 bg-indigo-50/60 px-4 py-3">
        <div>
          <div className="text-xs font-medium uppercase tracking-wide text-indigo-700">Expected cost</div>
          <div className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="estimate-cost">
            {money(estimate.costUSD)}
          </div>
        </div>
        <div className="text-right text-xs text-slate-600">
          {maxCostUSD !== undefined ? (
            <>
              <div>{capped ? 'Stops at its cap' : 'Never more than'}</div>
              <div className="text-sm font-semibold tabular-nums text-slate-900">{money(maxCostUSD)}</div>
              <div className="font-mono text-[11px] text-slate-500">spec.maxCostUSD</div>
            </>
          ) : (
            <div>No cost cap on this {kind}</div>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <Item label="Held when it starts" value={money(estimate.firstHoldUSD)} />
        <Item label="Hourly rate" value={`${money(estimate.rateUSDPerHour)}/h`} />
        <Item
          label="Expected start"
          value={startLabel(estimate.startTime, now)}
          title={estimate.startTime ? formatDateTime(estimate.startTime) : undefined}
        />
        <Item label="Price book" value={estimate.priceBookVersion} mono />
      </dl>
    </section>
  );
}

function Item({ label, value, mono, title }: { label: string; value: string; mono?: boolean; title?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd title={title} className={clsx('font-medium tabular-nums text-slate-900', mono && 'font-mono text-[13px]')}>
        {value}
      </dd>
    </div>
  );
}

const ROWS: { field: EstimateField; label: string; show: (e: Estimate, now: number) => string }[] = [
  { field: 'costUSD', label: 'Expected cost', show: (e) => money(e.costUSD) },
  { field: 'firstHoldUSD', label: 'Held when it starts', show: (e) => money(e.firstHoldUSD) },
  { field: 'rateUSDPerHour', label: 'Hourly rate', show: (e) => `${money(e.rateUSDPerHour)}/h` },
  { field: 'priceBookVersion', label: 'Price book', show: (e) => e.priceBookVersion },
  { field: 'startTime', label: 'Expected start', show: (e, now) => startLabel(e.startTime, now) },
];

/** The refused review's estimate beside the new one; changed rows stand out. */
export function EstimateComparison({
  before,
  after,
  now,
}: {
  before: Estimate | undefined;
  after: Estimate | undefined;
  now: number;
}) {
  const changed = new Set(estimateChanges(before, after));
  return (
    <table aria-label="Estimate before and now" className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th className="py-1 font-medium" />
          <th className="py-1 font-medium">Reviewed before</th>
          <th className="py-1 font-medium">Now</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {ROWS.map((row) => (
          <tr key={row.field} className={clsx(changed.has(row.field) && 'bg-amber-50')}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-600">
              {row.label}
            </th>
            <td
              className={clsx(
                'py-1.5 tabular-nums',
                changed.has(row.field) ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-800',
              )}
            >
              {before ? row.show(before, now) : '—'}
            </td>
            <td
              className={clsx(
                'py-1.5 tabular-nums',
                changed.has(row.field) ? 'font-semibold text-amber-900' : 'text-slate-800',
              )}
            >
              {after ? row.show(after, now) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
