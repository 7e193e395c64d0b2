/**
 * How many objects of a kind a project (or every project) holds, cheaply: one list call with `limit=1`, whose
 * answer carries `metadata.remainingItemCount`. The navigation shows these counts; the open table has its own
 * live list.
 */
import { useQuery } from '@tanstack/react-query';
import { resourcePath, type KindInfo } from '../../../api/index.ts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ObjectList } from '../../../shared/protocol.ts';

export type CountKind = Pick<KindInfo, 'group' | 'version' | 'plural'>;

export async function countObjects(kind: CountKind, project: string | undefined, signal?: AbortSignal): Promise<number> {
  const path = resourcePath(kind, kind.plural, project ? { namespace: project } : {});
  // One page on purpose: `list` would follow `continue` through every object.
  const page = await apiClient.get<ObjectList>(path, { params: { limit: 1 }, signal });
  return (page.items?.length ?? 0) + (page.metadata?.remainingItemCount ?? 0);
}

export function useObjectCount(kind: CountKind, project: string | undefined) {
  return useQuery({
    queryKey: ['nodus', 'counts', project ?? null, `${kind.group}/${kind.version}`, kind.plural] as const,
    queryFn: ({ signal }) => countObjects(kind, project, signal),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}
