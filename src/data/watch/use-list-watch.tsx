/**
 * The React binding of the watches: the app creates one WatchRegistry and provides it here, so views find it
 * without a module-global, and `useListWatch` reads one watch with useSyncExternalStore. The rest of this
 * folder knows nothing of React.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { NodusObject } from '@/shared/protocol.ts';
import type { ListWatchSnapshot } from './list-watch.ts';
import type { Held } from './object-index.ts';
import type { WatchRegistry } from './registry.ts';
import type { ListWatchTarget } from './target.ts';

const WatchRegistryContext = createContext<WatchRegistry | null>(null);

/** Provides `registry` below, and closes its watches when the provider unmounts. */
export function WatchRegistryProvider({ registry, children }: { registry: WatchRegistry; children: ReactNode }) {
  useEffect(() => () => registry.closeAll(), [registry]);
  return <WatchRegistryContext.Provider value={registry}>{children}</WatchRegistryContext.Provider>;
}

export function useWatchRegistry(): WatchRegistry {
  const registry = useContext(WatchRegistryContext);
  if (!registry) {
    throw new Error(
      'useWatchRegistry needs a <WatchRegistryProvider> above it (src/app/provider.tsx provides one for the console).',
    );
  }
  return registry;
}

// What useListWatch returns is the watch's own snapshot (`retry` included): one name for it everywhere.
export type { ListWatchSnapshot } from './list-watch.ts';

/**
 * The live list of a target. Every component that asks for the same target shares one watch; the watch opens
 * with the first of them and closes after the last unmounts. Re-renders at most once per animation frame, and
 * only when the list or its status changed.
 */
export function useListWatch<T extends Held = NodusObject>(target: ListWatchTarget): ListWatchSnapshot<T> {
  const registry = useWatchRegistry();
  const watch = registry.get<T>(target);
  return useSyncExternalStore(watch.subscribe, watch.getSnapshot, watch.getSnapshot);
}
