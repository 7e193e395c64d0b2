/**
 * Create and delete a project (`/api/v1/namespaces`). A create by name is safe to repeat, and is sent with an
 * Idempotency-Key so a retry after a lost answer finishes it. A delete is never retried blindly: the project
 * goes Terminating while what it holds is stopped and charged, then vanishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { namespacesPath, newIdempotencyKey } from '@/data/client/index.ts';
import { apiClient } from '@/data/api-client.ts';
import { FIELD_MANAGER } from '@/data/objects.ts';
import type { Project } from '@/shared/protocol.ts';
import { queryKeys } from '@/data/query-keys.ts';

export function createProject(name: string): Promise<Project> {
  return apiClient.request<Project>(namespacesPath(), {
    method: 'POST',
    params: { fieldManager: FIELD_MANAGER },
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    idempotencyKey: newIdempotencyKey(),
  });
}

export function deleteProject(name: string): Promise<Project> {
  return apiClient.request<Project>(`${namespacesPath()}/${encodeURIComponent(name)}`, { method: 'DELETE' });
}

/**
 * The write is done once the project list says so; the counts (a list of every object of each kind, long on a big
 * org or a slow API) refresh behind it rather than hold the dialog open.
 */
function useRefreshProjects() {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectStats() });
    await queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
  };
}

export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({ mutationFn: createProject, onSuccess: refresh });
}

export function useDeleteProject() {
  const refresh = useRefreshProjects();
  return useMutation({ mutationFn: deleteProject, onSuccess: refresh });
}
