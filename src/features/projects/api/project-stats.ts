/**
 * What each project holds and has spent, for the projects page: one list per kind across all projects
 * (`/apis/{group}/{version}/{plural}`), folded into counts and sums per project as it arrives, so the cache
 * keeps a few numbers per project, not the objects. One list per kind, however many projects there are.
 * Spend is the sum of `status.costUSD`, added as integers (lib/money.ts).
 */
import { useQueries } from '@tanstack/react-query';
import { resourcePath, type KindInfo } from '@/data/client/index.ts';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';
import { parseUSD } from '@/lib/money.ts';
import type { NodusObject } from '@/shared/protocol.ts';

export type StatsKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

/** Per project: objects of this kind, and their spend in ten-thousandths of a dollar. */
export type KindTotals = Map<string, { count: number; spent: number }>;

export async function getKindTotals(kind: StatsKind, signal?: AbortSignal): Promise<KindTotals> {
  const list = await apiClient.list<NodusObject>(resourcePath(kind, kind.plural), { signal, limit: 1000 });
  const totals: KindTotals = new Map();
  for (const object of list.items) {
    const project = object.metadata.namespace ?? '';
    const entry = totals.get(project) ?? { count: 0, spent: 0 };
    entry.count += 1;
    entry.spent += parseUSD(object.status?.costUSD) ?? 0;
    totals.set(project, entry);
  }
  return totals;
}

export interface ProjectStats {
  /** Count per plural, undefined while that kind is loading or failed. */
  count: (project: string, plural: string) => number | undefined;
  /** Spend per project, once every kind has loaded. */
  spent: (project: string) => number | undefined;
  pending: boolean;
  errors: { kind: StatsKind; error: unknown; retry: () => void }[];
}

export function useProjectStats(kinds: readonly StatsKind[]): ProjectStats {
  const results = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: queryKeys.projectStats(kind),
      queryFn: ({ signal }: { signal: AbortSignal }) => getKindTotals(kind, signal),
      staleTime: 10_000,
      refetchInterval: 30_000,
    })),
  });
  const byPlural = new Map(kinds.map((kind, i) => [kind.plural, results[i]?.data]));
  const complete = results.every((r) => r.data !== undefined);
  return {
    count: (project, plural) => {
      const totals = byPlural.get(plural);
      return totals ? (totals.get(project)?.count ?? 0) : undefined;
    },
    spent: (project) =>
      complete ? results.reduce((sum, r) => sum + (r.data?.get(project)?.spent ?? 0), 0) : undefined,
    pending: results.some((r) => r.isPending),
    errors: results.flatMap((r, i) =>
      r.isError && kinds[i] ? [{ kind: kinds[i], error: r.error, retry: () => void r.refetch() }] : [],
    ),
  };
}
