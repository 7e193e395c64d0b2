/**
 * GET /apis/nodus.dev/v1: the kinds come from discovery, so a kind the API adds shows up without code.
 * Only top-level, namespaced, listable resources belong in a project view.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NODUS_GROUP_VERSION, groupVersionPath, kindsFromDiscovery } from '@/data/client/index.ts';
import type { APIResourceList, GroupVersion, KindInfo } from '@/data/client/index.ts';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';

export async function getKinds(gv: GroupVersion, signal?: AbortSignal): Promise<KindInfo[]> {
  const list = await apiClient.get<APIResourceList>(groupVersionPath(gv), { signal });
  return kindsFromDiscovery(list, gv);
}

export function kindsQueryOptions(gv: GroupVersion = NODUS_GROUP_VERSION) {
  return queryOptions({
    queryKey: queryKeys.discovery(gv),
    queryFn: ({ signal }) => getKinds(gv, signal),
    // Discovery changes only when the API is upgraded.
    staleTime: 5 * 60_000,
  });
}

/** Kinds that can be listed inside a project. */
export function projectKinds(kinds: KindInfo[]): KindInfo[] {
  return kinds.filter((k) => k.namespaced && k.verbs.includes('list'));
}

export function useProjectKinds() {
  return useQuery({ ...kindsQueryOptions(), select: projectKinds });
}
