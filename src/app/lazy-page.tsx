/**
 * Pages whose code loads when first rendered. React's lazy keeps its first outcome, so a page whose code failed to
 * load (offline, a deploy replaced the files) would fail for good; instead, once the route error has been shown and
 * the address changes, `retryFailedPages` lets each failed page load afresh the next time it is opened.
 */
import { lazy, type ComponentType } from 'react';

const retries = new Set<() => void>();

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const make = (): ComponentType =>
    lazy(async () => {
      try {
        return { default: pick(await load()) };
      } catch (error) {
        // Not swapped at once: React renders the failed page again to show its error, which must stay.
        retries.add(() => (current = make()));
        throw error;
      }
    });
  let current = make();
  return function LazyPage() {
    const Loaded = current;
    return <Loaded />;
  };
}

/** Lets every page whose code failed to load try again when next rendered. */
export function retryFailedPages(): void {
  for (const retry of retries) retry();
  retries.clear();
}
