/**
 * What an object's page looks like before it can be drawn (its code still loading, or discovery not answered
 * yet): the breadcrumb and the name from the URL over grey blocks, as the page itself shows while the object
 * loads, so nothing jumps when it arrives.
 */
import { Link, useParams } from 'react-router';
import { ChevronRightIcon } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { titleCase } from '@/lib/format.ts';
import { paths } from '../paths.ts';

export function ObjectPageSkeleton() {
  const { project = '', plural = '', name = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-8 py-6">
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
        <Link to={paths.project(project)} className="hover:text-indigo-600 hover:underline">
          {project}
        </Link>
        <ChevronRightIcon className="size-4 shrink-0 text-slate-400" />
        <Link to={paths.project(project, plural)} className="hover:text-indigo-600 hover:underline">
          {titleCase(plural)}
        </Link>
        <ChevronRightIcon className="size-4 shrink-0 text-slate-400" />
        <bdi aria-current="page" className="truncate text-slate-700">
          {name}
        </bdi>
      </nav>
      <h1 className="mt-2 font-mono text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
      <div aria-label={`Loading ${name}`} aria-busy="true" className="mt-6 space-y-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
