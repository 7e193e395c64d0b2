import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format.ts';

/** "3 selected · Clear", and the actions after it. */
export function SelectedGroup({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="group" aria-label="Selected rows" className="flex items-center gap-2">
      <span className="text-xs font-medium text-slate-700 tabular-nums">{formatCount(count)} selected</span>
      <button type="button" onClick={onClear} className="text-xs text-slate-500 hover:text-slate-800">
        Clear
      </button>
      <span className="h-4 w-px bg-slate-200" />
      {children}
    </div>
  );
}
