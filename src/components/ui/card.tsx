/**
 * A titled white card: the object page's overview, a Function's Invoke tab and the Cost view are built of them.
 * The header keeps one height whether its aside is text, a link or a row of small buttons, and wraps the aside
 * under the title when the card is too narrow for both.
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type CardProps = {
  /** A count beside the title (items in a list), in a small pill. */
  count?: number;
  /** What stands at the right of the header: a note, a link, buttons. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
} & (
  | { title: string; label?: string }
  /** A title that is more than text needs a plain name for the region. */
  | { title: ReactNode; label: string }
);

export function Card({ title, label, count, aside, children, className }: CardProps) {
  return (
    <section
      aria-label={label ?? (typeof title === 'string' ? title : undefined)}
      className={clsx('min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      <header className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-2">
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
