/**
 * What can be done to the ticked rows: suspend them (a merge patch of spec.state to the kind's suspend value,
 * Suspended or Stopped; not offered for kinds without one) or delete them, each through a confirmation that
 * spells out the consequences, then a per-object report.
 */
import { useState } from 'react';
import type { KindInfo } from '../../../api/index.ts';
import { FINALIZER_BILLING, type NodusObject } from '../../../shared/protocol.ts';
import { deleteObject, forEachObject, setDesiredState } from '../api/object-writes.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { kindTraits } from '../kinds/registry.tsx';
import { objectKey } from '../table/snapshot-diff.ts';
import { BulkDialog, type BulkOutcome, type BulkStage } from './bulk-dialog.tsx';
import { formatCount } from '../../../lib/format.ts';

type Action = 'suspend' | 'delete';

interface Run {
  action: Action;
  objects: NodusObject[];
  stage: BulkStage;
  outcomes: Map<string, BulkOutcome>;
}

const billed = (o: NodusObject) => o.metadata.finalizers?.includes(FINALIZER_BILLING) ?? false;

export function BulkActions({ kind, items, selection }: { kind: KindInfo; items: () => readonly NodusObject[]; selection: Selection }) {
  const traits = kindTraits(kind);
  const [run, setRun] = useState<Run | undefined>(undefined);
  const count = selection.ids.size;
  const canDelete = kind.verbs.includes('delete');
  const canSuspend = traits.suspend !== undefined && kind.verbs.includes('patch');
  const verb = traits.suspend === 'Stopped' ? 'Stop' : 'Suspend';

  function open(action: Action) {
    // What is ticked and still there: an object deleted meanwhile is not acted on.
    const objects = items().filter((o) => selection.ids.has(objectKey(o)));
    setRun({ action, objects, stage: 'confirm', outcomes: new Map() });
  }

  function start() {
    if (!run) return;
    const { action, objects } = run;
    setRun({ ...run, stage: 'running' });
    const write = action === 'delete' ? (o: NodusObject) => deleteObject(kind, o) : (o: NodusObject) => setDesiredState(kind, o, traits.suspend!);
    const note = (o: NodusObject) =>
      action === 'suspend'
        ? `spec.state: ${traits.suspend!}`
        : billed(o) ? `Deleting: ${traits.deletingPhase ?? 'listed'} until the final charge posts` : 'Deleted';
    void forEachObject(objects, write, ({ object, error }) => {
      const outcome: BulkOutcome = error === undefined ? { ok: true, note: note(object) } : { ok: false, error };
      setRun((r) => (r ? { ...r, outcomes: new Map(r.outcomes).set(objectKey(object), outcome) } : r));
    }).then(() => setRun((r) => (r ? { ...r, stage: 'done' } : r)));
  }

  function close() {
    if (run?.stage === 'done') {
      // Keep the failures ticked, to try them again.
      selection.select([...run.outcomes].filter(([, o]) => !o.ok).map(([id]) => id));
    }
    setRun(undefined);
  }

  const label = (n: number) => `${formatCount(n)} ${n === 1 ? kind.singular : kind.plural}`;

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
            onClick={() => open('suspend')}
            disabled={!canSuspend}
            title={canSuspend ? `Set spec.state to ${traits.suspend!}` : `${kind.kind} has no state that suspends it`}
            className="rounded-md border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-xs hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {verb}…
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
          title={`${run.action === 'delete' ? 'Delete' : verb} ${label(run.objects.length)}?`}
          objects={run.objects}
          outcomes={run.outcomes}
          stage={run.stage}
          danger={run.action === 'delete'}
          confirmLabel={`${run.action === 'delete' ? 'Delete' : verb} ${label(run.objects.length)}`}
          onConfirm={start}
          onClose={close}
        >
          {run.action === 'delete' ? <DeleteConsequences kind={kind} objects={run.objects} /> : <SuspendConsequences kind={kind} objects={run.objects} verb={verb} />}
        </BulkDialog>
      ) : null}
    </>
  );
}

function DeleteConsequences({ kind, objects }: { kind: KindInfo; objects: NodusObject[] }) {
  const traits = kindTraits(kind);
  const withFinalizer = objects.filter(billed).length;
  return (
    <>
      <p>
        Each {kind.kind} below is stopped first, then removed. This cannot be undone.
      </p>
      {withFinalizer > 0 ? (
        <p>
          {withFinalizer === objects.length ? 'They carry' : `${withFinalizer} of them carry`} the <code className="rounded bg-slate-100 px-1 font-mono text-xs">{FINALIZER_BILLING}</code>{' '}
          finalizer: they stay listed{traits.deletingPhase ? <> as <strong className="font-medium text-slate-800">{traits.deletingPhase}</strong></> : null} until their final charge
          posts, then disappear. You are charged for what they used until then.
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

function SuspendConsequences({ kind, objects, verb }: { kind: KindInfo; objects: NodusObject[]; verb: string }) {
  const state = kindTraits(kind).suspend!;
  const already = objects.filter((o) => o.spec?.state === state).length;
  return (
    <>
      <p>
        Sets <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state: {state}</code> on each {kind.kind} below (a merge patch). {verb === 'Stop' ? 'A stopped' : 'A suspended'} {kind.kind}{' '}
        stops running and stops costing compute; set <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state</code> back to resume it.
      </p>
      {already > 0 ? <p>{already === objects.length ? 'All of them are' : `${already} of them are`} already {state}: unchanged.</p> : null}
    </>
  );
}
