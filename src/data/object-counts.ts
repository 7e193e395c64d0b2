/**
 * How many objects of a kind a project (or every project) holds, cheaply: one list call with `limit=1`, whose
 * answer carries `metadata.remainingItemCount`, so a count does not download 50,000 objects. An API that does
 * not say how many remain is listed in full. The sidebar, and the open table's kind while filtered, show the same counts through one
 * query (one request per kind, not one per place that shows it). A table's list goes first over the browser's six
 * connections to the API: counts wait while one loads (foreground.ts) and are asked at low priority.
 */
import { queryOptions } from '@tanstack/react-query';
import { countList, resourcePath, type KindInfo } from './client/index.ts';
import { apiClient } from './api-client.ts';
import { foregroundIdle } from './foreground.ts';
import { queryKeys } from './query-keys.ts';

export type CountKind = Pick<KindInfo, 'group' | 'version' | 'plural'>;

/** The longest a count waits for the lists being loaded (foreground.ts). */
export const COUNT_WAIT_MS = 5_000;

export async function countObjects(
  kind: CountKind,
  project: string | undefined,
  signal?: AbortSignal,
): Promise<number> {
  await foregroundIdle(COUNT_WAIT_MS, signal);
  const path = resourcePath(kind, kind.plural, project ? { namespace: project } : {});
  const counted = await countList(apiClient, path, { signal, priority: 'low' });
  return counted ?? (await apiClient.list(path, { signal })).items.length;
}

export function objectCountQueryOptions(kind: CountKind, project: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.count(kind, project),
    queryFn: ({ signal }) => countObjects(kind, project, signal),
    staleTime: 5_000,
  });
}
