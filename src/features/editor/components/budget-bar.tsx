/**
 * One Budget's bar in a review: spent so far, this launch's expected cost as its own segment, what is left, the
 * limit (a marker when the launch would go past it) and the alert thresholds as ticks; coloured by what the
 * launch does to the Budget. Every figure is also written out beside the bar, which is only a picture of them.
 */
import { clsx } from 'clsx';
import { formatUnitsUSD } from '@/lib/money.ts';
import { share, type BudgetBar as Bar, type BudgetOutcome } from '../model/budget-outlook.ts';

const LOOK: Record<BudgetOutcome, { launch: string; badge: string; swatch: string }> = {
  fits: { launch: 'bg-indigo-500', badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', swatch: 'bg-indigo-500' },
  alert: { launch: 'bg-amber-500', badge: 'bg-amber-50 text-amber-900 ring-amber-300', swatch: 'bg-amber-500' },
  warned: { launch: 'bg-orange-500', badge: 'bg-orange-50 text-orange-900 ring-orange-300', swatch: 'bg-orange-500' },
  blocked: { launch: 'bg-rose-500', badge: 'bg-rose-50 text-rose-800 ring-rose-300', swatch: 'bg-rose-500' },
};

export function outcomeLabel(bar: Bar): string {
  switch (bar.outcome) {
    case 'fits':
      return 'Fits';
    case 'alert':
      return `Crosses the ${bar.crossed} % alert`;
    case 'warned':
      return 'Goes over · alert only';
    case 'blocked':
      return 'Goes over · launch refused';
  }
}

export function OutcomeBadge({ bar }: { bar: Bar }) {
  return (
    <span
      data-testid="budget-outcome"
      data-outcome={bar.outcome}
      className={clsx(
        'shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1 ring-inset',
        LOOK[bar.outcome].badge,
      )}
    >
      {outcomeLabel(bar)}
    </span>
  );
}

function describe(bar: Bar): string {
  const left = bar.left < 0 ? `over by ${formatUnitsUSD(-bar.left)}` : `${formatUnitsUSD(bar.left)} left`;
  return `Spent ${formatUnitsUSD(bar.spent)}, this launch ${formatUnitsUSD(bar.launch)}, ${left} of ${formatUnitsUSD(bar.limit)}`;
}

export function BudgetBarGraphic({ bar }: { bar: Bar }) {
  const spentWidth = share(bar.spent, bar.scale);
  const launchWidth = Math.max(bar.launch > 0 ? 0.75 : 0, share(bar.spent + bar.launch, bar.scale) - spentWidth);
  const limitAt = share(bar.limit, bar.scale);
  return (
    <div role="img" aria-label={describe(bar)} className="relative mt-2 pt-1 pb-1">
      <div className="relative h-3 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200 ring-inset">
        <div className="absolute inset-y-0 left-0 bg-slate-400" style={{ width: `${spentWidth}%` }} />
        <div
          data-testid="budget-launch-segment"
          className={clsx('absolute inset-y-0', LOOK[bar.outcome].launch)}
          style={{ left: `${spentWidth}%`, width: `${launchWidth}%` }}
        />
        {limitAt < 100 && (
          // Past the limit: what would go over is hatched.
          <div
            className="absolute inset-y-0 right-0 bg-[repeating-linear-gradient(135deg,rgba(255,255,255,0.55)_0_3px,transparent_3px_6px)]"
            style={{ left: `${limitAt}%` }}
          />
        )}
      </div>
      {bar.thresholds.map((t) => (
        <span
          key={t}
          data-testid="budget-threshold"
          title={`Alert at ${t} %`}
          className={clsx(
            'absolute top-0 bottom-0 w-px -translate-x-1/2',
            t === 100 && limitAt >= 100 ? 'hidden' : 'bg-slate-700/70',
          )}
          style={{ left: `${share((bar.limit * t) / 100, bar.scale)}%` }}
        />
      ))}
      {limitAt < 100 && (
        <span
          title="The limit"
          className="absolute top-[-2px] bottom-[-2px] w-0.5 -translate-x-1/2 rounded bg-slate-900 dark:bg-slate-100"
          style={{ left: `${limitAt}%` }}
        />
      )}
    </div>
  );
}

function Figure({
  label,
  value,
  swatch,
  testId,
  strong,
}: {
  label: string;
  value: string;
  swatch?: string;
  testId: string;
  strong?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-[11px] text-slate-500">
        {swatch && <span aria-hidden="true" className={clsx('size-2 shrink-0 rounded-sm', swatch)} />}
        {label}
      </dt>
      <dd data-testid={testId} className={clsx('text-sm font-semibold tabular-nums', strong ?? 'text-slate-900')}>
        {value}
      </dd>
    </div>
  );
}

export function BudgetFigures({ bar }: { bar: Bar }) {
  const over = bar.left < 0;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 xl:grid-cols-4">
      <Figure label="Spent so far" value={formatUnitsUSD(bar.spent)} swatch="bg-slate-400" testId="budget-spent" />
      <Figure
        label="This launch"
        value={formatUnitsUSD(bar.launch)}
        swatch={LOOK[bar.outcome].swatch}
        testId="budget-launch"
      />
      <Figure
        label={over ? 'Over by' : 'Left after'}
        value={formatUnitsUSD(Math.abs(bar.left))}
        swatch={over ? undefined : 'bg-slate-100 ring-1 ring-slate-300'}
        testId="budget-left"
        strong={over ? 'text-rose-700' : undefined}
      />
      <Figure label="Limit" value={formatUnitsUSD(bar.limit)} testId="budget-limit" />
    </dl>
  );
}
