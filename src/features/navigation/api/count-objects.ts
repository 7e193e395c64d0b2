/**
 * The sidebar's counts, refreshed every 15 s; the open table's kind counts from its watch instead (src/data/object-counts.ts).
 * A count is asked only where the key may list the kind: the shell keeps the last project on the projects page,
 * which may be one the key has no role in, and a 403 there would be an error for nothing (and make every
 * access answer be asked again, src/data/access/forbidden.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useAccess } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';
import { objectCountQueryOptions } from '@/data/object-counts.ts';

export type CountKind = Pick<KindInfo, 'group' | 'version' | 'plural'>;

export function useObjectCount(kind: CountKind, project: string | undefined) {
  // Every project's list shows what the key may read, so only a project's own list can be refused.
  const access = useAccess(
    project === undefined ? undefined : { verb: 'list', group: kind.group, resource: kind.plural, namespace: project },
  );
  const refused = !access.allowed && !access.pending ? access.reason : undefined;
  const count = useQuery({
    ...objectCountQueryOptions(kind, project),
    refetchInterval: 15_000,
    enabled: access.allowed,
  });
  return { count, refused };
}
