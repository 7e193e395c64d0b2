/**
 * The billing finalizer: once a deleted object has stopped (finalizeSeconds after its deletionTimestamp), its final
 * charge posts (the running time up to the delete), then nodus.dev/billing clears and the object goes if nothing
 * else holds it. An object annotated mock.nodus.dev/stuck-finalizer keeps it, to show a stuck delete.
 */
import { FINALIZER_BILLING, type NodusObject } from '@/shared/protocol.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { recordFinalCharge } from '../events/transitions.ts';
import { commit } from './commit.ts';
import { removeIfReleased } from './release.ts';
import { isoSeconds, setCondition } from './status.ts';
import { ANNOTATION_STUCK } from './timing.ts';

export function finalize(state: MockState, kind: KindDef, obj: NodusObject, now: number): boolean {
  // deletionTimestamp has whole seconds: count from the end of that second, so the wait is never shorter than asked.
  const deletedAt = Date.parse(obj.metadata.deletionTimestamp ?? '') + 999;
  if (!obj.metadata.finalizers?.includes(FINALIZER_BILLING) || obj.metadata.annotations?.[ANNOTATION_STUCK])
    return false;
  if (now - deletedAt < state.config.finalizeSeconds * 1000) return false;
  // The running stretch was billed when the delete began (see beginDelete); what is left is to post it.
  let status = { ...obj.status };
  delete status.lastChargeTime;
  status.completionTime ??= isoSeconds(deletedAt);
  status = setCondition(
    status,
    {
      type: 'Billed',
      status: 'True',
      reason: 'FinalChargePosted',
      message: `The final charge has posted: ${String(status.costUSD ?? '0.00')} in all.`,
    },
    isoSeconds(now),
    obj.metadata.generation ?? 1,
  );
  const finalizers = obj.metadata.finalizers.filter((f) => f !== FINALIZER_BILLING);
  const stored = commit(state, kind, obj, { ...obj, metadata: { ...obj.metadata, finalizers }, status });
  recordFinalCharge(state, stored);
  removeIfReleased(state, kind, stored);
  return true;
}
