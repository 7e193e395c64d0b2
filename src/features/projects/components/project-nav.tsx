/** The sidebar list of projects, read from the API; the selected project comes from the URL. */
import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { FolderIcon } from '../../../components/ui/icons.tsx';
import { PUBLIC_PROJECT } from '../../../shared/protocol.ts';
import { useProjects } from '../api/get-projects.ts';

export function ProjectNav({ projectHref }: { projectHref: (project: string) => string }) {
  const projects = useProjects();

  return (
    <nav aria-label="Projects" className="px-2 py-4">
      <div className="mb-2 flex items-center justify-between px-2">
        <h2 className="text-[11px] font-semibold uppercase tracking-wider text-slate-500">Projects</h2>
        {projects.data ? (
          <span className="rounded-full bg-slate-800 px-1.5 py-0.5 text-[11px] font-medium text-slate-400">{projects.data.length}</span>
        ) : null}
      </div>

      {projects.isPending ? (
        <ul aria-label="Loading projects" className="space-y-1 px-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-8 animate-pulse rounded-md bg-slate-800/70" />
          ))}
        </ul>
      ) : projects.isError ? (
        <ErrorPanel
          error={projects.error}
          title="Could not list projects"
          onRetry={() => void projects.refetch()}
          retrying={projects.isFetching}
          compact
          className="mx-1"
        />
      ) : projects.data.length === 0 ? (
        <p className="px-2 text-sm text-slate-500">No projects yet.</p>
      ) : (
        <ul className="space-y-0.5">
          {projects.data.map((project) => {
            const name = project.metadata.name ?? '';
            const terminating = project.status?.phase === 'Terminating';
            return (
              <li key={project.metadata.uid ?? name}>
                <NavLink
                  to={projectHref(name)}
                  className={({ isActive }) =>
                    clsx(
                      'group flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors',
                      isActive ? 'bg-slate-800 font-medium text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
                    )
                  }
                >
                  <FolderIcon className="size-4 shrink-0 text-slate-500 group-aria-[current=page]:text-indigo-400" />
                  <span className="truncate">{name}</span>
                  {name === PUBLIC_PROJECT ? (
                    <span className="ml-auto rounded bg-slate-800 px-1.5 text-[10px] font-medium uppercase tracking-wide text-slate-400 group-aria-[current=page]:bg-slate-700">
                      read-only
                    </span>
                  ) : terminating ? (
                    <span className="ml-auto text-[10px] font-medium uppercase tracking-wide text-orange-400">deleting</span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
