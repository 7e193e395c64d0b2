/**
 * A folder's listing (GET .../files/{path} of a directory). Fetched again when the tab comes back into view and
 * after every write through the console; the shell may change files too, so Refresh asks again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';
import type { FileListing } from '../lib/listing.ts';
import { filesPath, type FilesTarget } from './target.ts';

export function fileListQuery(target: FilesTarget, path: string) {
  return queryOptions({
    queryKey: queryKeys.files(target.kind, target.project, target.name, path),
    queryFn: ({ signal }) => apiClient.get<FileListing>(filesPath(target, path), { signal }),
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

export function useFileList(target: FilesTarget, path: string) {
  return useQuery(fileListQuery(target, path));
}
