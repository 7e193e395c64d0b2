/**
 * The objects the palette can jump to: for each kind, the first page of its list across every project, names
 * only. One page per kind keeps opening the palette cheap at any scale; a name beyond it is still one filter
 * away on its kind's page.
 */
import { useQueries } from '@tanstack/react-query';
import { resourcePath, type KindInfo } from '@/data/client/index.ts';
import { apiClient } from '@/data/api-client.ts';
import { queryKeys } from '@/data/query-keys.ts';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';

export const NAMES_PER_KIND = 500;

export interface ObjectName {
  name: string;
  project: string;
  kind: string;
  plural: string;
  /** status.phase, for the actions that need a running object (a terminal). */
  phase?: string;
}

export type NameKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

async function listNames(kind: NameKind, signal: AbortSignal): Promise<ObjectName[]> {
  const path = resourcePath(kind, kind.plural);
  const page = await apiClient.get<ObjectList<NodusObject>>(path, { params: { limit: NAMES_PER_KIND }, signal });
  return (page.items ?? []).map((o) => ({
    name: o.metadata.name ?? '',
    project: o.metadata.namespace ?? '',
    kind: kind.kind,
    plural: kind.plural,
    ...(typeof o.status?.phase === 'string' ? { phase: o.status.phase } : {}),
  }));
}

/** Loaded only while the palette is open. */
export function useObjectNames(kinds: readonly NameKind[], enabled: boolean) {
  const results = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: queryKeys.objectNames(kind),
      queryFn: ({ signal }: { signal: AbortSignal }) => listNames(kind, signal),
      enabled,
      staleTime: 15_000,
    })),
  });
  return {
    names: results.flatMap((r) => r.data ?? []),
    loading: results.some((r) => r.isFetching),
    failed: results.filter((r) => r.isError).length,
  };
}
