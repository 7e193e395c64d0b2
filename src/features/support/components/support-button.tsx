/** Opens the Support panel; a badge counts the failed calls since the log was last cleared. */
import { LifebuoyIcon } from '../../../components/ui/icons.tsx';
import { isFailure, useCallLog } from '../../../lib/call-log/call-log-store.ts';

export function SupportButton({ onClick }: { onClick: () => void }) {
  const failures = useCallLog((s) => s.calls.filter(isFailure).length);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={failures ? `Support (${failures} failed calls)` : 'Support'}
      className="relative inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <LifebuoyIcon className="size-4" />
      Support
      {failures ? (
        <span className="rounded-full bg-rose-500 px-1.5 text-[11px] font-semibold leading-4 text-white tabular-nums">{failures}</span>
      ) : null}
    </button>
  );
}
