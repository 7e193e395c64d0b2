/**
 * Why a control is off (or what it does), as a tooltip on hover and focus that is also the control's accessible
 * description. A control that is off stays focusable (`aria-disabled`, not `disabled`), so keyboard and screen
 * reader users reach it and hear why (`offProps`), and its click handler does nothing while it is off.
 */
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

export interface ReasonTipProps {
  /** The text of the tip; none draws the control alone. */
  reason: string | undefined;
  /** Where the tip hangs from: the control's right edge (default) or its left. */
  align?: 'left' | 'right';
  /** Above the control, for controls near the foot of a dialog. */
  above?: boolean;
  className?: string;
  /** The control, given the id of the tip for its `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

export function ReasonTip({ reason, align = 'right', above, className, children }: ReasonTipProps) {
  const id = useId();
  return (
    <span className={clsx('group/tip relative inline-flex', className)}>
      {children(reason ? id : undefined)}
      {reason ? (
        <span
          id={id}
          role="tooltip"
          className={clsx(
            'pointer-events-none invisible absolute z-40 w-max max-w-72 rounded-md bg-slate-900 px-2.5 py-1.5 text-left text-xs leading-snug font-normal whitespace-normal text-white opacity-0 shadow-lg transition-opacity',
            'group-focus-within/tip:visible group-focus-within/tip:opacity-100 group-hover/tip:visible group-hover/tip:opacity-100',
            above ? 'bottom-full mb-1.5' : 'top-full mt-1.5',
            align === 'left' ? 'left-0' : 'right-0',
          )}
        >
          {reason}
        </span>
      ) : null}
    </span>
  );
}

/** `aria-disabled` and the description of a control that may be off; its own click handler checks `off`. */
export function offProps(off: boolean, describedBy: string | undefined) {
  return { 'aria-disabled': off ? true : undefined, 'aria-describedby': describedBy } as const;
}
