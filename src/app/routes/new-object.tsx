/**
 * /projects/:project/new/:plural — write a new object in the YAML editor, review its cost, launch it.
 *
 * State contract: navigate here with `state: { yaml: string }` (e.g. "create a new object from this edit") to
 * start from that text; a different draft already kept for this project and kind is set aside, not lost. The
 * state is consumed once (replaced in history), so a reload keeps the person's later edits.
 *
 * The editor feature (Monaco, the `yaml` package) is loaded lazily: none of it is in the table's initial JS.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { useProjectKinds } from '@/features/resources/index.ts';
import { invalidateObject } from '@/data/objects.ts';
import { paths } from '../paths.ts';
import { NewObjectSkeleton } from './new-object-skeleton.tsx';

const NewObjectPage = lazy(() => import('@/features/editor/index.ts').then((m) => ({ default: m.NewObjectPage })));

function incomingYaml(state: unknown): string | undefined {
  const yaml = (state as { yaml?: unknown } | null)?.yaml;
  return typeof yaml === 'string' ? yaml : undefined;
}

export function NewObjectRoute() {
  const { project = '', plural = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kinds = useProjectKinds();
  const kind = kinds.data?.find((k) => k.plural === plural);
  // Read once: the page starts from it, and the history entry is replaced so a reload does not start over.
  const [incoming] = useState(() => incomingYaml(location.state));

  useEffect(() => {
    document.title = `New ${kind?.kind ?? plural} · ${project} · Nodus Console`;
  }, [kind, plural, project]);

  useEffect(() => {
    if (incomingYaml(location.state) !== undefined)
      void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location, navigate]);

  const onLaunched = useCallback(
    ({ object }: { object: { metadata: { name?: string } } }) => {
      // The navigation's counts poll; a launch is a reason to ask now.
      void invalidateObject(queryClient);
      void navigate(paths.object(project, plural, object.metadata.name ?? ''), { state: { launched: true } });
    },
    [navigate, queryClient, project, plural],
  );

  if (kinds.isPending) return <NewObjectSkeleton />;
  if (kinds.isError) {
    return (
      <div className="mx-auto max-w-6xl px-8 py-8">
        <ErrorPanel
          error={kinds.error}
          title="Could not discover the kinds of the Nodus API"
          onRetry={() => void kinds.refetch()}
        />
      </div>
    );
  }
  if (!kind) return <EmptyState title={`The API has no kind "${plural}"`}>Pick a kind on the left.</EmptyState>;
  if (!kind.verbs.includes('create')) {
    return (
      <EmptyState title={`${kind.kind} objects cannot be created here`}>
        The API does not allow creating them.
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={<NewObjectSkeleton />}>
      <NewObjectPage
        key={`${project}/${plural}`}
        project={project}
        kind={kind}
        incomingYaml={incoming}
        objectHref={(name) => paths.object(project, plural, name)}
        tableHref={paths.project(project, plural)}
        onLaunched={onLaunched}
      />
    </Suspense>
  );
}
