/** /projects/:project/cost and /all/cost — spend over time, burn rate, top spenders (and budgets, for all). */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CostPage } from '@/features/usage/index.ts';

export function ProjectCostRoute() {
  const { project = '' } = useParams();
  useEffect(() => {
    document.title = `Cost · ${project} · Nodus Console`;
  }, [project]);
  return <CostPage project={project} />;
}

export function AllCostRoute() {
  useEffect(() => {
    document.title = 'Cost · all projects · Nodus Console';
  }, []);
  return <CostPage project={undefined} />;
}
