/** /all/:plural? — one kind's objects in every project, live: the "All projects" choice of the switcher. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { KindPanel, useProjectKinds } from '@/features/resources/index.ts';
import { titleCase } from '@/lib/format.ts';

export function AllProjectsRoute() {
  const { plural } = useParams();
  const kinds = useProjectKinds();
  const selected = plural ?? kinds.data?.[0]?.plural;
  const kind = kinds.data?.find((k) => k.plural === selected);

  useEffect(() => {
    document.title = `${selected ? `${selected} · ` : ''}All projects · Nodus Console`;
  }, [selected]);

  return (
    <div className="flex h-full min-h-[32rem] flex-col px-6 pt-5 pb-4">
      <Breadcrumb trail={[...scopeCrumbs(undefined), ...(selected ? [{ label: titleCase(selected) }] : [])]} />
      <h1 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">
        {selected ? titleCase(selected) : 'Objects'}
      </h1>
      <section
        aria-label={selected ? `${selected} in all projects` : 'Objects'}
        className="mt-4 flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        {kinds.isPending ? (
          <div role="status" className="space-y-3 p-4" aria-label="Loading kinds" aria-busy="true">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : kinds.isError ? (
          <ErrorPanel
            embedded
            error={kinds.error}
            title="Could not discover the kinds of the Nodus API"
            onRetry={() => void kinds.refetch()}
            retrying={kinds.isFetching}
          />
        ) : kind ? (
          <KindPanel key={kind.plural} kind={kind} project={undefined} />
        ) : (
          <EmptyState title={selected ? `The API has no kind "${selected}"` : 'The API lists no kinds'}>
            Pick a kind on the left.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
