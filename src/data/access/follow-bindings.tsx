/**
 * Roles change while people work: when the project's RoleBindings change (someone was given or lost a role, in
 * any tab or with kubectl), every cached access answer is asked again, so a button turns on or off without a
 * reload. Only where the key may watch the bindings: a watch it may not make would be refused over and over.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RBAC_GROUP } from '@/shared/iam.ts';
import { queryKeys } from '../query-keys.ts';
import { useListWatch } from '../watch/use-list-watch.tsx';
import { useAccess } from './use-access.ts';

export function AccessFollowsBindings({ project }: { project: string }) {
  const may = useAccess({ verb: 'watch', group: RBAC_GROUP, resource: 'rolebindings', namespace: project });
  return may.allowed && !may.unverified ? <Follow key={project} project={project} /> : null;
}

function Follow({ project }: { project: string }) {
  const watch = useListWatch({ group: RBAC_GROUP, version: 'v1', plural: 'rolebindings', namespace: project });
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!watch.synced) return;
    // The first list is what the answers were given for; only what changes after it asks them again.
    if (seen.current !== undefined && seen.current !== watch.version)
      void queryClient.invalidateQueries({ queryKey: queryKeys.access() });
    seen.current = watch.version;
  }, [watch.synced, watch.version, queryClient]);
  return null;
}
