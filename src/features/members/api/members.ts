/**
 * A project's members, live: its RoleBindings (`rbac.authorization.k8s.io/v1`), the user directory
 * (`iam.nodus.dev/v1` Users) for names, and the built-in roles for what each allows; and the two changes the page
 * makes, each first sent as a server dry-run (the review) and then for real. The bindings are watched as the
 * tables watch their kinds, so a grant made in another tab or with kubectl shows here at once.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '@/data/api-client.ts';
import { resourcePath } from '@/data/client/index.ts';
import { FIELD_MANAGER } from '@/data/objects.ts';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import {
  ANNOTATION_DESCRIPTION,
  IAM_GROUP,
  RBAC_GROUP,
  type BindingObject,
  type RoleObject,
  type User,
} from '@/shared/iam.ts';
import { removal, type Member } from '../model/members.ts';

const RBAC = { group: RBAC_GROUP, version: 'v1' } as const;
const ROLE_BINDINGS = { ...RBAC, plural: 'rolebindings' } as const;
const CLUSTER_ROLES = { ...RBAC, plural: 'clusterroles' } as const;
const USERS = { group: IAM_GROUP, version: 'v1', plural: 'users' } as const;

export function useProjectBindings(project: string): ListWatchSnapshot<BindingObject> {
  return useListWatch<BindingObject>({ ...ROLE_BINDINGS, namespace: project });
}

/**
 * The directory and the roles are read once (and again when the page is opened later), not watched: they change
 * rarely, and each watch holds one of the six connections a browser gives an origin.
 */
function useListOnce<T>(target: typeof USERS | typeof CLUSTER_ROLES) {
  return useQuery({
    queryKey: ['nodus', 'members', target.group, target.plural] as const,
    queryFn: ({ signal }) => apiClient.get<{ items: T[] }>(resourcePath(target, target.plural), { signal }),
    staleTime: 60_000,
  });
}

export function useUsers(): ReadonlyMap<string, User> {
  const list = useListOnce<User>(USERS).data;
  return useMemo(() => new Map((list?.items ?? []).map((u) => [u.metadata.name ?? '', u])), [list]);
}

/** What each ClusterRole is for, in the words the API keeps on it. */
export function useRoleDescriptions(): ReadonlyMap<string, string> {
  const list = useListOnce<RoleObject>(CLUSTER_ROLES).data;
  return useMemo(
    () =>
      new Map(
        (list?.items ?? []).map((r) => [r.metadata.name ?? '', r.metadata.annotations?.[ANNOTATION_DESCRIPTION] ?? '']),
      ),
    [list],
  );
}

const bindingsPath = (project: string, name?: string) =>
  resourcePath(RBAC, 'rolebindings', { namespace: project, ...(name ? { name } : {}) });

const dryRunParams = (dryRun: boolean) => ({ fieldManager: FIELD_MANAGER, ...(dryRun ? { dryRun: 'All' } : {}) });

/** Creates the binding; `dryRun` asks the API whether it would, escalation and all, without making it. */
export function grantRole(project: string, binding: BindingObject, dryRun: boolean): Promise<BindingObject> {
  return apiClient.request<BindingObject>(bindingsPath(project), {
    method: 'POST',
    params: dryRunParams(dryRun),
    body: binding,
  });
}

/**
 * Takes one member out of a binding: the binding goes when it names no one else; otherwise it is updated without
 * them, with its resourceVersion, so a change made meanwhile is a Conflict rather than lost.
 */
export function removeGrant(
  project: string,
  binding: BindingObject,
  member: Pick<Member, 'kind' | 'name'>,
  dryRun: boolean,
): Promise<unknown> {
  const name = binding.metadata.name ?? '';
  const how = removal(binding, member);
  if (how.delete) {
    return apiClient.request(bindingsPath(project, name), {
      method: 'DELETE',
      params: dryRun ? { dryRun: 'All' } : {},
      body: {
        apiVersion: 'v1',
        kind: 'DeleteOptions',
        preconditions: { uid: binding.metadata.uid, resourceVersion: binding.metadata.resourceVersion },
      },
    });
  }
  return apiClient.request(bindingsPath(project, name), {
    method: 'PUT',
    params: dryRunParams(dryRun),
    body: how.body,
  });
}
