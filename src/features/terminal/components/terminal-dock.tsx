/**
 * The dock's place in the shell. Nothing loads until a terminal opens: then the dock, xterm.js and its stylesheet
 * arrive in one lazy chunk, so the pages that never open one carry none of it.
 */
import { lazy, Suspense } from 'react';
import { useTerminalDock } from '../model/dock-store.ts';

const DockBody = lazy(() => import('./dock-body.tsx'));

export function TerminalDock() {
  const any = useTerminalDock((s) => s.sessions.length > 0);
  if (!any) return null;
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="h-9 shrink-0 border-t border-slate-800 bg-slate-900 px-3 py-2 text-xs text-slate-400"
        >
          Loading the terminal…
        </div>
      }
    >
      <DockBody />
    </Suspense>
  );
}
