/**
 * /projects/:project/:plural/:name?tab= — one object, found by the kind discovery names `plural`. Composes the
 * detail view (src/features/object-detail) with the files browser, the log viewer and the editor, which it hands
 * in as render props so the features stay apart.
 */
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { ObjectEvents } from '@/features/events/index.ts';
import { InvokePanel } from '@/features/invoke/index.ts';
import { FilesBrowser } from '@/features/files/index.ts';
import { LogViewer } from '@/features/logs/index.ts';
import { ObjectDetail } from '@/features/object-detail/index.ts';
import { ObjectEdit } from '@/features/object-edit/index.ts';
import { useProjectKinds } from '@/features/resources/index.ts';
import { useTerminalDock } from '@/features/terminal/index.ts';
import { paths } from '../paths.ts';
import { eventLinks } from './event-links.ts';
import { ObjectPageSkeleton } from './object-skeleton.tsx';

export function ObjectRoute() {
  const { project = '', plural = '', name = '' } = useParams();
  const [search] = useSearchParams();
  const tab = search.get('tab');
  const kinds = useProjectKinds();
  const kind = kinds.data?.find((k) => k.plural === plural);
  const openTerminal = useTerminalDock((s) => s.open);

  useEffect(() => {
    document.title = `${name} · ${plural} · ${project} · Nodus Console`;
  }, [project, plural, name]);

  if (kinds.isPending) return <ObjectPageSkeleton />;
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
  return (
    <ObjectDetail
      key={`${project}/${plural}/${name}`}
      kind={kind}
      project={project}
      name={name}
      tab={tab}
      kindHref={paths.project(project, plural)}
      tabHref={(t) => paths.object(project, plural, name, t === 'overview' ? undefined : t)}
      objectHref={(kindName, objectName) => {
        const other = kinds.data.find((k) => k.kind === kindName);
        return other ? paths.object(project, other.plural, objectName) : undefined;
      }}
      openTerminal={() =>
        openTerminal({ group: kind.group, version: kind.version, plural, kind: kind.kind, project, name })
      }
      renderLogs={({ phase }) => <LogViewer kind={kind} project={project} name={name} phase={phase} />}
      renderEvents={({ object }) => (
        <ObjectEvents
          project={project}
          uid={object.metadata.uid ?? ''}
          kind={kind.kind}
          name={name}
          links={eventLinks}
        />
      )}
      renderInvoke={({ live }) => <InvokePanel kind={kind} project={project} name={name} object={live} />}
      renderFiles={({ object }) => <FilesBrowser kind={kind} project={project} name={name} object={object} />}
      renderEdit={({ live }) => (
        <ObjectEdit
          kind={kind}
          project={project}
          name={name}
          live={live}
          newObjectHref={paths.newObject(project, plural)}
        />
      )}
    />
  );
}
