/**
 * One object, live: a list-then-watch of its kind in its project with `fieldSelector=metadata.name=<name>`,
 * shared through src/data/watch, so the view updates in place. When the watch reports it gone, the last state
 * is kept and marked deleted (with when that was noticed). When it was never there, one GET asks the API why,
 * so the person sees the API's own 404 (reason, message, fix, requestId).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { getObject } from '@/data/objects.ts';
import { queryKeys } from '@/data/query-keys.ts';
import { useListWatch, type ListWatchSnapshot } from '@/data/watch/use-list-watch.tsx';
import type { NodusObject } from '@/shared/protocol.ts';

export type ObjectKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

export interface LiveObject {
  /** The object now, or its last state once deleted; undefined until it is first seen. */
  object: NodusObject | undefined;
  /** It was seen and is gone now (ms since the epoch when the watch reported it). */
  deletedAt: number | undefined;
  /** The watch, for the live indicator (status, since, error, retry). */
  watch: ListWatchSnapshot<NodusObject>;
  /** Why there is nothing to show: the API's answer to a GET of an object the list did not hold. */
  error: unknown;
  loading: boolean;
  retry: () => void;
}

export function useLiveObject(kind: ObjectKind, project: string, name: string): LiveObject {
  const watch = useListWatch({
    group: kind.group,
    version: kind.version,
    plural: kind.plural,
    namespace: project,
    fieldSelector: `metadata.name=${name}`,
  });
  const current = watch.items.find((o) => o.metadata.name === name);
  const [last, setLast] = useState<NodusObject | undefined>(undefined);
  const [deletedAt, setDeletedAt] = useState<number | undefined>(undefined);
  // State kept from earlier renders (React's documented pattern): the last object seen, and when it went.
  if (current && current !== last) setLast(current);
  if (current && deletedAt !== undefined) setDeletedAt(undefined);
  if (!current && last && watch.synced && deletedAt === undefined) setDeletedAt(Date.now());

  const missing = watch.synced && !current && !last;
  const probe = useQuery({
    queryKey: [...queryKeys.object(kind, project, name), watch.syncedAt] as const,
    queryFn: ({ signal }) => getObject(kind, project, name, { signal, retry: false }),
    enabled: missing,
    retry: false,
    staleTime: Infinity,
  });

  const object = current ?? last ?? (missing ? probe.data : undefined);
  const neverSynced = !watch.synced && watch.status === 'stale';
  return {
    object,
    deletedAt: current ? undefined : deletedAt,
    watch,
    error: object ? undefined : neverSynced ? watch.error : missing ? (probe.error ?? undefined) : undefined,
    loading: !object && (!watch.synced ? !neverSynced : probe.isPending),
    retry: () => {
      watch.retry();
      if (missing) void probe.refetch();
    },
  };
}
