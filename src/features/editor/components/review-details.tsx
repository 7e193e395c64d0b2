/**
 * The rest of a review beside the estimate: how much of each Budget the launch would use, every warning the
 * server sent, the rate guard (a launch never runs above the reviewed rate + 10 % unless the draft sets its own
 * cap), and the fields the server filled in.
 */
import { clsx } from 'clsx';
import { formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import type { BudgetImpact } from '@/shared/protocol.ts';
import { inlineValue, type ServerAddition } from '../model/review-model.ts';
import { money } from './estimate-view.tsx';

export function BudgetImpacts({ budgets }: { budgets: readonly BudgetImpact[] | undefined }) {
  if (!budgets || budgets.length === 0) {
    return <p className="text-xs text-slate-500">No Budget in this project covers this object.</p>;
  }
  return (
    <ul aria-label="Budget impact" className="space-y-2">
      {budgets.map((b) => {
        const limit = parseUSD(b.limitUSD) ?? 0;
        const spent = parseUSD(b.spentUSD) ?? 0;
        const after = b.wouldExceed ? limit : limit - (parseUSD(b.remainingAfterUSD) ?? 0);
        const pct = (v: number) => (limit > 0 ? Math.min(100, (v / limit) * 100) : 0);
        return (
          <li key={b.name} className="text-xs">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-slate-800">Budget {b.name}</span>
              <span className={clsx('tabular-nums', b.wouldExceed ? 'font-semibold text-rose-700' : 'text-slate-600')}>
                {b.wouldExceed
                  ? `would go over: ${money(b.remainingUSD)} left of ${money(b.limitUSD)}${b.enforcement === 'Block' ? ' · launch will be refused' : ' · alert only'}`
                  : `${money(b.remainingAfterUSD)} of ${money(b.limitUSD)} left after this`}
              </span>
            </div>
            <div className="relative mt-1 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className="absolute inset-y-0 left-0 bg-indigo-300" style={{ width: `${pct(after)}%` }} />
              <div className="absolute inset-y-0 left-0 bg-slate-400" style={{ width: `${pct(spent)}%` }} />
              {b.wouldExceed && <div className="absolute inset-y-0 right-0 w-1 bg-rose-500" />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function Warnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-label="Warnings from the server"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <h4 className="font-medium">
        {warnings.length === 1 ? 'The server warns' : `The server sent ${warnings.length} warnings`}
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
    </section>
  );
}

/** Reviewed rate + 10 %, as the server caps a launch reviewed with If-Match. */
export function rateCapOf(rate: string | undefined): string | undefined {
  const units = parseUSD(rate);
  return units === undefined ? undefined : formatUnitsUSD(Math.round(units * 1.1));
}

export function RateGuard({
  rate,
  explicitCap,
  kind,
}: {
  rate: string | undefined;
  explicitCap: string | undefined;
  kind: string;
}) {
  if (!rate) return null;
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
      {explicitCap ? (
        <>
          Rates move between reviews. Your draft caps the rate at{' '}
          <strong className="text-slate-800">{money(explicitCap)}/h</strong> (spec.placement.maxRateUSDPerHour); above
          it the {kind} waits in Queued.
        </>
      ) : (
        <>
          Rates move between reviews. This {kind} will not run above{' '}
          <strong className="text-slate-800">{rateCapOf(rate)}/h</strong> (the reviewed {money(rate)}/h + 10 %): above
          it, it waits in Queued. Set spec.placement.maxRateUSDPerHour for a cap of your own.
        </>
      )}
    </p>
  );
}

export function ServerAdditions({ additions }: { additions: readonly ServerAddition[] }) {
  if (additions.length === 0)
    return <p className="text-xs text-slate-500">The server keeps the draft exactly as written.</p>;
  return (
    <ul aria-label="Filled in by the server" className="space-y-0.5 font-mono text-xs">
      {additions.map((a) => (
        <li key={a.path} className="flex gap-2">
          <span
            className={clsx(
              'shrink-0 rounded px-1 font-sans text-[10px] font-semibold uppercase',
              a.origin === 'default' ? 'bg-sky-100 text-sky-800' : 'bg-slate-100 text-slate-600',
            )}
          >
            {a.draftValue !== undefined ? 'normalized' : a.origin === 'default' ? 'default' : 'server'}
          </span>
          <span className="min-w-0 break-all text-slate-700">
            {a.path}: <span className="text-slate-900">{inlineValue(a.value)}</span>
            {a.draftValue !== undefined && (
              <span className="text-slate-500"> (draft: {inlineValue(a.draftValue)})</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
