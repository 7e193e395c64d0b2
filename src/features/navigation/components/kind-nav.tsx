/**
 * The left navigation: the projects page, the cost page of the project (or of all), then every kind discovery lists that the project can hold (Images
 * only in the project Nodus publishes them in; every kind across all projects), with how many objects of it
 * the project (or every project) holds. This list is the one place to switch kinds; the table has no tabs.
 */
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { isApiError, type KindInfo } from '@/data/client/index.ts';
import { AlertIcon, ChartIcon, GridIcon, LockIcon, PulseIcon, UsersIcon } from '@/components/ui/icons.tsx';
import { titleCase } from '@/lib/format.ts';
import { kindInProject } from '@/kinds/lifecycle.ts';
import { useObjectCount } from '../api/count-objects.ts';
import { KindIcon } from '../kind-icons.tsx';
import { SavedViewsNav } from './saved-views-nav.tsx';

export interface KindNavProps {
  kinds: { data: readonly KindInfo[] | undefined; error: unknown; isPending: boolean; retry: () => void };
  /** Undefined: all projects. */
  project: string | undefined;
  kindHref: (plural: string) => string;
  projectsHref: string;
  /** Spend over time, for the project (or every project). */
  costHref: string;
  /** What happened in the project, and who did it; undefined on all-projects pages. */
  activityHref?: string | undefined;
  /** Who has which role in the project; undefined on all-projects pages. */
  membersHref?: string | undefined;
  /** The kind shown, also when the URL names none (the page picks the first). */
  selected: string | undefined;
  /** The selected kind's count when its table is open, live from the table's watch; polled otherwise. */
  selectedCount?: ReactNode;
}

export function KindNav({
  kinds,
  project,
  kindHref,
  projectsHref,
  costHref,
  activityHref,
  membersHref,
  selected,
  selectedCount,
}: KindNavProps) {
  return (
    <nav aria-label="Resources" className="space-y-6 px-3 py-4">
      <ul>
        <li>
          <Item to={projectsHref} end icon={<GridIcon className="size-4" />}>
            Projects
          </Item>
        </li>
        <li>
          <Item to={costHref} end icon={<ChartIcon className="size-4" />}>
            <span className="shrink-0">Cost</span>
            <span className="ml-auto truncate font-mono text-[11px] text-slate-400">{project ?? 'all'}</span>
          </Item>
        </li>
        {activityHref ? (
          <li>
            <Item to={activityHref} end icon={<PulseIcon className="size-4" />}>
              <span className="shrink-0">Activity</span>
              <span className="ml-auto truncate font-mono text-[11px] text-slate-400">{project}</span>
            </Item>
          </li>
        ) : null}
        {membersHref ? (
          <li>
            <Item to={membersHref} end icon={<UsersIcon className="size-4" />}>
              <span className="shrink-0">Members</span>
              <span className="ml-auto truncate font-mono text-[11px] text-slate-400">{project}</span>
            </Item>
          </li>
        ) : null}
      </ul>
      <SavedViewsNav />
      <div>
        <h2 className="mb-1.5 flex items-baseline justify-between gap-2 px-2 text-[11px] font-semibold uppercase tracking-wider text-slate-400">
          Resources
          <span className="truncate font-mono text-[11px] font-normal normal-case tracking-normal text-slate-400">
            {project ?? 'all projects'}
          </span>
        </h2>
        {kinds.isPending ? (
          <ul aria-label="Loading kinds" className="space-y-1.5 px-2">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i} className="h-7 animate-pulse rounded-md bg-slate-800/70" />
            ))}
          </ul>
        ) : kinds.error || !kinds.data ? (
          <KindsFailed error={kinds.error} retry={kinds.retry} />
        ) : (
          <ul aria-label="Kinds" className="space-y-0.5">
            {kinds.data
              .filter((kind) => kindInProject(kind.kind, project))
              .map((kind) => (
                <li key={kind.plural}>
                  <KindItem
                    kind={kind}
                    project={project}
                    to={kindHref(kind.plural)}
                    active={kind.plural === selected}
                    liveCount={kind.plural === selected ? selectedCount : undefined}
                  />
                </li>
              ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

function Item({
  to,
  end,
  active,
  icon,
  describedBy,
  children,
}: {
  to: string;
  end?: boolean;
  active?: boolean;
  icon: ReactNode;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  const look = (current: boolean) =>
    clsx(
      'group flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors',
      current ? 'bg-slate-800 font-medium text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
    );
  const content = (
    <>
      <span className="text-slate-500 group-aria-[current=page]:text-indigo-400">{icon}</span>
      {children}
    </>
  );
  // A kind is current when it is shown, which the URL alone does not say (no kind in it: the first is shown).
  if (active !== undefined) {
    return (
      <Link to={to} aria-current={active ? 'page' : undefined} aria-describedby={describedBy} className={look(active)}>
        {content}
      </Link>
    );
  }
  return (
    <NavLink to={to} end={end} className={({ isActive }) => look(isActive)}>
      {content}
    </NavLink>
  );
}

/** A short note: the page beside it shows the whole error (reason, fix, requestId) in its own panel. */
function KindsFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const reason = isApiError(error) ? error.reason : 'Error';
  return (
    <div
      role="alert"
      aria-label="Could not discover the kinds"
      title={error instanceof Error ? error.message : undefined}
      className="mx-2 rounded-md border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-xs"
    >
      <p className="flex items-center gap-1.5 font-medium text-rose-200">
        <AlertIcon className="size-4" />
        Kinds unavailable
      </p>
      <p className="mt-0.5 font-mono text-rose-300">{reason}</p>
      <button
        type="button"
        onClick={retry}
        className="mt-1.5 font-medium text-rose-100 underline-offset-2 hover:underline"
      >
        Retry
      </button>
    </div>
  );
}

/** A kind and how many objects of it there are; where the key may not list them, a lock that says why. */
function KindItem({
  kind,
  project,
  to,
  active,
  liveCount,
}: {
  kind: KindInfo;
  project: string | undefined;
  to: string;
  active: boolean;
  liveCount: ReactNode;
}) {
  const { count, refused } = useObjectCount(kind, project);
  const why = useId();
  return (
    <Item
      to={to}
      active={active}
      icon={<KindIcon kind={kind.kind} className="size-4" />}
      describedBy={refused ? why : undefined}
    >
      <span className="truncate">{titleCase(kind.plural)}</span>
      {refused ? (
        <>
          <span className="ml-auto" title={refused}>
            <LockIcon aria-hidden className="size-3.5 text-slate-500" />
          </span>
          <span id={why} hidden>
            {refused}
          </span>
        </>
      ) : count.isError && liveCount === undefined ? (
        <AlertIcon role="img" aria-hidden={false} aria-label="count failed" className="ml-auto size-4 text-rose-400" />
      ) : (
        <span
          data-testid="kind-count"
          className="ml-auto min-w-6 rounded-full bg-slate-800 px-1.5 text-center text-[11px] font-medium tabular-nums text-slate-400 group-aria-[current=page]:bg-slate-700 group-aria-[current=page]:text-slate-200"
        >
          {liveCount ?? count.data ?? '·'}
        </span>
      )}
    </Item>
  );
}
