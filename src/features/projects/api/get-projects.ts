/** GET /api/v1/namespaces: the projects the key can see, sorted by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { namespacesPath } from '@/data/client/index.ts';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';
import type { Project } from '@/shared/protocol.ts';

export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  const list = await apiClient.list<Project>(namespacesPath(), { signal });
  return [...list.items].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
}

export function projectsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects(),
    queryFn: ({ signal }) => getProjects(signal),
    // A deleted project stays Terminating until everything in it is gone: follow it until it has.
    refetchInterval: (query) => (query.state.data?.some((p) => p.status?.phase === 'Terminating') ? 1000 : 30_000),
  });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
