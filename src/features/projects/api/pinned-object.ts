/**
 * Whether a pinned object is still there: one GET, asked only where pins are shown with their state (the
 * Projects page), each time that page opens and never polled. 404 is gone; 403 is out of the key's sight; a
 * brief outage is waited out, and any other failure says nothing.
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
    queryFn: ({ signal }) => getObject(kind!, project, name, { signal, retry: { maxElapsedMs: 20_000 } }),
    enabled: kind !== undefined,
    retry: false,
    staleTime: 30_000,
    // A pin deleted since the page last opened must show as gone now, not once the cached answer ages.
    refetchOnMount: 'always',
  });
  if (kind === undefined) return 'unknown';
  if (query.isPending) return 'checking';
  if (query.isSuccess) return 'there';
  const code = isApiError(query.error) ? query.error.code : 0;
  return code === 404 ? 'gone' : code === 403 ? 'hidden' : 'unknown';
}
