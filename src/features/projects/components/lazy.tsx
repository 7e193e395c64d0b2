/** The projects page, loaded when first opened or warmed in idle time after the first view (lazy-part.tsx). */
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { ProjectsPageProps } from './projects-page.tsx';

export const { Component: ProjectsPage } = lazyPart<ProjectsPageProps>(
  () => import('./projects-page.tsx').then((m) => m.ProjectsPage),
  {
    label: 'the projects page',
    fallback: (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading the projects"
        className="mx-auto max-w-6xl space-y-3 px-8 py-8"
      >
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    ),
  },
);
