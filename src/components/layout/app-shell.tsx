/**
 * The page frame: a dark sidebar (brand, the navigation the app passes in, a footer) and, on the right, the
 * top bar above the scrolling page. Slots only; the app decides what goes in them.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../ui/icons.tsx';

export interface AppShellProps {
  sidebar: ReactNode;
  topBar: ReactNode;
  footer?: ReactNode;
  /** Under the page, across its width (the terminals): stays while the page changes. */
  dock?: ReactNode;
  children: ReactNode;
}

export function AppShell({ sidebar, topBar, footer, dock, children }: AppShellProps) {
  return (
    <div className="flex h-screen overflow-hidden bg-slate-50 text-slate-900">
      <aside className="flex w-60 shrink-0 flex-col border-r border-slate-800 bg-slate-900 text-slate-300">
        <div className="flex h-14 shrink-0 items-center gap-2.5 border-b border-slate-800 px-4">
          <LogoMark className="size-7 text-indigo-500" />
          <Link to="/" className="text-[15px] font-semibold tracking-tight text-white">
            Nodus Console
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{sidebar}</div>
        {footer ? <div className="border-t border-slate-800 px-4 py-3">{footer}</div> : null}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4">
          {topBar}
        </header>
        <main className="min-h-0 flex-1 overflow-y-auto">{children}</main>
        {dock}
      </div>
    </div>
  );
}
