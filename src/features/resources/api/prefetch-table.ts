/**
 * Before the console's first render: discovery, and the live list of the table the URL shows, so that its first
 * page is on its way while the page's code is still building the shell (and not only once the table mounts,
 * after discovery has come back and the shell has rendered twice). The same query and the same watch the views
 * use: they find them started.
 */
import type { QueryClient } from '@tanstack/react-query';
import { NODUS_GROUP_VERSION } from '@/data/client/index.ts';
import type { WatchRegistry } from '@/data/watch/index.ts';
import { readTableParams } from '../table/view-params.ts';
import { kindsQueryOptions, projectKinds } from './get-kinds.ts';
import { tableListOptions, tableTarget } from './use-watched-list.ts';

/** How long a started list waits for its view: the first render is well under a second. */
export const PREFETCH_HOLD_MS = 10_000;

export interface TableLocation {
  /** undefined: all projects (/all). */
  project: string | undefined;
  /** The kind in the URL; the first discovered one when absent, as the page does. */
  plural: string | undefined;
  search: URLSearchParams;
}

export async function prefetchTable(
  queryClient: QueryClient,
  registry: WatchRegistry,
  at: TableLocation,
): Promise<void> {
  const options = tableListOptions(readTableParams(at.search));
  void queryClient.prefetchQuery(kindsQueryOptions());
  if (at.plural) {
    // A kind named in the URL is a Nodus kind (the console's discovery is of nodus.dev/v1), so its list need not
    // wait for discovery. A name the API does not serve gets its 404 once, and the page says there is no such kind.
    registry.hold(tableTarget({ ...NODUS_GROUP_VERSION, plural: at.plural }, at.project, options), PREFETCH_HOLD_MS);
    return;
  }
  let kinds;
  try {
    kinds = projectKinds(await queryClient.fetchQuery(kindsQueryOptions()));
  } catch {
    // The page shows discovery's error itself, with Retry.
    return;
  }
  const kind = kinds[0];
  if (kind) registry.hold(tableTarget(kind, at.project, options), PREFETCH_HOLD_MS);
}
