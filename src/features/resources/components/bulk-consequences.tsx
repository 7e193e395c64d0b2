/**
 * What a bulk action's confirmation says will happen besides the list of objects: for a delete, that it cannot be
 * undone, which objects stay listed until their final charge posts (the billing finalizer) and what else goes
 * with them; for a suspend or stop, what spec.state does.
 */
import type { KindInfo } from '@/data/client/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import { FINALIZER_BILLING, type NodusObject } from '@/shared/protocol.ts';
import { kindTraits } from '../kinds/registry.tsx';

export const billed = (o: TableItem) => o.metadata.finalizers?.includes(FINALIZER_BILLING) ?? false;

export function DeleteConsequences({ kind, objects }: { kind: KindInfo; objects: NodusObject[] }) {
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

export function HoldConsequences({ kind, state }: { kind: KindInfo; state: string }) {
  return (
    <p>
      Sets <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state: {state}</code> on each {kind.kind}{' '}
      it applies to (a merge patch). {state === 'Stopped' ? 'A stopped' : 'A suspended'} {kind.kind} stops running and
      stops costing compute; set <code className="rounded bg-slate-100 px-1 font-mono text-xs">spec.state</code> back to
      resume it.
    </p>
  );
}
