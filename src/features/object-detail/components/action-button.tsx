/**
 * A header action. An unavailable one stays focusable (aria-disabled, not disabled) so keyboard and screen
 * reader users reach it and hear why it is off; the reason shows as a tooltip on hover and focus.
 */
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

export interface ActionButtonProps {
  label: string;
  icon?: ReactNode;
  disabled?: string;
  busy?: boolean;
  danger?: boolean;
  /** Shown in the tooltip of an available action: what it does. */
  hint?: string;
  onClick: () => void;
  /** Where the tooltip hangs from: the button's right edge (default) or, for a first button, its left. */
  tipAlign?: 'left' | 'right';
}

export function ActionButton({
  label,
  icon,
  disabled,
  busy,
  danger,
  hint,
  onClick,
  tipAlign = 'right',
}: ActionButtonProps) {
  const tip = useId();
  const off = disabled !== undefined || busy;
  const tooltip = disabled ?? hint;
  return (
    <span className="group relative">
      <button
        type="button"
        aria-disabled={off ? true : undefined}
        aria-describedby={tooltip ? tip : undefined}
        aria-busy={busy ? true : undefined}
        onClick={() => {
          if (!off) onClick();
        }}
        className={clsx(
          'inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium shadow-xs transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          off
            ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400 shadow-none'
            : danger
              ? 'border-rose-200 bg-white text-rose-700 hover:bg-rose-50'
              : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 hover:text-slate-900',
        )}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="size-3.5 animate-spin rounded-full border-2 border-slate-200 border-t-indigo-500"
          />
        ) : (
          icon
        )}
        {label}
      </button>
      {tooltip ? (
        <span
          id={tip}
          role="tooltip"
          className={clsx(
            'pointer-events-none invisible absolute top-full z-30 mt-1.5 w-max max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100',
            tipAlign === 'left' ? 'left-0' : 'right-0',
          )}
        >
          {tooltip}
        </span>
      ) : null}
    </span>
  );
}
