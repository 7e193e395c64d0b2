/** The buttons at the bottom of a form in a Dialog: a way out, perhaps a middle way, and the one that acts. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { SlowNote } from './slow-note.tsx';

/** The look of the way out, for a middle button (`extra`) to match it. */
export const secondaryButtonClass =
  'rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50';

export function DialogFooter({
  cancelLabel = 'Cancel',
  confirmLabel,
  danger,
  onCancel,
  confirmDisabled,
  extra,
  busy,
}: {
  cancelLabel?: string;
  confirmLabel: string;
  danger?: boolean;
  onCancel: () => void;
  confirmDisabled?: boolean;
  /** Between the two: another way to act (a button of secondaryButtonClass). */
  extra?: ReactNode;
  /** The request the confirm button sent waits for its answer: past two seconds, the footer says so. */
  busy?: boolean;
}) {
  return (
    <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">
      <SlowNote busy={busy ?? false} className="mr-auto max-w-xs" />
      <button type="button" onClick={onCancel} className={secondaryButtonClass}>
        {cancelLabel}
      </button>
      {extra}
      <button
        type="submit"
        disabled={confirmDisabled}
        className={clsx(
          'rounded-md px-3 py-1.5 text-sm font-semibold text-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          danger
            ? 'bg-rose-600 hover:bg-rose-700 focus-visible:outline-rose-600'
            : 'bg-indigo-600 hover:bg-indigo-700 focus-visible:outline-indigo-600',
        )}
      >
        {confirmLabel}
      </button>
    </footer>
  );
}
