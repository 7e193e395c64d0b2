/**
 * Opens the Support panel; a badge counts the failed calls since the log was last cleared. The badge sits beside
 * the button's text rather than in it: the button shows "Support" and its name begins with it (WCAG 2.5.3, a
 * speech user says what they see), and the name carries the count ("Support (3 failed calls)"). The button's
 * ::after covers the whole pill, so a click on the badge opens the panel too. The badge sits on the pill's corner,
 * out of the flow: the header does not shift when the first call fails, and keeps no empty place for it (on a
 * phone that place was most of the project's name).
 */
import { LifebuoyIcon } from '@/components/ui/icons.tsx';
import { isFailure, useCallLog } from '@/data/call-log/call-log-store.ts';

export function SupportButton({ onClick }: { onClick: () => void }) {
  const failures = useCallLog((s) => s.calls.filter(isFailure).length);
  return (
    <span className="relative inline-flex h-8 items-center rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
      <button
        type="button"
        onClick={onClick}
        aria-label={failures ? `Support (${failures} failed calls)` : 'Support'}
        className="inline-flex items-center gap-1.5 after:absolute after:inset-0 after:rounded-md focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-500"
      >
        <LifebuoyIcon className="size-4" />
        <span className="max-lg:sr-only">Support</span>
      </button>
      {failures ? (
        <span
          aria-hidden="true"
          data-testid="support-badge"
          className="absolute -top-1.5 -right-1.5 rounded-full bg-rose-600 px-1 text-[11px] font-semibold leading-4 text-white tabular-nums"
        >
          {failures > 99 ? '99+' : failures}
        </span>
      ) : null}
    </span>
  );
}
