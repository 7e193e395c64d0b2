/**
 * The Support panel: where the console is pointed, the recent API calls (method, path, status, reason,
 * requestId, time taken) and a one-click support report. Everything here comes from the call log, which never
 * holds a key; the keys in memory are still passed to the report builder to be blanked out if any text from
 * the API happens to quote one.
 */
import { lazy, Suspense } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';

const SupportBody = lazy(() => import('./support-body.tsx'));

export interface SupportPanelProps {
  open: boolean;
  onClose: () => void;
  /** One line on the API's health, from the health indicator. */
  health: string;
  /** A requestId the panel was opened for (from an Event, say): found among the calls, or said not to be. */
  focus?: string | undefined;
}

export function SupportPanel({ open, onClose, health, focus }: SupportPanelProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      side
      title="Support"
      description="The live lists and recent API calls, and a report to paste into a support ticket."
    >
      {open ? (
        <Suspense fallback={<p className="px-5 py-4 text-sm text-slate-500">Loading…</p>}>
          <SupportBody health={health} focus={focus} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
