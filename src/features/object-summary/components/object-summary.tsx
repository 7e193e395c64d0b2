/**
 * The page an object's URL opens (`/projects/:project/:plural/:name`), so the palette and links can point at
 * one object: its phase, the facts people ask first, labels, conditions and the object as the API sent it.
 * A summary only: the detail view with logs, actions and editing is its own piece of work.
 */
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PhaseBadge } from '../../../components/ui/phase-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAge, formatUSD } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useObject, type ObjectKind } from '../api/get-object.ts';

export interface ObjectSummaryProps {
  kind: ObjectKind;
  project: string;
  name: string;
  projectHref: string;
  kindHref: string;
}

export function ObjectSummary({ kind, project, name, projectHref, kindHref }: ObjectSummaryProps) {
  const object = useObject(kind, project, name);
  const now = useNow(5_000);
  const o = object.data;
  const facts: [string, string | undefined][] = o
    ? [
        ['Created', o.metadata.creationTimestamp ? `${formatAge(o.metadata.creationTimestamp, now)} ago` : undefined],
        ['Cost', formatUSD(o.status?.costUSD)],
        ['Max cost', formatUSD(o.spec?.maxCostUSD)],
        ['UID', o.metadata.uid],
        ['Resource version', o.metadata.resourceVersion],
        ['Deleting since', o.metadata.deletionTimestamp],
      ]
    : [];

  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1.5 text-sm text-slate-500">
        <Link to={projectHref} className="hover:text-indigo-600 hover:underline">{project}</Link>
        <ChevronRightIcon className="size-4" />
        <Link to={kindHref} className="hover:text-indigo-600 hover:underline">{kind.kind}</Link>
      </nav>
      <header className="mt-1 flex items-center gap-3">
        <h1 className="font-mono text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
        {o ? <PhaseBadge phase={o.status?.phase} /> : null}
      </header>

      {object.isPending ? (
        <div aria-label={`Loading ${kind.kind} ${name}`} aria-busy="true" className="mt-6 space-y-3">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : object.isError ? (
        <ErrorPanel className="mt-6" error={object.error} title={`Could not read ${kind.kind} ${name} in ${project}`} onRetry={() => void object.refetch()} retrying={object.isFetching} />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr]">
          <section aria-label="Summary" className="space-y-5">
            <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm shadow-sm">
              {facts.filter(([, v]) => v).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-2">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="truncate font-mono text-[13px] text-slate-800" title={value}>{value}</dd>
                </div>
              ))}
            </dl>
            {Object.keys(o?.metadata.labels ?? {}).length ? (
              <div>
                <h2 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500">Labels</h2>
                <ul className="flex flex-wrap gap-1.5">
                  {Object.entries(o?.metadata.labels ?? {}).map(([k, v]) => (
                    <li key={k} className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">{k}={v}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {o?.status?.conditions?.length ? (
              <div>
                <h2 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500">Conditions</h2>
                <ul className="space-y-2 text-sm">
                  {o.status.conditions.map((c) => (
                    <li key={c.type} className="rounded-md border border-slate-200 bg-white px-3 py-2">
                      <p className="font-medium text-slate-900">{c.type}: <span className={c.status === 'True' ? 'text-emerald-700' : 'text-slate-600'}>{c.status}</span></p>
                      <p className="text-slate-600">{c.reason}{c.message ? ` · ${c.message}` : ''}</p>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
          <section aria-label="As the API sent it" className="min-w-0">
            <h2 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500">As the API sent it</h2>
            <pre className="max-h-[70vh] overflow-auto rounded-lg border border-slate-800 bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-200">
              {JSON.stringify(o, null, 2)}
            </pre>
          </section>
        </div>
      )}
    </div>
  );
}
