/**
 * Pages whose code loads when first opened, or earlier, in idle time (`preload`). A page whose code is already in
 * renders at once, with no fallback in between; one still loading shows its skeleton meanwhile. React's lazy keeps
 * its first outcome, so a page whose code failed to load (offline, a deploy replaced the files) would fail for
 * good: once the route error has been shown and the address changes, `retryFailedPages` lets each failed page
 * load afresh the next time it is opened.
 */
import { lazy, type ComponentType } from 'react';

const retries = new Set<() => void>();

export type LazyPage = ComponentType & {
  /** Starts loading the page's code (once while it is on its way); resolves when it is in. */
  preload: () => Promise<unknown>;
};

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let ready: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (ready = pick(module)),
      (error: unknown) => {
        // Forgotten, so that the next try imports again.
        pending = undefined;
        throw error;
      },
    ));
  const make = (): ComponentType =>
    lazy(async () => {
      try {
        return { default: await preload() };
      } catch (error) {
        // Not swapped at once: React renders the failed page again to show its error, which must stay.
        retries.add(() => (current = make()));
        throw error;
      }
    });
  let current = make();
  function Page() {
    const Loaded = ready ?? current;
    return <Loaded />;
  }
  return Object.assign(Page, { preload });
}

/** Lets every page whose code failed to load try again when next rendered. */
export function retryFailedPages(): void {
  for (const retry of retries) retry();
  retries.clear();
}
