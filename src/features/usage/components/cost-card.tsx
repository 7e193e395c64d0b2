/** A titled white card, as the object page draws its own. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function CostCard({
  title,
  label,
  aside,
  children,
  className,
}: {
  title: ReactNode;
  /** A plain name for the region, when the title is more than text. */
  label: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      className={clsx('overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}
