/**
 * One kind's objects in a project, live: a shared watch lists them, then applies every change as it happens.
 * Loading, empty and error states as before; a strip above the table says how current the list is.
 */
import type { KindInfo } from '../../../api/index.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { FolderIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { titleCase } from '../../../lib/format.ts';
import { useWatchedList } from '../api/use-watched-list.ts';
import { ObjectTable } from './object-table.tsx';
import { WatchStatus } from './watch-status.tsx';

export function KindPanel({ kind, project }: { kind: KindInfo; project: string }) {
  const objects = useWatchedList(kind, project);
  const title = titleCase(kind.plural);

  if (!objects.synced && objects.status === 'stale') {
    return (
      <ErrorPanel
        embedded
        error={objects.error}
        title={`Could not list ${kind.plural} in ${project}`}
        onRetry={objects.retry}
        retrying={false}
      />
    );
  }
  if (!objects.synced) {
    return (
      <div aria-label={`Loading ${kind.plural}`} aria-busy="true" className="space-y-3 p-4">
        {objects.status === 'reconnecting' || objects.error ? <WatchStatus list={objects} /> : null}
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex items-center gap-6">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="ml-auto h-4 w-10" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-2">
        <p className="text-xs text-slate-500 tabular-nums">
          {objects.items.length} {objects.items.length === 1 ? kind.kind : kind.plural}
        </p>
        <WatchStatus list={objects} />
      </div>
      {objects.items.length === 0 ? (
        <EmptyState title={`No ${kind.plural} in ${project}`} icon={<FolderIcon className="size-6" />}>
          When a {kind.kind} is created in this project, it will appear here.
        </EmptyState>
      ) : (
        <ObjectTable kind={kind} items={objects.items} label={title} />
      )}
    </>
  );
}
