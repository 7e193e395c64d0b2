/** /all/:plural? — one kind's objects in every project, live: the "All projects" choice of the switcher. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { KindInfo } from '../../api/index.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorPanel } from '../../components/ui/error-panel.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ObjectsAcrossProjects } from '../../features/overview/index.ts';
import { WatchStatus, useProjectKinds, useWatchedList } from '../../features/resources/index.ts';
import { titleCase } from '../../lib/format.ts';
import { paths } from '../paths.ts';

export function AllProjectsRoute() {
  const { plural } = useParams();
  const kinds = useProjectKinds();
  const selected = plural ?? kinds.data?.[0]?.plural;
  const kind = kinds.data?.find((k) => k.plural === selected);

  useEffect(() => {
    document.title = `${selected ? `${selected} · ` : ''}All projects · Nodus Console`;
  }, [selected]);

  return (
    <div className="px-6 pt-5 pb-8">
      <p className="text-xs font-medium uppercase tracking-wider text-slate-500">All projects</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{selected ? titleCase(selected) : 'Objects'}</h1>
      <section aria-label={selected ? `${selected} in all projects` : 'Objects'} className="mt-6 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        {kinds.isPending ? (
          <div className="space-y-3 p-4" aria-label="Loading kinds" aria-busy="true">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : kinds.isError ? (
          <ErrorPanel embedded error={kinds.error} title="Could not discover the kinds of the Nodus API" onRetry={() => void kinds.refetch()} retrying={kinds.isFetching} />
        ) : kind ? (
          <AllOfKind key={kind.plural} kind={kind} />
        ) : (
          <EmptyState title={selected ? `The API has no kind "${selected}"` : 'The API lists no kinds'}>Pick a kind on the left.</EmptyState>
        )}
      </section>
    </div>
  );
}

function AllOfKind({ kind }: { kind: KindInfo }) {
  const objects = useWatchedList(kind, undefined);
  if (!objects.synced && objects.status === 'stale') {
    return <ErrorPanel embedded error={objects.error} title={`Could not list ${kind.plural} in all projects`} onRetry={objects.retry} />;
  }
  if (!objects.synced) {
    return (
      <div aria-label={`Loading ${kind.plural}`} aria-busy="true" className="space-y-3 p-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-4 w-2/3" />
        ))}
      </div>
    );
  }
  return (
    <ObjectsAcrossProjects
      plural={kind.plural}
      items={objects.items}
      label={titleCase(kind.plural)}
      objectHref={(project, name) => paths.object(project, kind.plural, name)}
      projectHref={(project) => paths.project(project, kind.plural)}
      status={<WatchStatus list={objects} />}
    />
  );
}
