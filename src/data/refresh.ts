/**
 * The Refresh of a project's page: what the page shows is its kinds' counts (queries) and the open kind's
 * objects (a watch), so both are read again; invalidating a query no view uses would refresh nothing.
 */
import { useIsFetching, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from './query-keys.ts';
import type { WatchRegistry } from './watch/index.ts';
import { useWatchRegistry } from './watch/use-list-watch.tsx';

/** Lists again every watch of the project (every kind, every selector) and refetches its counts. */
export function refreshProject(queryClient: QueryClient, registry: WatchRegistry, project: string): Promise<void> {
  registry.relist((target) => target.namespace === project);
  return queryClient.invalidateQueries({ queryKey: queryKeys.counts(project) });
}

export function useRefreshProject(project: string): { refresh: () => void; fetching: boolean } {
  const queryClient = useQueryClient();
  const registry = useWatchRegistry();
  const fetching = useIsFetching({ queryKey: queryKeys.counts(project) }) > 0;
  const refresh = useCallback(
    () => void refreshProject(queryClient, registry, project),
    [queryClient, registry, project],
  );
  return { refresh, fetching };
}
