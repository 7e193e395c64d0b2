/**
 * A write of the files toolbar (New folder, Upload): off while the listing is not writable, and off with the
 * API's reason where the key may not write (a tooltip that is also its description).
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LockIcon } from '@/components/ui/icons.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';

export function WriteButton({
  label,
  icon,
  primary,
  refused,
  locked,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  primary?: boolean;
  /** Why the key may not (or that it is being asked). */
  refused: string | undefined;
  /** The API said no (a lock shows). */
  locked: boolean;
  /** Off for another reason the page shows (a read-only mount, a listing not read). */
  disabled: boolean;
  onClick: () => void;
}) {
  const off = refused !== undefined;
  return (
    <ReasonTip reason={refused}>
      {(describedBy) => (
        <button
          type="button"
          disabled={disabled}
          {...offProps(off, describedBy)}
          onClick={() => {
            if (!off) onClick();
          }}
          className={clsx(
            'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-medium disabled:opacity-50',
            off
              ? 'cursor-not-allowed border border-slate-200 bg-slate-50 text-slate-400'
              : primary
                ? 'bg-indigo-600 font-semibold text-white shadow-xs hover:bg-indigo-700'
                : 'border border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {locked ? <LockIcon className="size-4" /> : icon}
          {label}
        </button>
      )}
    </ReasonTip>
  );
}
