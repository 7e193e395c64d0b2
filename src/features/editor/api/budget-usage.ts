/**
 * The usage report of one Budget (`usage.nodus.dev/v1`, `budget=<name>`), for when it runs out: its burn rate now
 * (what runs among the objects it covers) and its current period. The editor reads only these fields, with the
 * smallest window the API takes, so the report is cheap; a feature keeps its own thin fetch rather than import the
 * usage feature.
 */
import { useQueries } from '@tanstack/react-query';
import { apiClient } from '@/data/api-client.ts';

export interface BudgetUsage {
  status: {
    asOf: string;
    burnRateUSDPerHour: string;
    budget?: { name: string; periodStart?: string; periodEnd: string; limitUSD: string; spentUSD: string };
  };
}

const QUERY = { window: '1h', step: '1h', groupBy: 'none', maxSeries: '1' };

/** How often the date is worked out again while the review is open: charges post every few seconds. */
export const BUDGET_USAGE_REFRESH_MS = 30_000;

/**
 * The same shape as every usage report's key (project, window, step, groupBy, budget, object, maxSeries), so
 * what makes a project's reports stale makes this one stale too.
 */
export function budgetUsageKey(project: string, budget: string) {
  return ['nodus', 'usage', project, QUERY.window, QUERY.step, QUERY.groupBy, budget, '', 1] as const;
}

export function getBudgetUsage(project: string, budget: string, signal?: AbortSignal): Promise<BudgetUsage> {
  const path = `/apis/usage.nodus.dev/v1/namespaces/${encodeURIComponent(project)}/usage`;
  // A review is read now: a report that keeps failing is given up after 20 s and said to be unknown, where reads
  // elsewhere keep trying for 5 minutes.
  return apiClient.get<BudgetUsage>(path, {
    params: { ...QUERY, budget },
    signal,
    retry: { maxElapsedMs: 20_000 },
    priority: 'low',
  });
}

export function useBudgetUsages(project: string, budgets: readonly string[]) {
  return useQueries({
    queries: budgets.map((budget) => ({
      queryKey: budgetUsageKey(project, budget),
      queryFn: ({ signal }: { signal: AbortSignal }) => getBudgetUsage(project, budget, signal),
      staleTime: 5_000,
      refetchInterval: BUDGET_USAGE_REFRESH_MS,
      retry: false,
    })),
  });
}
