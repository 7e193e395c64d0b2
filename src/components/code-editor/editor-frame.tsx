/**
 * What the lazy editors show while Monaco loads, and if its chunk fails to load (offline, a deploy replaced the
 * files): a placeholder of the same size, then a clear message with a reload, never a blank box.
 */
import { Component, type ReactNode } from 'react';
import { ErrorPanel } from '../ui/error-panel.tsx';

export function cssHeight(height: number | string | undefined): string {
  if (height === undefined) return '420px';
  return typeof height === 'number' ? `${height}px` : height;
}

export function EditorLoading({ height, label }: { height: number | string | undefined; label: string }) {
  return (
    <div
      role="status"
      aria-label={`${label}: loading the editor`}
      style={{ height: cssHeight(height) }}
      className="flex animate-pulse flex-col gap-2 bg-white p-3"
    >
      {[60, 40, 75, 30, 55].map((w, i) => (
        <div key={i} className="h-3 rounded bg-slate-200/70" style={{ width: `${w}%` }} />
      ))}
      <span className="sr-only">Loading the editor…</span>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

export class EditorErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <ErrorPanel
        error={this.state.error}
        title="The editor could not load"
        onRetry={() => window.location.reload()}
        embedded
      />
    );
  }
}
