/**
 * What the console asks of the API before React renders anything: discovery, the projects and the health
 * probe (the shell needs all three), and, on a table's URL, that table's live list. Started right after the
 * bundle is evaluated, they are on the wire a few hundred milliseconds sooner than the first render would put
 * them there, and the views find the same queries and the same watch already under way. Without a key there
 * is nothing to ask: the key prompt comes first.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { readinessQueryOptions } from '../features/health/index.ts';
import { projectsQueryOptions } from '../features/projects/index.ts';
import { prefetchTable, type TableLocation } from '../features/resources/index.ts';
import { activeApiKey, activeContext, useConnectionStore } from '../data/connection-store.ts';
import type { WatchRegistry } from '../data/watch/index.ts';
import { DEFAULT_PROJECT } from '../shared/protocol.ts';

export function startEarly(
  queryClient: QueryClient,
  registry: WatchRegistry,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const connection = useConnectionStore.getState();
  if (!activeApiKey(connection)) return;
  // The table first: it is what the page is for, and the largest.
  const table = tableAt(location);
  if (table) void prefetchTable(queryClient, registry, table);
  void queryClient.prefetchQuery(readinessQueryOptions(activeContext(connection).apiUrl));
  void queryClient.prefetchQuery(projectsQueryOptions());
}

/** Segments after /projects/:project/ that name one of the project's own pages (router.tsx), not a kind. */
const PROJECT_PAGES: ReadonlySet<string> = new Set(['new', 'cost', 'activity', 'members']);

/** The table a URL shows (the routes of router.tsx), or undefined for any other page. */
export function tableAt(location: Pick<Location, 'pathname' | 'search'>): TableLocation | undefined {
  const search = new URLSearchParams(location.search);
  const { pathname } = location;
  if (pathname === '/' || pathname === '') return { project: DEFAULT_PROJECT, plural: undefined, search };
  const project = matchPath('/projects/:project/:plural?', pathname);
  if (project?.params.project) {
    // The project's own pages are not kinds (the editor's route begins with `new`).
    if (PROJECT_PAGES.has(project.params.plural ?? '')) return undefined;
    return { project: project.params.project, plural: project.params.plural, search };
  }
  const all = matchPath('/all/:plural?', pathname);
  if (all) return all.params.plural === 'cost' ? undefined : { project: undefined, plural: all.params.plural, search };
  return undefined;
}
