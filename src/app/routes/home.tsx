/**
 * `/`: the project a person's work is in. `default` when the key may see it (every org has one); otherwise the
 * first project of theirs, so someone without a role in `default` does not land on a refusal. Until the list of
 * projects the key may see arrives, nothing is drawn but the shell.
 */
import { Navigate } from 'react-router';
import { useProjects } from '@/features/projects/index.ts';
import { DEFAULT_PROJECT, PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { paths } from '../paths.ts';

export function landingProject(names: readonly string[]): string | undefined {
  if (names.includes(DEFAULT_PROJECT)) return DEFAULT_PROJECT;
  return names.find((n) => n !== PUBLIC_PROJECT) ?? names[0];
}

export function HomeRoute() {
  const projects = useProjects();
  if (projects.isPending) return null;
  // A failed list says nothing of access: `default`, whose page shows the API's error if there is one.
  const names = projects.data?.map((p) => p.metadata.name ?? '') ?? [DEFAULT_PROJECT];
  const landing = landingProject(names);
  return <Navigate to={landing === undefined ? paths.projects() : paths.project(landing)} replace />;
}
