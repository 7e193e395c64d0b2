/** One link per kind, each with the count of objects the API listed, so the URL always names the kind shown. */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { KindInfo } from '../../../api/index.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { titleCase } from '../../../lib/format.ts';
import { useObjects } from '../api/list-objects.ts';

export function KindTabs({ kinds, project, selected, kindHref }: {
  kinds: KindInfo[];
  project: string;
  selected: string | undefined;
  kindHref: (plural: string) => string;
}) {
  return (
    <nav aria-label="Kinds" className="-mb-px flex gap-1 overflow-x-auto">
      {kinds.map((kind) => (
        <KindTab key={kind.plural} kind={kind} project={project} active={kind.plural === selected} href={kindHref(kind.plural)} />
      ))}
    </nav>
  );
}

function KindTab({ kind, project, active, href }: { kind: KindInfo; project: string; active: boolean; href: string }) {
  const objects = useObjects(kind, project);
  return (
    <Link
      to={href}
      aria-current={active ? 'page' : undefined}
      className={clsx(
        'flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
        active ? 'border-indigo-500 text-indigo-600' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
      )}
    >
      {titleCase(kind.plural)}
      {objects.isPending ? (
        <span className="h-4 w-5 animate-pulse rounded-full bg-slate-200">
          <span className="sr-only">loading</span>
        </span>
      ) : objects.isError ? (
        <AlertIcon aria-label="failed to load" role="img" aria-hidden={false} className="size-4 text-rose-500" />
      ) : (
        <span
          data-testid="kind-count"
          className={clsx(
            'rounded-full px-1.5 py-0.5 text-xs tabular-nums',
            active ? 'bg-indigo-50 text-indigo-600' : 'bg-slate-100 text-slate-600',
          )}
        >
          {objects.data.items.length}
        </span>
      )}
    </Link>
  );
}
