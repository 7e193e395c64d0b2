/**
 * The project the shell is scoped to: the URL's project, or all projects under /all. Pages without one (the
 * projects page) keep the last scope, so the navigation does not jump when you visit them.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useRememberProject } from '@/data/places/index.ts';
import { DEFAULT_PROJECT } from '@/shared/protocol.ts';

/** Not a valid project name (a DNS label), so it cannot collide with one. */
const ALL = '*';

export function useScope(): string | undefined {
  const { project } = useParams();
  const { pathname } = useLocation();
  // The project in the URL is where `/` lands next time (home.tsx).
  useRememberProject(project);
  const fromRoute = project ?? (pathname === '/all' || pathname.startsWith('/all/') ? ALL : undefined);
  const [remembered, setRemembered] = useState(fromRoute ?? DEFAULT_PROJECT);
  if (fromRoute !== undefined && fromRoute !== remembered) setRemembered(fromRoute);
  const scope = fromRoute ?? remembered;
  return scope === ALL ? undefined : scope;
}
