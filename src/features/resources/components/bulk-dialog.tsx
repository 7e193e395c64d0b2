/**
 * The confirmation of a bulk suspend or delete: it says exactly what will happen before anything does (which
 * objects, that billing finalizers keep deleted objects listed until their final charge posts, that a
 * Pipeline's Jobs go with it), then shows each object's outcome as it settles, failures with the API's full
 * error (reason, fix, requestId). A native modal <dialog>: focus stays inside and Escape cancels.
 */
import { clsx } from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ui/error-panel.tsx';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { PhaseBadge } from '../../../components/ui/phase-badge.tsx';
import type { NodusObject } from '../../../shared/protocol.ts';
import { objectKey } from '../table/snapshot-diff.ts';
import { formatCount } from '../../../lib/format.ts';

export type BulkStage = 'confirm' | 'running' | 'done';

export interface BulkOutcome {
  ok: boolean;
  /** What happened, for a success ("Suspended", "Deleting: Cancelling until the final charge posts"). */
  note?: string;
  error?: unknown;
}

export interface BulkDialogProps {
  title: string;
  /** What will happen, in sentences. */
  children: ReactNode;
  objects: readonly NodusObject[];
  /** Per object (by uid) once settled. */
  outcomes: ReadonlyMap<string, BulkOutcome>;
  stage: BulkStage;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const LISTED = 200;

export function BulkDialog({ title, children, objects, outcomes, stage, confirmLabel, danger, onConfirm, onClose }: BulkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    confirm.current?.focus();
  }, []);

  const failed = objects.filter((o) => outcomes.get(objectKey(o))?.ok === false).length;
  const manyProjects = objects.some((o) => o.metadata.namespace !== objects[0]?.metadata.namespace);
  const succeeded = outcomes.size - failed;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (stage !== 'running') onClose();
      }}
      className="m-auto w-[36rem] max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="flex max-h-[80vh] flex-col">
        <header className="border-b border-slate-100 px-5 pt-4 pb-3">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {stage === 'confirm' ? <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div> : null}
          {stage !== 'confirm' ? (
            <p role="status" className="mt-1 text-sm text-slate-600">
              {stage === 'running' ? `Working… ${outcomes.size} of ${objects.length} done` : `${succeeded} done${failed ? `, ${failed} failed` : ''}`}
            </p>
          ) : null}
        </header>

        <ul aria-label="Objects" className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto px-5 text-sm">
          {objects.slice(0, stage === 'confirm' ? LISTED : objects.length).map((o) => {
            const outcome = outcomes.get(objectKey(o));
            return (
              <li key={objectKey(o)} className="py-1.5" aria-label={o.metadata.name}>
                <div className="flex items-center gap-2">
                  {stage === 'confirm' ? null : <OutcomeIcon outcome={outcome} running={stage === 'running'} />}
                  <span className="font-medium">{o.metadata.name}</span>
                  {manyProjects ? <span className="text-xs text-slate-400">{o.metadata.namespace}</span> : null}
                  <span className="ml-auto text-xs text-slate-500">{stage === 'confirm' ? <PhaseBadge phase={o.status?.phase} /> : outcome?.ok ? outcome.note : null}</span>
                </div>
                {outcome && !outcome.ok ? <ErrorPanel compact error={outcome.error} className="mt-1.5 mb-1" /> : null}
              </li>
            );
          })}
          {stage === 'confirm' && objects.length > LISTED ? (
            <li className="py-1.5 text-slate-500">and {formatCount(objects.length - LISTED)} more</li>
          ) : null}
        </ul>

        <footer className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">
          {stage === 'confirm' ? (
            <>
              <button type="button" onClick={onClose} className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50">
                Cancel
              </button>
              <button
                ref={confirm}
                type="button"
                onClick={onConfirm}
                className={clsx(
                  'rounded-md px-3 py-1.5 text-sm font-semibold text-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2',
                  danger ? 'bg-rose-600 hover:bg-rose-500 focus-visible:outline-rose-600' : 'bg-indigo-600 hover:bg-indigo-500 focus-visible:outline-indigo-600',
                )}
              >
                {confirmLabel}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={onClose}
              disabled={stage === 'running'}
              className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 disabled:opacity-50"
            >
              Close
            </button>
          )}
        </footer>
      </div>
    </dialog>
  );
}

function OutcomeIcon({ outcome, running }: { outcome: BulkOutcome | undefined; running: boolean }) {
  if (outcome?.ok) return <CheckIcon role="img" aria-hidden={false} aria-label="done" className="size-4 shrink-0 text-emerald-600" />;
  if (outcome) return <AlertIcon role="img" aria-hidden={false} aria-label="failed" className="size-4 shrink-0 text-rose-600" />;
  return <span aria-hidden="true" className={clsx('size-4 shrink-0 rounded-full border-2', running ? 'animate-spin border-slate-200 border-t-indigo-500' : 'border-slate-200')} />;
}
