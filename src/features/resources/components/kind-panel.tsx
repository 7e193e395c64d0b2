/** One kind's list in a project, with its loading, empty and error states. */
import type { KindInfo } from '../../../api/index.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { FolderIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { titleCase } from '../../../lib/format.ts';
import { useObjects } from '../api/list-objects.ts';
import { ObjectTable } from './object-table.tsx';

export function KindPanel({ kind, project }: { kind: KindInfo; project: string }) {
  const objects = useObjects(kind, project);
  const title = titleCase(kind.plural);

  if (objects.isPending) {
    return (
      <div aria-label={`Loading ${kind.plural}`} aria-busy="true" className="space-y-3 p-4">
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
  if (objects.isError) {
    return (
      <ErrorPanel
        embedded
        error={objects.error}
        title={`Could not list ${kind.plural} in ${project}`}
        onRetry={() => void objects.refetch()}
        retrying={objects.isFetching}
      />
    );
  }
  if (objects.data.items.length === 0) {
    return (
      <EmptyState title={`No ${kind.plural} in ${project}`} icon={<FolderIcon className="size-6" />}>
        When a {kind.kind} is created in this project, it will be listed here.
      </EmptyState>
    );
  }
  return <ObjectTable kind={kind} items={objects.data.items} label={title} />;
}
