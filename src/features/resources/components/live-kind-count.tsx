/**
 * The count of the kind whose table is open, for the sidebar: from the table's own live watch (the same one,
 * shared), so it moves with the rows; while the table's selectors narrow that watch, counted from a one-object
 * page as the other kinds are (src/data/object-counts.ts) rather than opening a second, unfiltered watch.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { AlertIcon } from '@/components/ui/icons.tsx';
import { objectCountQueryOptions } from '@/data/object-counts.ts';
import { useWatchedRows } from '../api/use-watched-list.ts';
import { readTableParams } from '../table/view-params.ts';

export function LiveKindCount({ kind, project }: { kind: KindInfo; project: string }) {
  const [search] = useSearchParams();
  const params = readTableParams(search);
  return params.labels || params.phase ? (
    <ListedCount kind={kind} project={project} />
  ) : (
    <WatchedCount kind={kind} project={project} />
  );
}

function WatchedCount({ kind, project }: { kind: KindInfo; project: string }) {
  const objects = useWatchedRows(kind, project);
  if (objects.synced) return <>{objects.size}</>;
  return objects.status === 'stale' ? <Failed /> : <>·</>;
}

function ListedCount({ kind, project }: { kind: KindInfo; project: string }) {
  const count = useQuery({ ...objectCountQueryOptions(kind, project), refetchInterval: 15_000 });
  if (count.isError) return <Failed />;
  return <>{count.data ?? '·'}</>;
}

function Failed() {
  return (
    <AlertIcon role="img" aria-hidden={false} aria-label="count failed" className="inline size-3.5 text-rose-400" />
  );
}
