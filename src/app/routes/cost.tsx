/** /projects/:project/cost and /all/cost — spend over time, burn rate, top spenders and budgets. */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CostPage, type CostHrefs } from '@/features/usage/index.ts';
import { kindFacts } from '@/shared/kinds.ts';
import { paths } from '../paths.ts';

/** The report names an object by its kind; the console's routes by its plural. */
function pluralOf(kind: string): string {
  return kindFacts(kind)?.plural ?? `${kind.toLowerCase()}s`;
}

const hrefs: CostHrefs = {
  object: (project, kind, name) => paths.object(project, pluralOf(kind), name),
  budget: (project, name) => paths.object(project, 'budgets', name),
};

export function ProjectCostRoute() {
  const { project = '' } = useParams();
  useEffect(() => {
    document.title = `Cost · ${project} · Nodus Console`;
  }, [project]);
  return <CostPage project={project} hrefs={hrefs} />;
}

export function AllCostRoute() {
  useEffect(() => {
    document.title = 'Cost · all projects · Nodus Console';
  }, []);
  return <CostPage project={undefined} hrefs={hrefs} />;
}
