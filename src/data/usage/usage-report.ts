/**
 * The usage API (`usage.nodus.dev/v1`): spend over time from the server's ledger of charges. A report is computed
 * on each GET (it has no resourceVersion and no watch), so views poll it, and refetch it when a watch shows money
 * moving (see use-live-spend.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/data/api-client.ts';
import type { QueryParams } from '@/data/client/index.ts';

export {
  USAGE_API_VERSION as USAGE_GROUP_VERSION,
  type BudgetForecast,
  type SeriesKey,
  type TopSpender,
  type UsagePoint,
  type UsageReport,
  type UsageSeries,
} from '@/shared/usage.ts';
import { USAGE_API_VERSION as USAGE_GROUP_VERSION, type UsageReport } from '@/shared/usage.ts';

export interface UsageQuery {
  /** Undefined: every project. */
  project?: string | undefined;
  /** `24h`, `7d`, `30d`, or `<RFC 3339 start>/<RFC 3339 end>`. */
  window: string;
  step?: string | undefined;
  /** `none`, `kind`, `label:<key>`, `object`, `project`. */
  groupBy?: string | undefined;
  budget?: string | undefined;
  /** `Kind/name`. */
  object?: string | undefined;
  maxSeries?: number | undefined;
}

export function usagePath(project: string | undefined): string {
  return project
    ? `/apis/${USAGE_GROUP_VERSION}/namespaces/${encodeURIComponent(project)}/usage`
    : `/apis/${USAGE_GROUP_VERSION}/usage`;
}

function params(q: UsageQuery): QueryParams {
  return {
    window: q.window,
    step: q.step,
    groupBy: q.groupBy,
    budget: q.budget,
    object: q.object,
    maxSeries: q.maxSeries === undefined ? undefined : String(q.maxSeries),
  };
}

export function getUsageReport(
  q: UsageQuery,
  signal?: AbortSignal,
  /** How long a failing read is retried (the client's default: minutes), and its place in the queue. */
  options: { retryMs?: number; priority?: 'low' } = {},
): Promise<UsageReport> {
  return apiClient.get<UsageReport>(usagePath(q.project), {
    params: params(q),
    signal,
    ...(options.retryMs === undefined ? {} : { retry: { maxElapsedMs: options.retryMs } }),
    ...(options.priority ? { priority: options.priority } : {}),
  });
}

export function usageKey(q: UsageQuery) {
  return [
    'nodus',
    'usage',
    q.project ?? null,
    q.window,
    q.step ?? '',
    q.groupBy ?? '',
    q.budget ?? '',
    q.object ?? '',
    q.maxSeries ?? 0,
  ] as const;
}

/** Every usage report (of one project, or `null`: the all-projects ones): what a charge makes stale. */
export function usageKeys(project?: string | null) {
  return project === undefined ? (['nodus', 'usage'] as const) : (['nodus', 'usage', project] as const);
}

/** How often a report is fetched again when no watch says money moved: charges post every few seconds. */
export const USAGE_REFRESH_MS = 30_000;

export function usageQueryOptions(q: UsageQuery) {
  return queryOptions({
    queryKey: usageKey(q),
    queryFn: ({ signal }) => getUsageReport(q, signal),
    staleTime: 5_000,
    refetchInterval: USAGE_REFRESH_MS,
    // A new window or grouping keeps the old chart on screen until the new figures arrive: no blank flash.
    placeholderData: keepPreviousData,
  });
}

export function useUsageReport(q: UsageQuery, enabled = true) {
  return useQuery({ ...usageQueryOptions(q), enabled });
}
