/**
 * What the console shows when rendering a page throws (or a page's code fails to load): the error, in the same
 * panel as API errors, with a reload. Going to another address (back, forward, the URL) tries again.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { retryFailedPages } from '../lazy-page.tsx';

export function RouteError({ error }: { error: unknown }) {
  return (
    <div className="mx-auto max-w-2xl px-8 py-16">
      <ErrorPanel error={error} title="The console hit an error" onRetry={() => window.location.reload()} />
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: an error belongs to the address it happened at. */
  at: string;
}

interface BoundaryState {
  error: unknown;
  /** Where the error happened; undefined while there is none. */
  at: string | undefined;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, at: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return null;
    // Caught just now: it belongs to this address. At another address, the pages render again.
    if (state.at === undefined) return { at: props.at };
    if (state.at === props.at) return null;
    retryFailedPages();
    return { error: undefined, at: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <RouteErrorBoundary at={pathname + search}>{children}</RouteErrorBoundary>;
}
