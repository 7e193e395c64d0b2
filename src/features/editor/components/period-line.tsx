/**
 * The Budget's period on one line: how far into it now is, and where it runs out without and with this launch,
 * so a move of the date reads at a glance. The words above it say the same; this is only their picture.
 */
import { clsx } from 'clsx';
import { dateLabel, share, type Outlook } from '../model/budget-outlook.ts';

export function PeriodLine({ period, tone }: { period: Outlook['period']; tone: Outlook['tone'] }) {
  const start = period.start ?? period.now;
  const span = period.end - start;
  const at = (t: number) => share(t - start, span);
  return (
    <div aria-hidden="true" className="mt-2">
      <div className="relative h-3">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-slate-100" />
        <div
          className="absolute top-1/2 left-0 h-1 -translate-y-1/2 rounded-full bg-slate-300"
          style={{ width: `${at(period.now)}%` }}
        />
        <span
          className="absolute top-0 bottom-0 w-0.5 -translate-x-1/2 rounded bg-slate-700"
          style={{ left: `${at(period.now)}%` }}
        />
        {period.before !== undefined && (
          <span
            className="absolute top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-slate-500 bg-white"
            style={{ left: `${at(period.before)}%` }}
          />
        )}
        {period.after !== undefined && period.after !== period.before && (
          <span
            className={clsx(
              'absolute top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white',
              tone === 'moved' ? 'bg-amber-500' : 'bg-slate-500',
            )}
            style={{ left: `${at(period.after)}%` }}
          />
        )}
      </div>
      <div className="mt-0.5 flex items-center justify-between gap-2 text-[10px] whitespace-nowrap text-slate-500 tabular-nums">
        <span>{dateLabel(start, false)}</span>
        <span className="flex items-center gap-2">
          {period.before !== undefined && (
            <span className="flex items-center gap-1">
              <span className="size-2 rounded-full border-2 border-slate-500" />
              without
            </span>
          )}
          {period.after !== undefined && period.after !== period.before && (
            <span className="flex items-center gap-1">
              <span className={clsx('size-2 rounded-full', tone === 'moved' ? 'bg-amber-500' : 'bg-slate-500')} />
              with launch
            </span>
          )}
        </span>
        <span>{`ends ${dateLabel(period.end, false)}`}</span>
      </div>
    </div>
  );
}
