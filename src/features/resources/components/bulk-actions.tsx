/**
 * What can be done to the ticked rows: suspend (or stop) them, a merge patch of spec.state, or delete them.
 * Each goes through a confirmation that says what happens to every ticked object: the rules of the object
 * page (src/kinds) decide which it applies to, and only those are counted and acted on; the others
 * are listed as skipped, with why. Then a report per object.
 */
import { useRef, useState } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { formatCount } from '@/lib/format.ts';
import { FINALIZER_BILLING, type NodusObject } from '@/shared/protocol.ts';
import { startDeletion, forEachObject, setDesiredState } from '../api/object-writes.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { kindTraits } from '../kinds/registry.tsx';
import { bulkHoldAction, pastTense, planBulk, replan, type BulkAction, type PlanItem } from '../table/bulk-plan.ts';
import { objectKey } from '../table/snapshot-diff.ts';
import { BulkDialog, type BulkOutcome, type BulkStage } from './bulk-dialog.tsx';

interface Run {
  action: BulkAction;
  plan: PlanItem[];
  stage: BulkStage;
  outcomes: Map<string, BulkOutcome>;
}

const billed = (o: NodusObject) => o.metadata.finalizers?.includes(FINALIZER_BILLING) ?? false;
const STATE: Record<'suspend' | 'stop', string> = { suspend: 'Suspended', stop: 'Stopped' };
const VERB: Record<BulkAction, string> = { suspend: 'Suspend', stop: 'Stop', delete: 'Delete' };

/** Those acted on first, in the order they were ticked; then those skipped. */
const actingFirst = (plan: PlanItem[]) => [
  ...plan.filter((i) => i.skip === undefined),
  ...plan.filter((i) => i.skip !== undefined),
];

export function BulkActions({
  kind,
  items,
  selection,
}: {
  kind: KindInfo;
  items: () => readonly NodusObject[];
  selection: Selection;
}) {
  const [run, setRun] = useState<Run | undefined>(undefined);
  // Set on the first confirm: a second click or Enter before React draws the running dialog acts no more.
  const started = useRef(false);
  const count = selection.ids.size;
  const hold = bulkHoldAction(kind);
  const canDelete = kind.verbs.includes('delete');
  const canHold = hold !== undefined && kind.verbs.includes('patch');
  const holdVerb = VERB[hold ?? 'suspend'];

  function ticked(): NodusObject[] {
    // What is ticked and still there: an object deleted meanwhile is not acted on.
    return items().filter((o) => selection.ids.has(objectKey(o)));
  }

  function open(action: BulkAction) {
    started.current = false;
    setRun({ action, plan: actingFirst(planBulk(action, kind, ticked())), stage: 'confirm', outcomes: new Map() });
  }

  function start() {
    if (!run || run.stage !== 'confirm' || started.current) return;
    started.current = true;
    const { action } = run;
    const plan = replan(action, kind, run.plan, new Map(ticked().map((o) => [objectKey(o), o])));
    const acting = plan.filter((i) => i.skip === undefined).map((i) => i.object);
    setRun({ ...run, plan, stage: acting.length > 0 ? 'running' : 'done' });
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
      setRun((r) => (r ? { ...r, outcomes: new Map(r.outcomes).set(objectKey(object), outcome) } : r));
    }).then(() => setRun((r) => (r ? { ...r, stage: 'done' } : r)));
  }

  function close() {
    if (run && run.stage !== 'confirm') {
      // Keep the failures ticked, to try them again; what was skipped is done with.
      selection.select([...run.outcomes].filter(([, o]) => !o.ok).map(([id]) => id));
    }
    setRun(undefined);
  }

  const label = (n: number) => `${formatCount(n)} ${n === 1 ? kind.singular : kind.plural}`;
  const acting = run ? run.plan.filter((i) => i.skip === undefined).length : 0;

  return (
    <>
      {count > 0 ? (
        <div role="group" aria-label="Selected rows" className="flex items-center gap-2">
          <span className="text-xs font-medium text-slate-700 tabular-nums">{formatCount(count)} selected</span>
          <button type="button" onClick={selection.clear} className="text-xs text-slate-500 hover:text-slate-800">
            Clear
          </button>
          <span className="h-4 w-px bg-slate-200" />
          <button
            type="button"
            onClick={() => open(hold!)}
            disabled={!canHold}
            title={
              canHold
                ? `Set spec.state to ${STATE[hold!]} where it applies`
                : hold
                  ? `The API does not let ${kind.kind} objects be changed`
                  : `${kind.kind} has no state that suspends it`
            }
            className="rounded-md border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-xs hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {holdVerb}…
          </button>
          <button
            type="button"
            onClick={() => open('delete')}
            disabled={!canDelete}
            className="rounded-md border border-rose-200 bg-white px-2.5 py-1 text-xs font-medium text-rose-700 shadow-xs hover:bg-rose-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Delete…
          </button>
        </div>
      ) : null}
      {run ? (
        <BulkDialog
          title={acting > 0 ? `${VERB[run.action]} ${label(acting)}?` : `Nothing to ${run.action}`}
          items={run.plan}
          effect={`Will be ${pastTense(run.action)}`}
          outcomes={run.outcomes}
          stage={run.stage}
          danger={run.action === 'delete'}
          confirmLabel={acting > 0 ? `${VERB[run.action]} ${label(acting)}` : undefined}
          unavailable={{
            label: VERB[run.action],
            reason: `None of the selected ${kind.plural} can be ${pastTense(run.action)}.`,
          }}
          onConfirm={start}
          onClose={close}
        >
          {run.action === 'delete' ? (
            <DeleteConsequences
              kind={kind}
              objects={run.plan.filter((i) => i.skip === undefined).map((i) => i.object)}
            />
          ) : (
            <HoldConsequences kind={kind} state={STATE[run.action]} />
          )}
        </BulkDialog>
      ) : null}
    </>
  );
}

function DeleteConsequences({ kind, objects }: { kind: KindInfo; objects: NodusObject[] }) {
  const traits = kindTraits(kind);
  const withFinalizer = objects.filter(billed).length;
  if (objects.length === 0) return null;
  return (
    <>
      <p>Each {kind.kind} to be deleted is stopped first, then removed. This cannot be undone.</p>
      {withFinalizer > 0 ? (
        <p>
          {withFinalizer === objects.length ? 'They carry' : `${withFinalizer} of them carry`} the{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs">{FINALIZER_BILLING}</code> finalizer: they stay
          listed
          {traits.deletingPhase ? (
            <>
              {' '}
              as <strong className="font-medium text-slate-800">{traits.deletingPhase}</strong>
            </>
          ) : null}{' '}
          until their final charge posts, then disappear. You are charged for what they used until then.
        </p>
      ) : null}
      {traits.cascade ? (
        <p className="rounded-md bg-amber-50 px-2.5 py-1.5 text-amber-900 ring-1 ring-amber-600/20 ring-inset">
          Deleting a {kind.kind} also deletes {traits.cascade}.
        </p>
      ) : null}
    </>
  );
}

function HoldConsequences({ kind, state }: { kind: KindInfo; state: string }) {
  return (
    <p>
      Sets <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state: {state}</code> on each {kind.kind}{' '}
      it applies to (a merge patch). {state === 'Stopped' ? 'A stopped' : 'A suspended'} {kind.kind} stops running and
      stops costing compute; set <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state</code> back to
      resume it.
    </p>
  );
}
