/**
 * Writes to a tree other than uploads (uploads.ts): delete a file or a folder (recursive for one with something in
 * it, which the confirmation says) and make a folder. Each makes the tree's listings stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';
import { filesPath, type FilesTarget } from './target.ts';

export function invalidateTree(queryClient: QueryClient, target: FilesTarget): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.files(target.kind, target.project, target.name) });
}

export async function deleteEntry(target: FilesTarget, path: string, recursive: boolean): Promise<void> {
  await apiClient.request(filesPath(target, path), {
    method: 'DELETE',
    params: recursive ? { recursive: 'true' } : undefined,
  });
}

export async function makeFolder(target: FilesTarget, path: string): Promise<void> {
  await apiClient.request(filesPath(target, path), { method: 'PUT', params: { type: 'directory' } });
}
