/**
 * Whether a pinned object is still there: one GET, asked only where pins are shown with their state (the
 * Projects page), never polled. 404 is gone; 403 is out of the key's sight; any other failure says nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { isApiError, type KindInfo } from '@/data/client/index.ts';
import { getObject } from '@/data/objects.ts';
import { queryKeys } from '@/data/query-keys.ts';

export type PinnedState = 'checking' | 'there' | 'gone' | 'hidden' | 'unknown';

export function usePinnedObject(
  kind: Pick<KindInfo, 'group' | 'version' | 'plural'> | undefined,
  project: string,
  name: string,
): PinnedState {
  const query = useQuery({
    queryKey: queryKeys.object(kind ?? { group: '', version: '', plural: '' }, project, name),
    queryFn: ({ signal }) => getObject(kind!, project, name, { signal, retry: false }),
    enabled: kind !== undefined,
    retry: false,
    staleTime: 30_000,
  });
  if (kind === undefined) return 'unknown';
  if (query.isPending) return 'checking';
  if (query.isSuccess) return 'there';
  const code = isApiError(query.error) ? query.error.code : 0;
  return code === 404 ? 'gone' : code === 403 ? 'hidden' : 'unknown';
}
