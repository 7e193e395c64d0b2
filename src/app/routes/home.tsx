/**
 * `/`: the project a person's work is in. The project they last visited on this API server, if the key may
 * still see it; else `default` when the key may see it (every org has one); otherwise the first project of
 * theirs, so someone without a role in `default` does not land on a refusal. Until the list of projects the key
 * may see arrives, nothing is drawn but the shell.
 */
import { Navigate } from 'react-router';
import { useLastProject } from '@/data/places/index.ts';
import { useProjects } from '@/features/projects/index.ts';
import { DEFAULT_PROJECT, PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { paths } from '../paths.ts';

export function landingProject(names: readonly string[], last?: string): string | undefined {
  if (last !== undefined && names.includes(last)) return last;
  if (names.includes(DEFAULT_PROJECT)) return DEFAULT_PROJECT;
  return names.find((n) => n !== PUBLIC_PROJECT) ?? names[0];
}

export function HomeRoute() {
  const projects = useProjects();
  const last = useLastProject();
  if (projects.isPending) return null;
  // A failed list says nothing of access: `default`, whose page shows the API's error if there is one.
  const names = projects.data?.map((p) => p.metadata.name ?? '') ?? [DEFAULT_PROJECT];
  // A failed list says nothing of the last project: it is not trusted without the list. One being deleted is
  // not where work goes on.
  const going = projects.data?.some((p) => p.metadata.name === last && p.status?.phase === 'Terminating');
  const landing = landingProject(names, projects.data && !going ? last : undefined);
  return <Navigate to={landing === undefined ? paths.projects() : paths.project(landing)} replace />;
}
