/**
 * Money spent against its cap as a small bar: "$3.20 of $40.00 max cost". Amounts are decimal strings, compared
 * as whole ten-thousandths of a dollar (src/lib/money.ts), never as floats; the bar turns amber at 80 % and red
 * at the cap.
 */
import { clsx } from 'clsx';
import { formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import type { MoneyMeter } from '../model/kinds.ts';

export function CostMeter({ meter }: { meter: MoneyMeter }) {
  const spent = parseUSD(meter.spent) ?? 0;
  const limit = parseUSD(meter.limit);
  const share = limit ? Math.min(1, spent / limit) : 0;
  const tone = !limit ? 'bg-slate-300' : share >= 1 ? 'bg-rose-500' : share >= 0.8 ? 'bg-amber-500' : 'bg-indigo-500';
  const text = `${formatUnitsUSD(spent)} ${meter.spentLabel}${limit !== undefined ? ` of ${formatUnitsUSD(limit)} ${meter.limitLabel}` : ''}`;
  return (
    <div
      className="flex items-center gap-2"
      title={limit ? `${Math.floor(share * 100)} % of ${meter.limitLabel}` : undefined}
    >
      {limit !== undefined ? (
        <div
          role="meter"
          aria-label="Cost"
          aria-valuemin={0}
          aria-valuemax={limit / 10_000}
          aria-valuenow={Math.min(spent, limit) / 10_000}
          aria-valuetext={text}
          className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={clsx('h-full rounded-full transition-[width] duration-500', tone)}
            style={{ width: `${Math.max(share * 100, spent > 0 ? 2 : 0)}%` }}
          />
        </div>
      ) : null}
      <span data-testid="cost" className="text-xs tabular-nums text-slate-600">
        <span
          className={clsx(
            'font-medium',
            share >= 1 ? 'text-rose-700' : share >= 0.8 ? 'text-amber-700' : 'text-slate-900',
          )}
        >
          {formatUnitsUSD(spent)}
        </span>{' '}
        {meter.spentLabel}
        {limit !== undefined ? (
          <>
            {' '}
            of <span className="font-medium text-slate-900">{formatUnitsUSD(limit)}</span> {meter.limitLabel}
          </>
        ) : null}
      </span>
    </div>
  );
}
