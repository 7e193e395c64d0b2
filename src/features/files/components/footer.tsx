/** The buttons at the bottom of the files dialogs: a way out, perhaps a middle way, and the one that acts. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function Footer({
  confirmLabel,
  danger,
  onCancel,
  confirmDisabled,
  extra,
}: {
  confirmLabel: string;
  danger?: boolean;
  onCancel: () => void;
  confirmDisabled?: boolean;
  extra?: ReactNode;
}) {
  return (
    <footer className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">
      <button
        type="button"
        onClick={onCancel}
        className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50"
      >
        Cancel
      </button>
      {extra}
      <button
        type="submit"
        disabled={confirmDisabled}
        className={clsx(
          'rounded-md px-3 py-1.5 text-sm font-semibold text-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          danger
            ? 'bg-rose-600 hover:bg-rose-500 focus-visible:outline-rose-600'
            : 'bg-indigo-600 hover:bg-indigo-500 focus-visible:outline-indigo-600',
        )}
      >
        {confirmLabel}
      </button>
    </footer>
  );
}
