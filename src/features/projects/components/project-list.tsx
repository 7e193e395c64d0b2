/**
 * The project switcher's panel: every project the key can see (filter by typing, Enter opens the first match),
 * the all-projects view and the projects page.
 */
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { FolderIcon, GlobeIcon, GridIcon } from '@/components/ui/icons.tsx';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { useProjects } from '../api/get-projects.ts';
import type { ProjectSwitcherProps } from './project-switcher.tsx';

export type ProjectListProps = ProjectSwitcherProps & { close: () => void };

export function ProjectList({ project, projectHref, allHref, manageHref, close }: ProjectListProps) {
  const projects = useProjects();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const names = (projects.data ?? []).map((p) => ({
    name: p.metadata.name ?? '',
    terminating: p.status?.phase === 'Terminating',
  }));
  const shown = names.filter((p) => p.name.includes(filter.trim().toLowerCase()));

  return (
    <div className="text-sm">
      <div className="border-b border-slate-100 p-2">
        <input
          type="text"
          aria-label="Filter projects"
          placeholder="Filter projects…"
          autoFocus
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (!matchesShortcut(e, 'switcher.openFirst') || !shown[0]) return;
            e.preventDefault();
            navigate(projectHref(shown[0].name));
            close();
          }}
          className="w-full rounded-md border border-slate-200 px-2.5 py-1.5 placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none"
        />
      </div>
      <nav aria-label="Projects" className="max-h-80 overflow-y-auto py-1">
        <Item to={allHref} current={project === undefined} onClick={close} icon={<GlobeIcon className="size-4" />}>
          All projects
        </Item>
        <div className="mx-3 my-1 border-t border-slate-100" />
        {projects.isPending ? <p className="px-4 py-2 text-slate-500">Loading projects…</p> : null}
        {projects.isError ? (
          <div className="p-2">
            <ErrorPanel
              error={projects.error}
              title="Could not list projects"
              compact
              onRetry={() => void projects.refetch()}
              retrying={projects.isFetching}
            />
          </div>
        ) : null}
        {shown.map((p) => (
          <Item
            key={p.name}
            to={projectHref(p.name)}
            current={p.name === project}
            onClick={close}
            icon={<FolderIcon className="size-4" />}
          >
            <span className="truncate">{p.name}</span>
            {p.name === PUBLIC_PROJECT ? (
              <Tag>read-only</Tag>
            ) : p.terminating ? (
              <Tag tone="orange">deleting</Tag>
            ) : null}
          </Item>
        ))}
        {projects.data && shown.length === 0 ? (
          <p className="px-4 py-2 text-slate-500">No project matches “{filter}”.</p>
        ) : null}
      </nav>
      <div className="border-t border-slate-100 p-1">
        <Item to={manageHref} current={false} onClick={close} icon={<GridIcon className="size-4" />}>
          Manage projects
        </Item>
      </div>
    </div>
  );
}

function Item({
  to,
  current,
  onClick,
  icon,
  children,
}: {
  to: string;
  current: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      className={clsx(
        'mx-1 flex items-center gap-2.5 rounded-md px-3 py-1.5',
        current ? 'bg-indigo-50 font-medium text-indigo-700' : 'text-slate-700 hover:bg-slate-50 hover:text-slate-900',
      )}
    >
      <span className={current ? 'text-indigo-500' : 'text-slate-400'}>{icon}</span>
      {children}
    </Link>
  );
}

function Tag({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'orange' }) {
  return (
    <span
      className={clsx(
        'ml-auto rounded px-1.5 text-[10px] font-medium uppercase tracking-wide',
        tone === 'orange' ? 'bg-orange-50 text-orange-700' : 'bg-slate-100 text-slate-500',
      )}
    >
      {children}
    </span>
  );
}
