/** A titled white card, the building block of the overview. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function Card({
  title,
  count,
  aside,
  children,
  className,
}: {
  title: string;
  count?: number;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={clsx('overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-900">
          {title}
          {count !== undefined ? (
            <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-500 tabular-nums">
              {count}
            </span>
          ) : null}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}
