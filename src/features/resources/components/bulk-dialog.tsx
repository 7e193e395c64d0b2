/**
 * The confirmation of a bulk suspend, stop or delete: it says exactly what will happen to each ticked object
 * before anything does (acted on, or skipped and why; that billing finalizers keep deleted objects listed until
 * their final charge posts; that a Pipeline's Jobs go with it), then shows each object's outcome as it settles,
 * failures with the API's full error (reason, fix, requestId). Before the confirmation, the objects are read
 * (the table holds rows only): that stage can only be cancelled, or retried when the reading failed. A native modal <dialog>: focus stays inside and
 * Escape cancels.
 */
import { clsx } from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { AlertIcon, CheckIcon } from '@/components/ui/icons.tsx';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import { formatCount } from '@/lib/format.ts';
import { SHARED_PRINTER_COLUMNS, printedValue } from '@/shared/printer-columns.ts';
import type { PlanItem } from '../table/bulk-plan.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';

export type BulkStage = 'reading' | 'confirm' | 'running' | 'done';

const phaseOf = printedValue(SHARED_PRINTER_COLUMNS.PHASE);

export interface BulkOutcome {
  ok: boolean;
  /** What happened, for a success ("spec.state: Suspended", "Deleting: Cancelling until the final charge posts"). */
  note?: string;
  error?: unknown;
}

export interface BulkDialogProps {
  title: string;
  /** What will happen, in sentences. */
  children: ReactNode;
  /** Every ticked object: those acted on first, then those skipped with why. */
  items: readonly PlanItem[];
  /** What happens to each one acted on ("Will be suspended"). */
  effect: string;
  /** Per object (by key) once settled. */
  outcomes: ReadonlyMap<string, BulkOutcome>;
  stage: BulkStage;
  /** The confirm button's label; undefined when the action applies to none of them (the button is off). */
  confirmLabel: string | undefined;
  /** The button's label and the reason when it is off. */
  unavailable: { label: string; reason: string };
  danger?: boolean;
  /** What is being read meanwhile (the objects, or again on confirm), and why it takes long; undefined: nothing. */
  progress: string | undefined;
  /** Why the objects could not be read (then, or again on confirm). */
  problem?: unknown;
  /** Confirmed, and not acting yet: what the confirm button says meanwhile (it takes no second press). */
  busy?: string | undefined;
  /** Reads the objects again after a failed reading. */
  onRetry: () => void;
  onConfirm: () => void;
  onClose: () => void;
}

const LISTED = 200;

export function BulkDialog({
  title,
  children,
  items,
  effect,
  outcomes,
  stage,
  confirmLabel,
  unavailable,
  danger,
  progress,
  problem,
  busy,
  onRetry,
  onConfirm,
  onClose,
}: BulkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  // The confirm button comes once the objects are read, and goes once pressed: the focus moves to it, then to
  // the progress line (not to Close, where a second press of Enter would dismiss the report), never lost.
  const confirming = stage === 'confirm';
  const waiting = stage === 'reading';
  // While the objects are read, Cancel (the same button the confirmation keeps) holds it; a failed reading's
  // Retry takes it, and gives it back to Cancel once pressed (the panel goes with it).
  const failedReading = waiting && problem !== undefined;
  useEffect(() => {
    if (confirming) {
      const button = confirm.current;
      (button && !button.disabled ? button : cancel.current)?.focus();
    } else if (failedReading) {
      const buttons = dialog.current?.querySelectorAll<HTMLButtonElement>('[data-problem] button') ?? [];
      [...buttons].find((b) => b.textContent?.includes('Retry'))?.focus();
    } else if (waiting) cancel.current?.focus();
    else status.current?.focus();
  }, [confirming, waiting, failedReading]);

  const acting = items.filter((i) => i.skip === undefined);
  const skipped = items.length - acting.length;
  const failed = acting.filter((i) => outcomes.get(i.key)?.ok === false).length;
  const settled = acting.filter((i) => outcomes.has(i.key)).length;
  const manyProjects = items.some((i) => i.object.metadata.namespace !== items[0]?.object.metadata.namespace);
  const summary = `${settled - failed} done${failed ? `, ${failed} failed` : ''}${skipped ? `, ${skipped} skipped` : ''}`;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (stage !== 'running') onClose();
      }}
      className="m-auto w-[38rem] max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="flex max-h-[80vh] flex-col">
        <header className="border-b border-slate-100 px-5 pt-4 pb-3">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {confirming ? <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div> : null}
          {progress !== undefined && problem === undefined ? (
            <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-indigo-500"
              />
              {progress}
            </p>
          ) : null}
          {problem !== undefined ? (
            <div data-problem="" className="mt-2">
              <ErrorPanel
                compact
                title={waiting ? 'Could not read the selected objects' : 'Could not read them again to act on them'}
                error={problem}
                onRetry={waiting ? onRetry : undefined}
              />
            </div>
          ) : null}
          {confirming && skipped > 0 ? (
            <p className="mt-2 rounded-md bg-slate-50 px-2.5 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
              {skipped === items.length
                ? `None of the ${formatCount(items.length)} selected applies`
                : `${formatCount(skipped)} of the ${formatCount(items.length)} selected ${skipped === 1 ? 'is' : 'are'} skipped`}
              : each says why below.
            </p>
          ) : null}
          {!confirming && !waiting ? (
            <p ref={status} tabIndex={-1} role="status" className="mt-1 text-sm text-slate-600 outline-none">
              {stage === 'running' ? `Working… ${settled} of ${acting.length} done` : summary}
            </p>
          ) : null}
          {/* From the last write that settled: a bulk of many writes takes its time, a write that hangs does not. */}
          <SlowNote key={settled} busy={stage === 'running'} className="mt-1" />
        </header>

        <ul aria-label="Objects" className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto px-5 text-sm">
          {items.slice(0, confirming ? LISTED : items.length).map((item) => (
            <Item
              key={item.key}
              item={item}
              outcome={outcomes.get(item.key)}
              stage={stage}
              effect={effect}
              project={manyProjects ? item.object.metadata.namespace : undefined}
            />
          ))}
          {confirming && items.length > LISTED ? (
            <li className="py-1.5 text-slate-500">and {formatCount(items.length - LISTED)} more</li>
          ) : null}
        </ul>

        <footer className="flex items-center justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">
          {waiting || confirming ? (
            <>
              {/* The same elements in both stages, so the focus on Cancel survives the reading's end. */}
              {confirming && confirmLabel === undefined ? (
                <p id={reasonId} className="mr-auto text-xs text-slate-500">
                  {unavailable.reason}
                </p>
              ) : null}
              <button
                ref={cancel}
                type="button"
                onClick={onClose}
                className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50"
              >
                Cancel
              </button>
              {waiting ? null : (
                <button
                  ref={confirm}
                  type="button"
                  onClick={onConfirm}
                  disabled={confirmLabel === undefined}
                  aria-disabled={busy !== undefined || undefined}
                  aria-describedby={confirmLabel === undefined ? reasonId : undefined}
                  className={clsx(
                    'rounded-md px-3 py-1.5 text-sm font-semibold text-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300',
                    danger
                      ? 'bg-rose-600 hover:bg-rose-700 focus-visible:outline-rose-600'
                      : 'bg-indigo-600 hover:bg-indigo-700 focus-visible:outline-indigo-600',
                  )}
                >
                  {busy ?? confirmLabel ?? unavailable.label}
                </button>
              )}
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

function Item({
  item,
  outcome,
  stage,
  effect,
  project,
}: {
  item: PlanItem;
  outcome: BulkOutcome | undefined;
  stage: BulkStage;
  effect: string;
  project: string | undefined;
}) {
  const { object, skip } = item;
  const name = object.metadata.name;
  return (
    <li className="py-1.5" aria-label={name}>
      <div className="flex min-w-0 items-center gap-2">
        {stage === 'confirm' ? null : (
          <OutcomeIcon outcome={outcome} skipped={skip !== undefined} running={stage === 'running'} />
        )}
        <span className={clsx('truncate font-medium', skip !== undefined && 'text-slate-500')}>{name}</span>
        {project ? <span className="shrink-0 text-xs text-slate-400">{project}</span> : null}
        <PhaseBadge phase={phaseText(object)} still />
        <span
          className={clsx(
            'ml-auto shrink-0 text-xs',
            skip !== undefined
              ? 'text-slate-500'
              : stage === 'confirm'
                ? 'font-medium text-indigo-700'
                : 'text-slate-500',
          )}
        >
          {skip !== undefined ? 'Skipped' : stage === 'confirm' ? effect : outcome?.ok ? outcome.note : null}
        </span>
      </div>
      {skip !== undefined ? <p className="mt-0.5 text-xs text-slate-500">{skip}</p> : null}
      {outcome && !outcome.ok ? <ErrorPanel compact error={outcome.error} className="mt-1.5 mb-1" /> : null}
    </li>
  );
}

function phaseText(item: PlanItem['object']): string | undefined {
  const phase = phaseOf(item);
  return typeof phase === 'string' ? phase : undefined;
}

function OutcomeIcon({
  outcome,
  skipped,
  running,
}: {
  outcome: BulkOutcome | undefined;
  skipped: boolean;
  running: boolean;
}) {
  if (skipped)
    return (
      <span role="img" aria-label="skipped" className="flex size-4 shrink-0 items-center justify-center text-slate-400">
        –
      </span>
    );
  if (outcome?.ok)
    return <CheckIcon role="img" aria-hidden={false} aria-label="done" className="size-4 shrink-0 text-emerald-600" />;
  if (outcome)
    return <AlertIcon role="img" aria-hidden={false} aria-label="failed" className="size-4 shrink-0 text-rose-600" />;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'size-4 shrink-0 rounded-full border-2',
        running ? 'animate-spin border-slate-200 border-t-indigo-500' : 'border-slate-200',
      )}
    />
  );
}
