/** A titled white card, as the object page's overview draws them. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function PanelCard({
  title,
  aside,
  children,
  className,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={clsx('min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex min-h-11 items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}
