/** The sidebar's counts, refreshed every 15 s; the kind tabs share the same query (src/data/object-counts.ts). */
import { useQuery } from '@tanstack/react-query';
import { objectCountQueryOptions, type CountKind } from '@/data/object-counts.ts';

export type { CountKind };

export function useObjectCount(kind: CountKind, project: string | undefined) {
  return useQuery({ ...objectCountQueryOptions(kind, project), refetchInterval: 15_000 });
}
