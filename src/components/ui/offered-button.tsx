/**
 * The page's main action ("New project", "Add member"): a filled button where the key may do it, and where it may
 * not (or while that is being asked), a quiet one that stays focusable, does nothing and says why (reason-tip.tsx).
 */
import type { ReactNode } from 'react';
import { LockIcon } from './icons.tsx';
import { offProps, ReasonTip } from './reason-tip.tsx';

const SHAPE = 'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium';

export function OfferedButton({
  allowed,
  pending,
  reason,
  icon,
  onClick,
  children,
}: {
  allowed: boolean;
  /** Still being asked: the usual icon rather than a lock. */
  pending: boolean;
  /** Why not, when it is off. */
  reason?: string | undefined;
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}) {
  const off = !allowed;
  return (
    <ReasonTip reason={off ? reason : undefined}>
      {(describedBy) => (
        <button
          type="button"
          {...offProps(off, describedBy)}
          onClick={() => {
            if (!off) onClick();
          }}
          className={
            off
              ? `${SHAPE} cursor-not-allowed border border-slate-200 bg-slate-50 text-slate-400`
              : `${SHAPE} bg-indigo-600 text-white shadow-sm hover:bg-indigo-700`
          }
        >
          {off && !pending ? <LockIcon className="size-4" /> : icon}
          {children}
        </button>
      )}
    </ReasonTip>
  );
}
