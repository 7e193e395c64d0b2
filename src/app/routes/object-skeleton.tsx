/**
 * What an object's page looks like before it can be drawn (its code still loading, or discovery not answered
 * yet): the breadcrumb and the name from the URL over grey blocks, as the page itself shows while the object
 * loads, so nothing jumps when it arrives.
 */
import { useParams } from 'react-router';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { titleCase } from '@/lib/format.ts';
import { paths } from '../paths.ts';

export function ObjectPageSkeleton() {
  const { project = '', plural = '', name = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-8 py-6">
      <Breadcrumb
        trail={[
          ...scopeCrumbs(project),
          { label: titleCase(plural), href: paths.project(project, plural) },
          { label: name },
        ]}
      />
      <h1 className="mt-2 font-mono text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
      <div role="status" aria-label={`Loading ${name}`} aria-busy="true" className="mt-6 space-y-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
