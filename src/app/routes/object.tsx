/** /projects/:project/:plural/:name — one object, found by the kind discovery names `plural`. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorPanel } from '../../components/ui/error-panel.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ObjectSummary } from '../../features/object-summary/index.ts';
import { useProjectKinds } from '../../features/resources/index.ts';
import { paths } from '../paths.ts';

export function ObjectRoute() {
  const { project = '', plural = '', name = '' } = useParams();
  const kinds = useProjectKinds();
  const kind = kinds.data?.find((k) => k.plural === plural);

  useEffect(() => {
    document.title = `${name} · ${plural} · ${project} · Nodus Console`;
  }, [project, plural, name]);

  if (kinds.isPending) {
    return (
      <div className="mx-auto max-w-5xl space-y-3 px-8 py-8" aria-busy="true">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (kinds.isError) {
    return (
      <div className="mx-auto max-w-5xl px-8 py-8">
        <ErrorPanel error={kinds.error} title="Could not discover the kinds of the Nodus API" onRetry={() => void kinds.refetch()} />
      </div>
    );
  }
  if (!kind) return <EmptyState title={`The API has no kind "${plural}"`}>Pick a kind on the left.</EmptyState>;
  return <ObjectSummary key={`${project}/${plural}/${name}`} kind={kind} project={project} name={name} projectHref={paths.project(project)} kindHref={paths.project(project, plural)} />;
}
