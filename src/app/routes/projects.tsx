/** /projects — every project with its counts per kind and spend; create and delete. */
import { useEffect } from 'react';
import { ProjectsPage } from '@/features/projects/index.ts';
import { useProjectKinds } from '@/features/resources/index.ts';
import { paths } from '../paths.ts';

export function ProjectsRoute() {
  const kinds = useProjectKinds();
  useEffect(() => {
    document.title = 'Projects · Nodus Console';
  }, []);
  return (
    <ProjectsPage
      kinds={kinds.data ?? []}
      projectHref={paths.project}
      objectHref={paths.object}
      costHref={paths.cost()}
    />
  );
}
