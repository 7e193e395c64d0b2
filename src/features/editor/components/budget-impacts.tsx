/**
 * Each Budget that covers the launch: its bar from the review's own figures (drawn at once, whatever the usage
 * API does), and whether the launch moves the date the Budget runs out, from the Budget's usage report. The
 * report is only ever extra: slow or failing, the line says the date is unknown and why, and Launch never waits
 * for it.
 */
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { isApiError } from '@/data/client/index.ts';
import { parseUSD } from '@/lib/money.ts';
import { kindFacts } from '@/shared/kinds.ts';
import type { Estimate } from '@/shared/protocol.ts';
import { useBudgetUsages, type BudgetUsage } from '../api/budget-usage.ts';
import { budgetBar, outlookOf, type BudgetBar, type Outlook } from '../model/budget-outlook.ts';
import { BudgetBarGraphic, BudgetFigures, OutcomeBadge } from './budget-bar.tsx';
import { PeriodLine } from './period-line.tsx';

function failure(error: unknown): string {
  if (isApiError(error)) return error.code ? `${error.reason}, HTTP ${error.code}` : error.reason;
  return error instanceof Error ? error.message : String(error);
}

/** After this long without a report the line says so, rather than look as if it were still coming. */
export const SLOW_REPORT_MS = 5_000;

interface Props {
  project: string;
  kind: string;
  estimate: Estimate;
  /** The draft's spec.maxCostUSD as the server filled it in: where a kind that keeps running stops. */
  maxCostUSD: string | undefined;
}

export function BudgetImpacts({ project, kind, estimate, maxCostUSD }: Props) {
  const budgets = estimate.budgets ?? [];
  const reports = useBudgetUsages(
    project,
    budgets.map((b) => b.name),
  );
  if (budgets.length === 0) {
    return <p className="text-xs text-slate-500">No Budget in this project covers this {kind}.</p>;
  }
  const runsToCompletion = kindFacts(kind)?.lifecycle === 'run-to-completion';
  const cap = runsToCompletion ? undefined : parseUSD(maxCostUSD);
  return (
    <ul aria-label="Budget impact" className="space-y-3">
      {budgets.map((impact, i) => {
        const bar = budgetBar(impact, estimate.costUSD);
        const report = reports[i];
        return (
          <li
            key={impact.name}
            aria-label={`Budget ${impact.name}`}
            className="rounded-md border border-slate-200 px-3 py-2.5"
          >
            <div className="flex items-center justify-between gap-2">
              <div className="min-w-0 truncate text-sm font-semibold text-slate-900" title={impact.name}>
                {impact.name}
              </div>
              <OutcomeBadge bar={bar} />
            </div>
            <div className="mt-0.5 text-[11px] text-slate-500">
              {impact.enforcement === 'Block' ? 'Blocks launches that go over' : 'Alerts only, never blocks'}
              {bar.thresholds.length > 0 && ` · alerts at ${bar.thresholds.join(', ')} %`}
            </div>
            <BudgetBarGraphic bar={bar} />
            <BudgetFigures bar={bar} />
            <RunOutLine
              bar={bar}
              estimate={estimate}
              runsToCompletion={runsToCompletion}
              cap={cap}
              data={report?.data}
              error={report?.error ?? undefined}
              pending={report?.isPending ?? true}
              onRetry={() => void report?.refetch()}
            />
          </li>
        );
      })}
    </ul>
  );
}

const TONE: Record<Outlook['tone'], string> = {
  moved: 'text-amber-900',
  lasts: 'text-emerald-800',
  over: 'text-rose-700',
  same: 'text-slate-800',
};

function RunOutLine({
  bar,
  estimate,
  runsToCompletion,
  cap,
  data,
  error,
  pending,
  onRetry,
}: {
  bar: BudgetBar;
  estimate: Estimate;
  runsToCompletion: boolean;
  cap: number | undefined;
  data: BudgetUsage | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
}) {
  const slow = useSlow(pending && data === undefined);
  const outlook = data ? outlookOf(bar, estimate, runsToCompletion, cap, data.status) : undefined;
  let body: React.ReactNode;
  if (outlook) {
    body = (
      <>
        <p data-testid="budget-runout" className={clsx('font-semibold', TONE[outlook.tone])}>
          {outlook.words.text}
        </p>
        <PeriodLine period={outlook.period} tone={outlook.tone} />
        <p className="mt-1 text-slate-500">{outlook.detail}</p>
      </>
    );
  } else if (data) {
    body = <Unknown why="the usage report does not say how this Budget is spent." />;
  } else if (error) {
    body = (
      <Unknown why={`the usage report failed (${failure(error)}).`}>
        <button
          type="button"
          onClick={onRetry}
          className="ml-1 font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          Try again
        </button>
      </Unknown>
    );
  } else if (slow) {
    body = <Unknown why={`the usage report has not answered in ${SLOW_REPORT_MS / 1000} s; still asking.`} />;
  } else {
    body = <p className="animate-pulse text-slate-500">Working out when it runs out…</p>;
  }
  return (
    <div className="mt-2.5 border-t border-slate-100 pt-2 text-xs" role="status" aria-live="polite">
      {body}
    </div>
  );
}

function Unknown({ why, children }: { why: string; children?: React.ReactNode }) {
  return (
    <p data-testid="budget-runout-unknown" className="text-slate-600">
      <span className="font-semibold text-slate-800">When it runs out is unknown:</span> {why} The bar above is from the
      review and launching does not depend on this.
      {children}
    </p>
  );
}

function useSlow(waiting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_REPORT_MS);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting]);
  return slow && waiting;
}
