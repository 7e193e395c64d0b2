/** The server's answer to the last action: a sentence naming the change, or the API's error in full. */
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import type { Outcome } from './action-bar.tsx';

export function OutcomeNote({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const dismiss = (
    <button
      type="button"
      onClick={onDismiss}
      className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      Dismiss
    </button>
  );
  if (!outcome.ok) {
    return (
      <div className="relative">
        <ErrorPanel error={outcome.error} title={outcome.title} />
        <div className="absolute top-2.5 right-3">{dismiss}</div>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label="Action result"
      className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50/70 px-4 py-2.5 text-sm text-emerald-950 shadow-sm"
    >
      <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      <p className="min-w-0 flex-1 break-words">
        <bdi>{outcome.message}</bdi>
      </p>
      {dismiss}
    </div>
  );
}
