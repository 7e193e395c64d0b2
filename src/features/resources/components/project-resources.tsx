/**
 * The right-hand side of the console: for one project, the objects of the kind the URL names (the sidebar lists
 * the kinds the project can hold; Images only in the project Nodus publishes them in).
 */
import { clsx } from 'clsx';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { titleCase } from '@/lib/format.ts';
import { kindInProject } from '@/kinds/lifecycle.ts';
import { PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { useProjectKinds } from '../api/get-kinds.ts';
import { knownKind } from '../kinds/known-kinds.ts';
import { projectKindHref } from '../object-href.ts';
import { useRefreshProject } from '@/data/refresh.ts';
import { KindPanel } from './kind-panel.tsx';
import { NewObjectButton } from './new-object-button.tsx';

export interface ProjectResourcesProps {
  project: string;
  /** The plural from the URL; the first discovered kind when absent. */
  plural: string | undefined;
  /**
   * Where "New <Kind>" goes (the YAML editor); no button without it, or for kinds the API will not create. It is
   * off, with why, where the key may not create them.
   */
  newObjectHref?: (plural: string) => string;
}

export function ProjectResources({ project, plural, newObjectHref }: ProjectResourcesProps) {
  const kinds = useProjectKinds();
  const here = useMemo(() => kinds.data?.filter((k) => kindInProject(k.kind, project)), [kinds.data, project]);
  const selected = plural ?? here?.[0]?.plural;
  // While discovery is on its way, a kind the URL names and the console knows is drawn at once: its list is
  // loading already (early-start.ts). Discovery's own description of it takes over when it comes (the same
  // panel, its watch kept); a kind discovery does not list then says so.
  const kind = kinds.data
    ? kinds.data.find((k) => k.plural === selected)
    : kinds.isPending && plural
      ? knownKind(plural)
      : undefined;
  const elsewhere = kind !== undefined && !kindInProject(kind.kind, project);

  return (
    // Fills the page's height so the table scrolls inside its card with the header and filters in view.
    <div className="flex h-full min-h-[32rem] flex-col px-6 pt-5 pb-4">
      <ProjectHeader
        project={project}
        kindLabel={selected ? titleCase(selected) : undefined}
        newObject={
          kind && newObjectHref && kind.verbs.includes('create')
            ? { kind, href: newObjectHref(kind.plural) }
            : undefined
        }
      />

      {kinds.isError ? (
        <ErrorPanel
          className="mt-4"
          error={kinds.error}
          title="Could not discover the kinds of the Nodus API"
          onRetry={() => void kinds.refetch()}
          retrying={kinds.isFetching}
        />
      ) : (
        <>
          {kinds.isPending && !kind ? null : (
            <section
              aria-label={kind ? `${kind.plural} in ${project}` : 'Objects'}
              className="mt-4 flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            >
              {kind && elsewhere ? (
                <NotHeld kind={kind} project={project} />
              ) : kind ? (
                <KindPanel key={`${project}/${kind.plural}`} kind={kind} project={project} />
              ) : (
                <EmptyState title={selected ? `The API has no kind "${selected}"` : 'The API lists no kinds'}>
                  {selected
                    ? 'Pick one of the kinds on the left; the list comes from the API’s discovery document.'
                    : 'Discovery returned no namespaced kinds.'}
                </EmptyState>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** A kind the project cannot hold, named in the URL: where its objects are instead. */
function NotHeld({ kind, project }: { kind: KindInfo; project: string }) {
  if (project === PUBLIC_PROJECT) {
    return (
      <EmptyState title={`No ${kind.plural} in ${PUBLIC_PROJECT}`}>
        The read-only project {PUBLIC_PROJECT} holds only what Nodus publishes; {kind.plural} live in your own projects.
      </EmptyState>
    );
  }
  return (
    <EmptyState title={`${titleCase(kind.plural)} live in project ${PUBLIC_PROJECT}`}>
      Nodus publishes them in its read-only project {PUBLIC_PROJECT}; no other project holds any.{' '}
      <Link
        to={projectKindHref(PUBLIC_PROJECT, kind.plural)}
        className="font-medium text-indigo-600 hover:text-indigo-500"
      >
        {`See the ${kind.plural} in ${PUBLIC_PROJECT}`}
      </Link>
    </EmptyState>
  );
}

function ProjectHeader({
  project,
  kindLabel,
  newObject,
}: {
  project: string;
  kindLabel: string | undefined;
  newObject: { kind: KindInfo; href: string } | undefined;
}) {
  const { refresh, fetching } = useRefreshProject(project);
  const reloadHint = useId();
  return (
    <header className="flex items-end justify-between gap-4">
      <div className="min-w-0">
        <Breadcrumb trail={[...scopeCrumbs(project), ...(kindLabel ? [{ label: kindLabel }] : [])]} />
        <div className="mt-1 flex items-center gap-3">
          <h1 title={project} className="truncate text-xl font-semibold tracking-tight text-slate-900">
            {project}
          </h1>
          {project === PUBLIC_PROJECT ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
              Read-only · published by Nodus
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {/* The lists are live already: the button says what it does beyond that, for when a list is in doubt. */}
        <span id={reloadHint} hidden>
          These lists are live: changes appear as they happen. This lists everything again from the API.
        </span>
        <button
          type="button"
          onClick={refresh}
          disabled={fetching}
          aria-describedby={reloadHint}
          title="The lists are live already; this lists everything again from the API"
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          <RefreshIcon className={clsx('size-4', fetching && 'animate-spin')} />
          Reload from the API
        </button>
        {newObject ? <NewObjectButton kind={newObject.kind} project={project} href={newObject.href} /> : null}
      </div>
    </header>
  );
}
