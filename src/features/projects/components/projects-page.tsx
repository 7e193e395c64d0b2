/**
 * The projects page: every project with its objects per kind and what it has spent, a filter kept in the URL
 * (`?q=`), creating a project and deleting one after typing its name. What the key may not do (create, or
 * delete a given project, such as the read-only one Nodus publishes in) is off, with the API's reason.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { PlusIcon, SearchIcon } from '@/components/ui/icons.tsx';
import { OfferedButton } from '@/components/ui/offered-button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatUnitsUSD } from '@/lib/money.ts';
import { useUrlFilter } from '@/lib/use-url-filter.ts';
import { useProjects } from '../api/get-projects.ts';
import { useCreateProjectAccess } from '../api/project-access.ts';
import { useProjectStats, type StatsKind } from '../api/project-stats.ts';
import { PinnedSection } from './pinned-section.tsx';
import { ProjectsTable } from './projects-table.tsx';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';

// The dialogs load when first opened: the page (and the table's first view, which shares its chunk) needs neither.
const CreateProjectDialog = lazy(() =>
  import('./create-project-dialog.tsx').then((m) => ({ default: m.CreateProjectDialog })),
);
const DeleteProjectDialog = lazy(() =>
  import('./delete-project-dialog.tsx').then((m) => ({ default: m.DeleteProjectDialog })),
);

export interface ProjectsPageProps {
  /** The kinds discovery lists, in its order: one column each. */
  kinds: readonly StatsKind[];
  projectHref: (project: string, plural?: string) => string;
  /** An object's page, for pinned objects. */
  objectHref: (project: string, plural: string, name: string) => string;
  /** Spend over time and every Budget, across projects. */
  costHref: string;
}

export function ProjectsPage({ kinds, projectHref, objectHref, costHref }: ProjectsPageProps) {
  const projects = useProjects();
  const stats = useProjectStats(kinds);
  const [filter, setFilter] = useUrlFilter();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string>();
  const names = (projects.data ?? []).map((p) => p.metadata.name ?? '');
  const complete = names.length > 0 && names.every((name) => stats.spent(name) !== undefined);
  const total = complete ? names.reduce((sum, name) => sum + (stats.spent(name) ?? 0), 0) : undefined;

  return (
    <div className="px-6 pt-5 pb-8">
      <Breadcrumb className="mb-2" trail={[{ label: 'Projects', href: '/projects' }]} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Projects</h1>
          <p className="mt-1 text-sm text-slate-500">
            {projects.data ? `${names.length} projects` : 'Loading projects…'}
            {total !== undefined ? ` · ${formatUnitsUSD(total)} spent by the objects there now` : ''}
            {' · '}
            <Link to={costHref} className="font-medium text-indigo-600 hover:underline">
              Spend over time and budgets
            </Link>
          </p>
        </div>
        <NewProjectButton onClick={() => setCreating(true)} />
      </header>

      <PinnedSection
        kinds={kinds}
        projects={projects.data ? names : undefined}
        projectHref={projectHref}
        objectHref={objectHref}
      />

      <div className="mt-6 flex items-center gap-3">
        <label className="relative block w-72">
          <span className="sr-only">Filter projects by name</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filter projects"
            className="w-full rounded-md border border-slate-300 bg-white py-1.5 pr-10 pl-8 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
          <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-200 px-1.5 font-sans text-[11px] text-slate-500">
            /
          </kbd>
        </label>
        <p className="text-xs text-slate-500">
          <kbd className="font-sans">j</kbd>/<kbd className="font-sans">k</kbd> to move,{' '}
          <kbd className="font-sans">Enter</kbd> to open
        </p>
      </div>

      {stats.errors.map(({ kind, error, retry }) => (
        <ErrorPanel
          key={kind.plural}
          className="mt-4"
          error={error}
          title={`Could not count ${kind.plural} across projects`}
          onRetry={retry}
        />
      ))}

      <section
        aria-label="All projects"
        className="mt-4 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        {projects.isPending ? (
          <div role="status" aria-label="Loading projects" aria-busy="true" className="space-y-3 p-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        ) : projects.isError ? (
          <ErrorPanel
            embedded
            error={projects.error}
            title="Could not list projects"
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
          />
        ) : (
          <ProjectsTable
            projects={projects.data}
            filter={filter}
            kinds={kinds}
            stats={stats}
            projectHref={projectHref}
            onDelete={setDeleting}
          />
        )}
      </section>

      <Suspense fallback={null}>
        {creating ? <CreateProjectDialog onClose={() => setCreating(false)} projectHref={projectHref} /> : null}
        {deleting ? (
          <DeleteProjectDialog
            project={deleting}
            contents={kinds.flatMap((k) => {
              const n = stats.count(deleting, k.plural);
              return n ? [`${n} ${n === 1 ? k.kind.toLowerCase() : k.plural}`] : [];
            })}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function NewProjectButton({ onClick }: { onClick: () => void }) {
  const access = useCreateProjectAccess();
  return (
    <OfferedButton {...access} icon={<PlusIcon className="size-4" />} onClick={onClick}>
      New project
    </OfferedButton>
  );
}
