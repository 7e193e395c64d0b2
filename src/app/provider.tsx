/** Providers every page needs. A fresh QueryClient per mount keeps tests independent. */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { apiClient } from '../lib/api-client.ts';
import { useConnectionStore } from '../lib/connection-store.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createWatchRegistry } from '../lib/watch/index.ts';
import { WatchRegistryProvider } from '../lib/watch/use-list-watch.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The live lists (src/lib/watch): one registry for the app, so every view of a list shares one watch.
  const [watches] = useState(() => createWatchRegistry({ client: apiClient }));
  // What the watches and queries hold was read with the old key or from another context's API: read it again.
  useEffect(
    () =>
      useConnectionStore.subscribe((now, before) => {
        if (now.generation === before.generation) return;
        watches.reset();
        void queryClient.resetQueries({ queryKey: ['nodus'] });
      }),
    [watches, queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <WatchRegistryProvider registry={watches}>{children}</WatchRegistryProvider>
    </QueryClientProvider>
  );
}
