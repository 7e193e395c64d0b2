/**
 * What can be done to the ticked rows: suspend (or stop) them, a merge patch of spec.state, or delete them.
 * Each goes through a confirmation that says what happens to every ticked object: the rules of the object
 * page (src/kinds) decide which it applies to, and only those are counted and acted on; the others
 * are listed as skipped, with why. Then a report per object. Loaded when first needed (bulk-actions.tsx).
 * The table holds rows, not objects: the whole objects are read when the confirmation opens (whole-objects.ts),
 * and those that changed since are read again when it is confirmed.
 */
import { clsx } from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LockIcon } from '@/components/ui/icons.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import { useAccessList } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';
import { formatCount } from '@/lib/format.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { RetryInfo } from '@/data/client/index.ts';
import type { ListWatchTarget } from '@/data/watch/index.ts';
import { isRow, type TableItem } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { billed, DeleteConsequences, HoldConsequences } from './bulk-consequences.tsx';
import { startDeletion, forEachObject, setDesiredState } from '../api/object-writes.ts';
import { apiTrouble, wholeObjects, type WholeObjects } from '../api/whole-objects.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { kindTraits } from '../kinds/registry.tsx';
import { DESIRED_STATE as STATE, useBulkCommands, VERB } from '../hooks/use-bulk-commands.ts';
import {
  actedOn,
  pastTense,
  planBulk,
  planGone,
  replan,
  withAccess,
  type BulkAction,
  type PlanItem,
} from '../table/bulk-plan.ts';
import { objectKey } from '../table/snapshot-diff.ts';
import type { BulkDialogProps, BulkOutcome, BulkStage } from './bulk-dialog.tsx';

// The confirmation's code comes with the first action (or in idle time before): the first view needs none of it.
const { Component: BulkDialog } = lazyPart<BulkDialogProps>(
  () => import('./bulk-dialog.tsx').then((m) => m.BulkDialog),
  { label: 'the confirmation', overlay: true },
);

interface Run {
  /** Which dialog this is: what an earlier one still settles never lands on a later one. */
  id: number;
  action: BulkAction;
  /** The rows asked for: their objects are read before anything is planned (again after a failure). */
  asked: readonly TableItem[];
  plan: PlanItem[];
  stage: BulkStage;
  outcomes: Map<string, BulkOutcome>;
  /** Confirmed: what changed since is being read again. */
  checking?: boolean;
  /** Why the objects could not be read (the API's error). */
  problem?: unknown;
  /** The reading's last retry, while the API fails and the client tries again. */
  retrying?: RetryInfo;
}

/** Those acted on first, in the order they were ticked; then those skipped. */
const actingFirst = (plan: PlanItem[]) => [
  ...plan.filter((i) => i.skip === undefined),
  ...plan.filter((i) => i.skip !== undefined),
];

let runs = 0;

const reading = (action: BulkAction, asked: readonly TableItem[]): Run => ({
  id: ++runs,
  action,
  asked,
  plan: [],
  stage: 'reading',
  outcomes: new Map(),
});

/** The confirmation of an action on these objects, nothing done yet. */
const confirming = (read: Run, kind: KindInfo, whole: WholeObjects): Run => ({
  ...read,
  retrying: undefined,
  plan: actingFirst([...planBulk(read.action, kind, whole.objects), ...planGone(whole.gone)]),
  stage: 'confirm',
});

const verbOf = (action: BulkAction) => (action === 'delete' ? 'delete' : 'patch');

export interface BulkBarProps {
  kind: KindInfo;
  /** The project in view; undefined for all projects, where each ticked object's project is asked at confirm. */
  project: string | undefined;
  /** What the table lists, where the whole objects of its rows are read. */
  target: ListWatchTarget;
  items: () => readonly TableItem[];
  /** How many the table lists (its last pages may still be on their way). */
  listed: () => number;
  selection: Selection;
  /** Where to draw the action buttons (inside the shell's "N selected" group); null while nothing is ticked. */
  slot: HTMLElement | null;
  /** An action's confirmation asked for these objects (a row's context menu), not the ticked ones. */
  request: BulkRequest | undefined;
  /** The request is open: the next one may come. */
  onRequestTaken: () => void;
}

export interface BulkRequest {
  action: BulkAction;
  objects: TableItem[];
}

export function BulkBar({
  kind,
  project,
  target,
  items,
  listed: listedCount,
  selection,
  slot,
  request,
  onRequestTaken,
}: BulkBarProps) {
  const [run, setRun] = useState<Run | undefined>(undefined);
  // Set on the first confirm: a second click or Enter before React draws the running dialog acts no more.
  const started = useRef(false);
  // The reading under way (objects for the confirmation, or again on confirm): cancelled with the dialog.
  const readAbort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => readAbort.current?.abort(), []);
  const count = selection.ids.size;
  const commands = useBulkCommands(kind, project, count > 0);
  const resource = { group: kind.group, resource: kind.plural };
  // In the confirmation: the projects of what is ticked, each asked once.
  const runProjects = useMemo(
    () => (run ? [...new Set(run.plan.map((i) => i.object.metadata.namespace ?? ''))] : []),
    [run],
  );
  const runAccess = useAccessList(
    run ? runProjects.map((ns) => ({ ...resource, verb: verbOf(run.action), namespace: ns })) : [],
  );
  const asking = runAccess.some((a) => a.pending);
  // The answers as text, so the plan is made again when an answer changes, not on every render.
  const refusals = runAccess.map((a) => (!a.allowed && !a.pending ? (a.reason ?? '') : '')).join('\n');
  const deniedIn = useMemo(() => {
    const reasons = refusals.split('\n');
    const byProject = new Map(runProjects.map((ns, i) => [ns, reasons[i] || undefined]));
    return (ns: string) => byProject.get(ns);
  }, [runProjects, refusals]);
  const plan = useMemo(() => (run ? actingFirst(withAccess(run.plan, deniedIn)) : []), [run, deniedIn]);

  function ticked(): TableItem[] {
    // What is ticked and still there: an object deleted meanwhile is not acted on.
    return items().filter((o) => selection.ids.has(objectKey(o)));
  }

  function reader(): AbortSignal {
    readAbort.current?.abort();
    readAbort.current = new AbortController();
    return readAbort.current.signal;
  }

  /** Reads the whole objects of `asked`, then shows what the action would do to each. */
  function read(action: BulkAction, asked: readonly TableItem[]) {
    const signal = reader();
    started.current = false;
    const first = reading(action, asked);
    setRun(first);
    wholeObjects(target, asked, { signal, onRetry: noteRetry(first.id, signal), listed: listedCount() }).then(
      (whole) => {
        if (!signal.aborted) setRun(confirming(first, kind, whole));
      },
      (problem: unknown) => {
        if (!signal.aborted) setRun({ ...first, problem });
      },
    );
  }

  /** Says why a reading of run `id` is taking long: the API failed and the client tries again. */
  function noteRetry(id: number, signal: AbortSignal) {
    return (retrying: RetryInfo) => {
      if (!signal.aborted) setRun((r) => (r?.id === id ? { ...r, retrying } : r));
    };
  }

  function open(action: BulkAction) {
    read(action, ticked());
  }
  useEffect(() => {
    if (!request) return;
    onRequestTaken();
    // Asked for before this code came: what was unticked meanwhile is no longer asked for.
    const objects = request.objects.filter((o) => selection.ids.has(objectKey(o)));
    if (objects.length === 0) return;
    read(request.action, objects);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is this render's; the request is what changes.
  }, [request, kind, selection.ids, onRequestTaken]);

  /**
   * The planned objects as they are now: the table's rows say which are gone and which moved on since they were
   * read (another resourceVersion: a charge, a change of state); those are read again.
   */
  async function currentObjects(
    plan: readonly PlanItem[],
    signal: AbortSignal,
    onRetry: (info: RetryInfo) => void,
  ): Promise<Map<string, NodusObject>> {
    const listed = new Map(items().map((o) => [objectKey(o), o]));
    const current = new Map<string, NodusObject>();
    const moved: TableItem[] = [];
    for (const object of actedOn(plan)) {
      const key = objectKey(object);
      const now = listed.get(key);
      if (now === undefined) continue;
      if (!isRow(now)) current.set(key, now);
      else if (now.metadata.resourceVersion === object.metadata.resourceVersion) current.set(key, object);
      else moved.push(now);
    }
    if (moved.length === 0) return current;
    for (const o of (await wholeObjects(target, moved, { signal, onRetry, listed: listedCount() })).objects)
      current.set(objectKey(o), o);
    return current;
  }

  async function start() {
    if (!run || run.stage !== 'confirm' || started.current || asking) return;
    started.current = true;
    const { action } = run;
    const signal = reader();
    const { id } = run;
    setRun({ ...run, checking: true, problem: undefined, retrying: undefined });
    let current: Map<string, NodusObject>;
    try {
      current = await currentObjects(run.plan, signal, noteRetry(id, signal));
    } catch (problem) {
      if (signal.aborted) return;
      started.current = false;
      setRun({ ...run, checking: false, problem });
      return;
    }
    if (signal.aborted) return;
    const plan = withAccess(replan(action, kind, run.plan, current), deniedIn);
    const acting = actedOn(plan);
    setRun({ ...run, plan, checking: false, retrying: undefined, stage: acting.length > 0 ? 'running' : 'done' });
    if (acting.length === 0) return;
    const write =
      action === 'delete'
        ? (o: NodusObject) => startDeletion(kind, o)
        : (o: NodusObject) => setDesiredState(kind, o, STATE[action]);
    const note = (o: NodusObject) =>
      action !== 'delete'
        ? `spec.state: ${STATE[action]}`
        : billed(o)
          ? `Deleting: ${kindTraits(kind).deletingPhase ?? 'listed'} until the final charge posts`
          : 'Deleted';
    void forEachObject(acting, write, ({ object, error }) => {
      const outcome: BulkOutcome = error === undefined ? { ok: true, note: note(object) } : { ok: false, error };
      setRun((r) => (r?.id === id ? { ...r, outcomes: new Map(r.outcomes).set(objectKey(object), outcome) } : r));
    }).then(() => setRun((r) => (r?.id === id ? { ...r, stage: 'done' } : r)));
  }

  function close() {
    readAbort.current?.abort();
    if (run && (run.stage === 'running' || run.stage === 'done')) {
      // Keep the failures ticked, to try them again; what was skipped is done with.
      selection.select([...run.outcomes].filter(([, o]) => !o.ok).map(([id]) => id));
    }
    setRun(undefined);
  }

  const label = (n: number) => `${formatCount(n)} ${n === 1 ? kind.singular : kind.plural}`;
  const shown = run && run.stage === 'confirm' ? plan : (run?.plan ?? []);
  const acting = shown.filter((i) => i.skip === undefined).length;

  return (
    <>
      {slot && count > 0
        ? createPortal(
            <>
              {commands.map((c) => (
                <BulkButton
                  key={c.action}
                  label={c.label}
                  reason={c.reason}
                  hint={c.hint}
                  danger={c.danger}
                  locked={c.locked}
                  onClick={() => open(c.action)}
                />
              ))}
            </>,
            slot,
          )
        : null}
      {run ? (
        <BulkDialog
          title={
            run.stage === 'reading'
              ? `${VERB[run.action]} ${label(run.asked.length)}?`
              : acting > 0
                ? `${VERB[run.action]} ${label(acting)}?`
                : `Nothing to ${run.action}`
          }
          progress={
            run.stage === 'reading'
              ? readingText(`the ${label(run.asked.length)}`, run.retrying)
              : run.checking && run.retrying
                ? readingText('them again', run.retrying)
                : undefined
          }
          problem={run.problem}
          busy={run.checking ? 'Reading them again…' : undefined}
          onRetry={() => read(run.action, run.asked)}
          items={shown}
          effect={`Will be ${pastTense(run.action)}`}
          outcomes={run.outcomes}
          stage={run.stage}
          danger={run.action === 'delete'}
          confirmLabel={acting > 0 && !asking ? `${VERB[run.action]} ${label(acting)}` : undefined}
          unavailable={{
            label: VERB[run.action],
            reason: asking
              ? `Checking whether you may ${run.action} ${kind.plural} there…`
              : `None of the selected ${kind.plural} can be ${pastTense(run.action)}.`,
          }}
          onConfirm={() => void start()}
          onClose={close}
        >
          {run.action === 'delete' ? (
            <DeleteConsequences kind={kind} objects={actedOn(shown)} />
          ) : (
            <HoldConsequences kind={kind} state={STATE[run.action]} />
          )}
        </BulkDialog>
      ) : null}
    </>
  );
}

/** What the reading stage says: reading, or why it is still reading. */
function readingText(what: string, retrying: RetryInfo | undefined): string {
  if (!retrying) return `Reading ${what} from the API…`;
  const { error, attempt } = retrying;
  return `Reading ${what}: the API ${apiTrouble(error)}; trying again (attempt ${attempt + 1})…`;
}

function BulkButton({
  label,
  reason,
  hint,
  danger,
  locked,
  onClick,
}: {
  label: string;
  /** Why it is off; undefined when it is on. */
  reason: string | undefined;
  hint?: string | undefined;
  danger?: boolean;
  locked: boolean;
  onClick: () => void;
}) {
  const off = reason !== undefined;
  return (
    <ReasonTip reason={reason ?? hint}>
      {(describedBy) => (
        <button
          type="button"
          {...offProps(off, describedBy)}
          onClick={() => {
            if (!off) onClick();
          }}
          className={clsx(
            'inline-flex items-center gap-1 rounded-md border px-2.5 py-1 text-xs font-medium shadow-xs',
            off
              ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400 shadow-none'
              : danger
                ? 'border-rose-200 bg-white text-rose-700 hover:bg-rose-50'
                : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {locked ? <LockIcon className="size-3" /> : null}
          {label}
        </button>
      )}
    </ReasonTip>
  );
}
