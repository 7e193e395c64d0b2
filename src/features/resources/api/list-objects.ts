/** GET /apis/{group}/{version}/namespaces/{project}/{plural}: every page as one list. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourcePath } from '../../../data/client/index.ts';
import type { KindInfo } from '../../../data/client/index.ts';
import { apiClient } from '../../../data/api-client.ts';
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
