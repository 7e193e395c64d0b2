/**
 * The usage report of one Budget (`usage.nodus.dev/v1`, `budget=<name>`), for when it runs out: its burn rate now
 * (what runs among the objects it covers) and its current period. The editor reads only these fields, with the
 * smallest window the API takes, so the report is cheap. Its key is every usage report's, so what makes a
 * project's reports stale (a charge) makes this one stale too.
 */
import { useQueries } from '@tanstack/react-query';
import { getUsageReport, usageKey, type UsageQuery, type UsageReport } from '@/data/usage/index.ts';

/** What the editor reads of the report. */
export interface BudgetUsage {
  status: Pick<UsageReport['status'], 'asOf' | 'burnRateUSDPerHour'> & {
    budget?: { name: string; periodStart?: string; periodEnd: string; limitUSD: string; spentUSD: string };
  };
}

/** How often the date is worked out again while the review is open: charges post every few seconds. */
export const BUDGET_USAGE_REFRESH_MS = 30_000;

function budgetQuery(project: string, budget: string): UsageQuery {
  return { project, window: '1h', step: '1h', groupBy: 'none', budget, maxSeries: 1 };
}

export function useBudgetUsages(project: string, budgets: readonly string[]) {
  return useQueries({
    queries: budgets.map((budget) => ({
      queryKey: usageKey(budgetQuery(project, budget)),
      // A review is read now: a report that keeps failing is given up after 20 s and said to be unknown, where
      // reads elsewhere keep trying for 5 minutes.
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<BudgetUsage> =>
        getUsageReport(budgetQuery(project, budget), signal, { retryMs: 20_000, priority: 'low' }),
      staleTime: 5_000,
      refetchInterval: BUDGET_USAGE_REFRESH_MS,
      retry: false,
    })),
  });
}
