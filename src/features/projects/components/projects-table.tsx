/**
 * One row per project: its state, a count per kind (each a link to that kind in the project) and its spend.
 * j/k move a cursor over the rows and Enter opens the project.
 */
import { clsx } from 'clsx';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FolderIcon, LockIcon } from '@/components/ui/icons.tsx';
import { TrashIcon } from '@/components/ui/action-icons.tsx';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import { titleCase } from '@/lib/format.ts';
import { formatUnitsUSD } from '@/lib/money.ts';
import { useNearView } from '@/lib/use-near-view.ts';
import { useRowCursor } from '@/lib/use-row-cursor.ts';
import { PinButton } from '@/components/ui/pin-button.tsx';
import { isPinned, usePins } from '@/data/places/index.ts';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import { PUBLIC_PROJECT, type Project } from '@/shared/protocol.ts';
import { useDeleteProjectAccess } from '../api/project-access.ts';
import type { ProjectStats, StatsKind } from '../api/project-stats.ts';

export interface ProjectsTableProps {
  projects: readonly Project[];
  filter: string;
  kinds: readonly StatsKind[];
  stats: ProjectStats;
  projectHref: (project: string, plural?: string) => string;
  onDelete: (project: string) => void;
}

export function ProjectsTable({ projects, filter, kinds, stats, projectHref, onDelete }: ProjectsTableProps) {
  const navigate = useNavigate();
  const needle = filter.trim().toLowerCase();
  const pins = usePins();
  const pinned = (p: Project) => isPinned(pins, { type: 'project', project: p.metadata.name ?? '', pinnedAt: 0 });
  // Pinned projects first, each group in the list's order (by name).
  const shown = projects
    .filter((p) => (p.metadata.name ?? '').toLowerCase().includes(needle))
    .sort((a, b) => Number(pinned(b)) - Number(pinned(a)));
  const cursor = useRowCursor(shown.length, (i) => navigate(projectHref(shown[i]?.metadata.name ?? '')));

  if (shown.length === 0) {
    return (
      <EmptyState
        title={needle ? `No project matches “${filter}”` : 'No projects yet'}
        icon={<FolderIcon className="size-6" />}
      >
        {needle ? 'Clear the filter to see every project.' : 'Create one with New project.'}
      </EmptyState>
    );
  }
  return (
    <table aria-label="Projects" className="w-full text-sm">
      <thead>
        <tr className="border-b border-slate-200 bg-slate-50/80 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <th scope="col" className="px-4 py-2.5 font-medium">
            Project
          </th>
          {kinds.map((k) => (
            <th key={k.plural} scope="col" className="px-3 py-2.5 text-right font-medium">
              {titleCase(k.plural)}
            </th>
          ))}
          <th
            scope="col"
            title="What the objects in the project now have spent since each was created; the Cost page has spend over time, deleted objects included"
            className="px-4 py-2.5 text-right font-medium"
          >
            Spent
          </th>
          <th scope="col" className="w-40 px-4 py-2.5">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {shown.map((project, i) => {
          const name = project.metadata.name ?? '';
          const terminating = project.status?.phase === 'Terminating';
          const spent = stats.spent(name);
          return (
            <tr
              key={project.metadata.uid ?? name}
              {...cursor.rowProps(i)}
              className={clsx(
                cursor.active === i
                  ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600'
                  : 'outline-none hover:bg-slate-50/70',
              )}
            >
              <th scope="row" className="px-4 py-2.5 text-left font-medium">
                <span className="flex items-center gap-2">
                  <Link
                    to={projectHref(name)}
                    className="font-mono text-[13px] text-slate-900 hover:text-indigo-600 hover:underline"
                  >
                    {name}
                  </Link>
                  {name === PUBLIC_PROJECT ? <ReadOnly /> : null}
                  {terminating ? <PhaseBadge phase="Terminating" /> : null}
                </span>
              </th>
              {kinds.map((k) => (
                <td key={k.plural} className="px-3 py-2.5 text-right tabular-nums">
                  <Count
                    value={stats.count(name, k.plural)}
                    href={projectHref(name, k.plural)}
                    label={`${k.plural} in ${name}`}
                  />
                </td>
              ))}
              <td className="px-4 py-2.5 text-right font-mono text-[13px] tabular-nums text-slate-700">
                {spent === undefined ? (
                  <span className="inline-block h-3 w-12 animate-pulse rounded bg-slate-200" />
                ) : (
                  formatUnitsUSD(spent)
                )}
              </td>
              <td className="px-4 py-2.5 text-right">
                {/* Beside Delete, not in the row's header, whose name is the project's alone. */}
                <span className="inline-flex items-center gap-1">
                  <PinButton compact pin={{ type: 'project', project: name, pinnedAt: 0 }} label={`project ${name}`} />
                  <RowAction name={name} terminating={terminating} onDelete={onDelete} />
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Count({ value, href, label }: { value: number | undefined; href: string; label: string }) {
  if (value === undefined) return <span className="inline-block h-3 w-5 animate-pulse rounded bg-slate-200" />;
  return (
    <Link
      to={href}
      aria-label={`${value} ${label}`}
      className={clsx(
        'rounded px-1 hover:bg-indigo-50 hover:text-indigo-700',
        value === 0 ? 'text-slate-300' : 'text-slate-700',
      )}
    >
      {value}
    </Link>
  );
}

function ReadOnly() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
      <LockIcon className="size-3" />
      read-only
    </span>
  );
}

function RowAction({
  name,
  terminating,
  onDelete,
}: {
  name: string;
  terminating: boolean;
  onDelete: (name: string) => void;
}) {
  const { ref, near, reach } = useNearView<HTMLSpanElement>('tr');
  const access = useDeleteProjectAccess(name, near);
  if (terminating) return <span className="text-xs text-orange-700">Deleting…</span>;
  const off = !access.allowed;
  return (
    <span ref={ref} className="inline-flex" onPointerEnter={reach} onFocus={reach}>
      <ReasonTip reason={access.reason}>
        {(describedBy) => (
          <button
            type="button"
            {...offProps(off, describedBy)}
            onClick={() => {
              if (!off) onDelete(name);
            }}
            aria-label={`Delete project ${name}`}
            className={clsx(
              'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium',
              off ? 'cursor-not-allowed text-slate-400' : 'text-slate-500 hover:bg-rose-50 hover:text-rose-700',
            )}
          >
            {off && !access.pending ? <LockIcon className="size-4" /> : <TrashIcon className="size-4" />}
            Delete
          </button>
        )}
      </ReasonTip>
    </span>
  );
}
