/**
 * Providers every page needs. main.tsx makes the query client and the watch registry before the first render
 * (early-start.ts puts requests on the wire with them); without them, each mount makes fresh ones.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { followRoleChanges, invalidateAccessOnForbidden } from '../data/access/index.ts';
import { apiClient } from '../data/api-client.ts';
import { useConnectionStore } from '../data/connection-store.ts';
import { createQueryClient } from '../data/query-client.ts';
import { queryKeys } from '../data/query-keys.ts';
import { createWatchRegistry, type WatchRegistry } from '../data/watch/index.ts';
import { browserWatchShare } from '../data/watch-share.ts';
import { WatchRegistryProvider } from '../data/watch/use-list-watch.tsx';

export interface AppRuntime {
  queryClient: QueryClient;
  /** The live lists (src/data/watch): one registry for the app, so every view of a list shares one watch. */
  watches: WatchRegistry;
}

export function createAppRuntime(): AppRuntime {
  return {
    queryClient: createQueryClient(),
    // Shared with the browser's other tabs of the console, within its budget of connections.
    watches: createWatchRegistry({ client: apiClient, share: browserWatchShare() }),
  };
}

export function AppProvider({ runtime, children }: { runtime?: AppRuntime | undefined; children: ReactNode }) {
  const [{ queryClient, watches }] = useState(() => runtime ?? createAppRuntime());
  // What the watches and queries hold was read with the old key or from another context's API: read it again.
  useEffect(
    () =>
      useConnectionStore.subscribe((now, before) => {
        if (now.generation === before.generation) return;
        watches.reset();
        void queryClient.resetQueries({ queryKey: queryKeys.all });
      }),
    [watches, queryClient],
  );
  useEffect(() => invalidateAccessOnForbidden(queryClient), [queryClient]);
  useEffect(() => followRoleChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <WatchRegistryProvider registry={watches}>{children}</WatchRegistryProvider>
    </QueryClientProvider>
  );
}
