/**
 * One link per kind, each with the count of objects the API holds, so the URL always names the kind shown.
 * The selected kind's count comes from the live watch its table uses (the same one, shared); the others are
 * counted once from a one-object page (each open watch holds one of the browser's six HTTP/1.1 connections to
 * the API, and a count need not download 50,000 objects). While the table's selectors narrow its watch, the
 * selected tab is counted the same way rather than opening a second, unfiltered watch.
 */
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link, useSearchParams } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { AlertIcon } from '@/components/ui/icons.tsx';
import { titleCase } from '@/lib/format.ts';
import { objectCountQueryOptions } from '@/data/object-counts.ts';
import { useWatchedList } from '../api/use-watched-list.ts';
import { readTableParams } from '../table/view-params.ts';
import { formatCount } from '@/lib/format.ts';

export function KindTabs({
  kinds,
  project,
  selected,
  kindHref,
}: {
  kinds: KindInfo[];
  project: string;
  selected: string | undefined;
  kindHref: (plural: string) => string;
}) {
  return (
    <nav aria-label="Kinds" className="-mb-px flex gap-1 overflow-x-auto">
      {kinds.map((kind) => (
        <KindTab
          key={kind.plural}
          kind={kind}
          project={project}
          active={kind.plural === selected}
          href={kindHref(kind.plural)}
        />
      ))}
    </nav>
  );
}

function KindTab({ kind, project, active, href }: { kind: KindInfo; project: string; active: boolean; href: string }) {
  const [search] = useSearchParams();
  const params = readTableParams(search);
  const live = active && !params.labels && !params.phase;
  return (
    <Link
      to={href}
      aria-current={active ? 'page' : undefined}
      className={clsx(
        'flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
        active
          ? 'border-indigo-500 text-indigo-600'
          : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
      )}
    >
      {titleCase(kind.plural)}
      {live ? (
        <LiveCount kind={kind} project={project} />
      ) : (
        <ListedCount kind={kind} project={project} active={active} />
      )}
    </Link>
  );
}

function LiveCount({ kind, project }: { kind: KindInfo; project: string }) {
  const objects = useWatchedList(kind, project);
  if (objects.synced) return <Count active value={objects.size} />;
  return objects.status === 'stale' ? <Failed /> : <Pending />;
}

function ListedCount({ kind, project, active }: { kind: KindInfo; project: string; active: boolean }) {
  // Counted again whenever the tab stops being the selected one, so it does not fall back to an older count.
  const count = useQuery({
    ...objectCountQueryOptions(kind, project),
    staleTime: 0,
    refetchInterval: active ? 15_000 : false,
  });
  if (count.isPending) return <Pending />;
  if (count.isError) return <Failed />;
  return <Count active={active} value={count.data} />;
}

function Count({ active, value }: { active: boolean; value: number }) {
  return (
    <span
      data-testid="kind-count"
      className={clsx(
        'rounded-full px-1.5 py-0.5 text-xs tabular-nums',
        active ? 'bg-indigo-50 text-indigo-600' : 'bg-slate-100 text-slate-600',
      )}
    >
      {formatCount(value)}
    </span>
  );
}

function Pending() {
  return (
    <span className="h-4 w-5 animate-pulse rounded-full bg-slate-200">
      <span className="sr-only">loading</span>
    </span>
  );
}

function Failed() {
  return <AlertIcon aria-label="failed to load" role="img" aria-hidden={false} className="size-4 text-rose-500" />;
}
