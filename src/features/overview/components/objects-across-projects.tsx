/**
 * One kind's objects in every project, for the "All projects" view: name, project, phase, cost and age, with
 * a name filter kept in the URL (`?q=`) and a keyboard cursor. It draws at most MAX_ROWS rows (plain DOM, no
 * virtualization yet), so a large org shows the first ones and asks for a filter; the virtualized resource
 * table is meant to replace it.
 */
import { clsx } from 'clsx';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FolderIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { PhaseBadge } from '../../../components/ui/phase-badge.tsx';
import { formatAge, formatUSD } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUrlFilter } from '../../../lib/use-url-filter.ts';
import { useRowCursor } from '../../../lib/use-row-cursor.ts';
import type { NodusObject } from '../../../shared/protocol.ts';

export const MAX_ROWS = 500;

export interface ObjectsAcrossProjectsProps {
  plural: string;
  items: readonly NodusObject[];
  objectHref: (project: string, name: string) => string;
  projectHref: (project: string) => string;
  label: string;
  /** Shown at the right of the filter row: how current the list is. */
  status?: ReactNode;
}

export function ObjectsAcrossProjects({ plural, items, objectHref, projectHref, label, status }: ObjectsAcrossProjectsProps) {
  const [filter, setFilter] = useUrlFilter();
  const navigate = useNavigate();
  const now = useNow();
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matching = needle ? items.filter((o) => `${o.metadata.namespace}/${o.metadata.name}`.toLowerCase().includes(needle)) : items;
    const shown = matching.slice(0, MAX_ROWS).sort((a, b) => key(a).localeCompare(key(b)));
    return { shown, total: matching.length };
  }, [items, filter]);
  const cursor = useRowCursor(rows.shown.length, (i) => {
    const o = rows.shown[i];
    if (o) navigate(objectHref(o.metadata.namespace ?? '', o.metadata.name ?? ''));
  });

  return (
    <>
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-2">
        <label className="relative block w-72">
          <span className="sr-only">Filter {plural} by name or project</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={`Filter ${plural}  (press /)`}
            className="w-full rounded-md border border-slate-200 py-1 pr-2 pl-8 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
        </label>
        <div className="flex items-center gap-4">
          <p className="text-xs text-slate-500 tabular-nums">
            {rows.total > rows.shown.length ? `First ${rows.shown.length} of ${rows.total}: filter to narrow` : `${rows.total} ${plural}`}
          </p>
          {status}
        </div>
      </div>
      {rows.shown.length === 0 ? (
        <EmptyState title={filter ? `No ${plural} match “${filter}”` : `No ${plural} in any project`} icon={<FolderIcon className="size-6" />} />
      ) : (
        <table aria-label={label} className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/80 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-4 py-2.5 font-medium">Name</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Project</th>
              <th scope="col" className="px-4 py-2.5 font-medium">Phase</th>
              <th scope="col" className="px-4 py-2.5 text-right font-medium">Cost</th>
              <th scope="col" className="px-4 py-2.5 text-right font-medium">Age</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.shown.map((o, i) => {
              const project = o.metadata.namespace ?? '';
              const name = o.metadata.name ?? '';
              return (
                <tr key={o.metadata.uid ?? `${project}/${name}`} {...cursor.rowProps(i)} className={clsx('outline-none hover:bg-slate-50/70', cursor.active === i && 'bg-indigo-50/60 ring-1 ring-indigo-200 ring-inset')}>
                  <th scope="row" className="px-4 py-2.5 text-left font-medium">
                    <Link to={objectHref(project, name)} className="font-mono text-[13px] text-slate-900 hover:text-indigo-600 hover:underline">{name}</Link>
                  </th>
                  <td className="px-4 py-2.5">
                    <Link to={projectHref(project)} className="font-mono text-[13px] text-slate-600 hover:text-indigo-600 hover:underline">{project}</Link>
                  </td>
                  <td className="px-4 py-2.5"><PhaseBadge phase={o.status?.phase} /></td>
                  <td className="px-4 py-2.5 text-right font-mono text-[13px] tabular-nums text-slate-600">{formatUSD(o.status?.costUSD) ?? '—'}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums text-slate-600">{formatAge(o.metadata.creationTimestamp, now)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

function key(o: NodusObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}
