/** The cost page before its code (and the chart library) has loaded: its title over grey blocks. */
import { useParams } from 'react-router';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

export function CostPageSkeleton() {
  const { project } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-8 py-6">
      <Breadcrumb className="mb-2" trail={[...scopeCrumbs(project), { label: 'Cost' }]} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Cost</h1>
      <p className="mt-1 text-sm text-slate-500">{project ?? 'All projects'}</p>
      <div role="status" aria-label="Loading the cost page" aria-busy="true" className="mt-6 space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
