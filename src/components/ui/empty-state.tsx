/** What a list shows when the API answered with no items. */
import type { ReactNode } from 'react';

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-14 text-center">
      {icon ? <div className="mb-3 rounded-full bg-slate-100 p-3 text-slate-400">{icon}</div> : null}
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
    </div>
  );
}
