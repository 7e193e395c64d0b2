/**
 * Raise the max cost: one field, checked as it is typed (a decimal string above the current cap, as the API
 * takes it), prefilled 50 % above the current cap. The current cap is read live, so a raise made elsewhere
 * meanwhile moves the floor too.
 */
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { formatUSD } from '@/lib/format.ts';
import { checkMaxCost, suggestMaxCost } from '../model/max-cost.ts';
import { DialogFooter } from '@/components/ui/dialog-footer.tsx';

export function RaiseCostDialog({
  kind,
  name,
  spent,
  current,
  onClose,
  onRaise,
}: {
  kind: string;
  name: string;
  spent: unknown;
  current: unknown;
  onClose: () => void;
  onRaise: (value: string) => void;
}) {
  const [input, setInput] = useState(() => suggestMaxCost(current));
  const [touched, setTouched] = useState(false);
  const check = checkMaxCost(input, current);
  const inputId = useId();
  const errorId = useId();
  const showError = touched && !check.ok;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Raise the max cost of ${kind} ${name}`}
      description={`It has spent ${formatUSD(spent) ?? '$0.00'} of ${formatUSD(current) ?? 'no cap'}. A ${kind} stops at its max cost; a higher one lets it go on. It can be raised, never lowered.`}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (check.ok) onRaise(check.value);
        }}
      >
        <div className="px-5 py-4">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            New max cost (USD)
          </label>
          <div className="relative mt-1.5">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400"
            >
              $
            </span>
            <input
              id={inputId}
              autoFocus
              inputMode="decimal"
              autoComplete="off"
              value={input}
              onChange={(e) => {
                setInput(e.target.value);
                setTouched(true);
              }}
              aria-invalid={showError}
              aria-describedby={showError ? errorId : undefined}
              className="block w-full rounded-md border border-slate-300 py-1.5 pr-3 pl-7 font-mono text-sm tabular-nums shadow-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none aria-invalid:border-rose-400 aria-invalid:focus:ring-rose-500/20"
            />
          </div>
          {showError ? (
            <p id={errorId} className="mt-1.5 text-sm text-rose-700">
              {check.message}
            </p>
          ) : (
            <p className="mt-1.5 text-sm text-slate-500">
              Sent as spec.maxCostUSD: &quot;{check.ok ? check.value : input}&quot; (a merge patch).
            </p>
          )}
        </div>
        <DialogFooter
          confirmLabel={check.ok ? `Raise to ${formatUSD(check.value) ?? check.value}` : 'Raise'}
          onCancel={onClose}
          confirmDisabled={touched && !check.ok}
        />
      </form>
    </Dialog>
  );
}
