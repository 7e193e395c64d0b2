/**
 * A button that opens a small panel below it (switchers, the health details). Closes on Escape, on a click
 * outside and when the caller's content calls `close`; focus goes back to the button. Plain React: no popover
 * library is installed.
 */
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { matchesShortcut } from '@/lib/shortcuts.ts';

/** What a panel whose code is still loading shows (its code loads when it first opens, or in idle time). */
export const PANEL_LOADING = (
  <p role="status" className="px-4 py-3 text-sm text-slate-500">
    Loading…
  </p>
);

export interface PopoverProps {
  /** The panel's accessible name. */
  label: string;
  /** The button's content; its text is the button's accessible name unless `buttonLabel` is given. */
  button: ReactNode;
  buttonLabel?: string;
  /** Shown on hover (the native tooltip): more than the button's face says. */
  buttonTitle?: string | undefined;
  buttonClassName?: string;
  /** On the element around the button and panel: `min-w-0` lets a header squeeze the button. */
  className?: string;
  panelClassName?: string;
  align?: 'left' | 'right';
  children: (close: () => void) => ReactNode;
}

export function Popover({
  label,
  button,
  buttonLabel,
  buttonTitle,
  buttonClassName,
  className,
  panelClassName,
  align = 'left',
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (!matchesShortcut(event, 'overlay.close')) return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div ref={root} className={clsx('relative', className)}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={buttonLabel}
        title={buttonTitle}
        onClick={() => setOpen((o) => !o)}
        className={buttonClassName}
      >
        {button}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={label}
          className={clsx(
            'absolute top-full z-40 mt-2 rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg ring-1 ring-slate-900/5',
            align === 'right' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
