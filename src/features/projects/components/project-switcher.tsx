/**
 * The project switcher in the top bar: every project the key can see, an "All projects" view, and a way to
 * the projects page. Filter by typing; Enter opens the first match. The selected project comes from the URL.
 */
import { ChevronDownIcon, FolderIcon, GlobeIcon } from '@/components/ui/icons.tsx';
import { PANEL_LOADING, Popover } from '@/components/ui/popover.tsx';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { ProjectListProps } from './project-list.tsx';

// The list, its filter and its links: read when the panel opens, so its code waits until then (or idle time
// after the first rows).
const { Component: ProjectList } = lazyPart<ProjectListProps>(
  () => import('./project-list.tsx').then((m) => m.ProjectList),
  { label: 'the project list', fallback: PANEL_LOADING },
);

export interface ProjectSwitcherProps {
  /** Undefined in the all-projects view. */
  project: string | undefined;
  projectHref: (project: string) => string;
  allHref: string;
  manageHref: string;
}

export function ProjectSwitcher({ project, projectHref, allHref, manageHref }: ProjectSwitcherProps) {
  return (
    <Popover
      label="Switch project"
      buttonLabel={`Project: ${project ?? 'All projects'}`}
      // A long name is cut short in the header; the whole of it shows on hover.
      buttonTitle={project ?? 'All projects'}
      className="min-w-0"
      buttonClassName="flex h-9 max-w-full min-w-0 items-center gap-2 rounded-md px-2 text-left hover:bg-slate-100"
      panelClassName="w-80"
      button={
        <>
          {/* On a phone the icons give way to the name: it is what says where one is. */}
          {project ? (
            <FolderIcon className="size-4 shrink-0 text-slate-400 max-sm:hidden" />
          ) : (
            <GlobeIcon className="size-4 shrink-0 text-slate-400 max-sm:hidden" />
          )}
          <span className="min-w-0 leading-tight">
            <span className="block text-[11px] font-medium uppercase tracking-wide text-slate-600 max-sm:sr-only">
              Project
            </span>{' '}
            <span className="block max-w-32 truncate xl:max-w-48 text-sm font-semibold text-slate-900">
              {project ?? 'All projects'}
            </span>
          </span>
          <ChevronDownIcon className="size-4 shrink-0 text-slate-400" />
        </>
      }
    >
      {(close) => (
        <ProjectList
          project={project}
          projectHref={projectHref}
          allHref={allHref}
          manageHref={manageHref}
          close={close}
        />
      )}
    </Popover>
  );
}
