/**
 * A piece of the UI kept out of the first view's JavaScript (a dialog, a menu's contents, a page) and loaded when
 * first needed, or earlier, in idle time after the first view is painted (warm.ts), so a click rarely waits.
 * Unlike React.lazy it renders at once, with no Suspense, once the code is in; a failed load shows an inline
 * message with a retry that imports again, never a blank screen.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenFirstViewPainted } from './warm.ts';

export interface LazyPartOptions<P> {
  /** What the part is, in words, for the message when its code cannot be loaded ("the command palette"). */
  label: string;
  /**
   * Whether the part is needed now, from its props (a dialog: while `open`). Until then, and while its code is
   * not in, nothing is drawn and nothing is fetched; once in (warmed, say), the part is always drawn (a dialog
   * keeps its state). `() => false`: drawn only once warming brought the code (a hover aid).
   */
  neededWhen?: (props: P) => boolean;
  /** Drawn while the code loads (nothing by default). */
  fallback?: ReactNode;
  /** An overlay's message floats at the foot of the window; an inline part's stays in place. */
  overlay?: boolean;
  /** Warm the code in idle time once the first view is painted (true unless said otherwise). */
  warm?: boolean;
}

export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts loading the code (once); resolves when it is in. */
  preload: () => Promise<ComponentType<P>>;
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyPartOptions<P>,
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // The parts on screen waiting for the code, whoever asked for it (one of them, or warming).
  const waiting = new Set<() => void>();
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        for (const arrived of waiting) arrived();
        return component;
      },
      (error: unknown) => {
        // Forgotten, so the next try imports again rather than repeating this failure.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  if (options.warm !== false) whenFirstViewPainted(() => preload().catch(() => undefined));

  function Part(props: P) {
    // Bumped when the code comes in, to draw again: the component itself is kept outside, shared by every instance.
    const [, setArrivals] = useState(0);
    const [failure, setFailure] = useState<{ attempt: number; error?: unknown }>({ attempt: 0 });
    const needed = options.neededWhen?.(props) ?? true;
    const ready = loaded;

    useEffect(() => {
      if (ready) return;
      const arrived = () => setArrivals((n) => n + 1);
      waiting.add(arrived);
      return () => void waiting.delete(arrived);
    }, [ready]);

    useEffect(() => {
      if (ready || !needed) return;
      let live = true;
      preload().catch((error: unknown) => live && setFailure((f) => ({ attempt: f.attempt, error })));
      return () => {
        live = false;
      };
    }, [ready, needed, failure.attempt]);

    if (ready) {
      const Loaded = ready;
      return <Loaded {...props} />;
    }
    if (!needed) return null;
    if (failure.error !== undefined) {
      return (
        <LoadFailure
          label={options.label}
          error={failure.error}
          overlay={options.overlay ?? false}
          onRetry={() => setFailure((f) => ({ attempt: f.attempt + 1 }))}
        />
      );
    }
    return options.fallback ?? null;
  }
  Part.displayName = `LazyPart(${options.label})`;
  return { Component: Part, preload };
}

function LoadFailure({
  label,
  error,
  overlay,
  onRetry,
}: {
  label: string;
  error: unknown;
  overlay: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className={
        overlay
          ? 'fixed right-4 bottom-4 z-50 max-w-sm rounded-lg border border-rose-200 bg-white p-3 text-sm shadow-lg'
          : 'rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm'
      }
    >
      <p className="font-medium text-rose-800">Could not load {label}.</p>
      <p className="mt-1 text-slate-600">
        {error instanceof Error ? error.message : String(error)} The network may be down, or the console was updated:
        try again, or reload the page.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        Try again
      </button>
    </div>
  );
}
