/**
 * What the object page's spend cards share: a headline figure (its value also as data, for tests and tools), the
 * chart loaded lazily (uPlot comes with the first card that draws, not with the page), and dates as a person reads
 * them.
 */
import { clsx } from 'clsx';
import { lazy, Suspense, type ReactNode } from 'react';
import type { BurnChartProps } from '@/components/charts/burn-chart.tsx';

const LazyBurnChart = lazy(() => import('@/components/charts/burn-chart.tsx'));

export function SpendChart(props: BurnChartProps) {
  const height = props.height ?? 220;
  return (
    <Suspense
      fallback={<div aria-hidden="true" className="w-full animate-pulse bg-slate-50" style={{ height: height + 28 }} />}
    >
      <LazyBurnChart {...props} />
    </Suspense>
  );
}

export function Figure({
  label,
  figure,
  value,
  children,
  note,
  tone = 'plain',
  data,
}: {
  label: string;
  /** `data-figure`: the name tests and tools read it by. */
  figure: string;
  /** `data-value`: the figure as the API has it (a decimal string, an RFC 3339 time). */
  value?: string | undefined;
  children: ReactNode;
  note?: ReactNode;
  tone?: 'plain' | 'warn' | 'bad' | 'good';
  data?: Record<`data-${string}`, string>;
}) {
  return (
    <div className="min-w-0 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        data-figure={figure}
        data-value={value}
        {...data}
        className={clsx(
          'mt-1 text-lg font-semibold break-words tabular-nums',
          tone === 'bad' ? 'text-rose-700' : tone === 'warn' ? 'text-amber-700' : 'text-slate-900',
        )}
      >
        {children}
      </dd>
      {note ? <dd className="mt-0.5 text-xs break-words text-slate-500">{note}</dd> : null}
    </div>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-2 border-b border-slate-100 [&>div:nth-child(even)]:border-l [&>div:nth-child(n+3)]:border-t [&>div]:border-slate-100">
      {children}
    </dl>
  );
}

const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** "Sat, Dec 5, 14:32 UTC": to the minute, with the zone. */
export function formatWhen(ms: number): string {
  return WHEN.format(new Date(ms));
}

/** "Dec 5". */
export function formatDay(ms: number): string {
  return DAY.format(new Date(ms));
}

/** "in 2d 4h", "in 35m": how far a moment is from now, to the hour beyond a day. */
export function formatIn(ms: number, now: number): string {
  const minutes = Math.max(0, Math.round((ms - now) / 60_000));
  if (minutes < 60) return `in ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `in ${hours}h ${minutes % 60}m`;
  return `in ${Math.floor(hours / 24)}d ${hours % 24}h`;
}
