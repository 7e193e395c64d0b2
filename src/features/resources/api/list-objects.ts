/** GET /apis/{group}/{version}/namespaces/{project}/{plural}: every page as one list, or just the count. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourcePath } from '../../../api/index.ts';
import type { KindInfo } from '../../../api/index.ts';
import { apiClient } from '../../../lib/api-client.ts';
import type { NodusObject, ObjectList } from '../../../shared/protocol.ts';

export function listObjects(kind: KindInfo, project: string, signal?: AbortSignal): Promise<ObjectList<NodusObject>> {
  return apiClient.list<NodusObject>(resourcePath(kind, kind.plural, { namespace: project }), { signal });
}

/** Keys start with the project so one invalidation refreshes every kind of a project. */
export function objectsQueryKey(project: string, kind?: Pick<KindInfo, 'group' | 'version' | 'plural'>) {
  return kind
    ? (['nodus', 'objects', 'list', project, `${kind.group}/${kind.version}`, kind.plural] as const)
    : (['nodus', 'objects', 'list', project] as const);
}

export function objectsQueryOptions(kind: KindInfo, project: string) {
  return queryOptions({
    queryKey: objectsQueryKey(project, kind),
    queryFn: ({ signal }) => listObjects(kind, project, signal),
  });
}

export function useObjects(kind: KindInfo, project: string) {
  return useQuery(objectsQueryOptions(kind, project));
}

/**
 * How many objects of a kind a project holds, from one page of one object: the API says how many remain
 * (`remainingItemCount`), so a tab's count does not download 50,000 objects. An API that does not say is
 * listed in full.
 */
export async function countObjects(kind: KindInfo, project: string, signal?: AbortSignal): Promise<number> {
  const path = resourcePath(kind, kind.plural, { namespace: project });
  const page = await apiClient.get<ObjectList<NodusObject>>(path, { params: { limit: 1 }, signal });
  const listed = page.items?.length ?? 0;
  if (!page.metadata?.continue) return listed;
  if (typeof page.metadata.remainingItemCount === 'number') return listed + page.metadata.remainingItemCount;
  return (await listObjects(kind, project, signal)).items.length;
}

export function objectCountQueryOptions(kind: KindInfo, project: string) {
  return queryOptions({
    queryKey: [...objectsQueryKey(project, kind), 'count'] as const,
    queryFn: ({ signal }) => countObjects(kind, project, signal),
  });
}
