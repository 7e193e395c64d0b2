/**
 * The rest of a review beside the estimate and the Budgets (budget-impacts.tsx): every warning the server sent,
 * the rate guard (a launch never runs above the reviewed rate + 10 % unless the draft sets its own cap), and the
 * fields the server filled in.
 */
import { clsx } from 'clsx';
import { formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import { inlineValue, type ServerAddition } from '../model/review-model.ts';
import { money } from './estimate-view.tsx';

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
