/**
 * A modal dialog on the native <dialog> element: the browser traps focus, makes the page behind it inert and
 * closes it on Escape. `side` turns it into a drawer on the right (the Support panel).
 */
import { clsx } from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  side?: boolean;
  /** About twice the usual width (a reference sheet), still within the window. */
  wide?: boolean;
  className?: string;
}

export function Dialog({ open, onClose, title, description, children, side, wide, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape's `cancel` comes at once; `close` only at the browser's next frame, after a key pressed right away.
      onCancel={() => onClose()}
      onClose={() => {
        // The close event is queued: when `open` went false and back to true before it fired (a key prompt that
        // closes on submit and reopens on the next 401), the dialog is showing again and this close is stale.
        if (open && !ref.current?.open) onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself; a click inside lands on its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={clsx(
        'bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px]',
        side
          ? 'fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(56rem,100vw)] max-w-none border-l border-slate-200'
          : clsx(
              'mx-auto rounded-xl border border-slate-200',
              // Below the top offset it ends above the window's foot and scrolls, so its buttons stay in reach.
              'overflow-y-auto',
              wide
                ? 'top-[6vh] max-h-[90vh] w-[min(68rem,calc(100vw-2rem))]'
                : 'top-[12vh] max-h-[84vh] w-[min(32rem,calc(100vw-2rem))]',
            ),
        className,
      )}
    >
      {open ? (
        <div className={clsx('flex flex-col', side && 'h-full')}>
          <header className="border-b border-slate-100 px-5 py-4">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </header>
          <div className={clsx(side && 'min-h-0 flex-1 overflow-y-auto')}>{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
