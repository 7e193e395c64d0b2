/**
 * What the server records right after a write: status.observedGeneration follows metadata.generation, and the
 * lifecycle controller takes one step at once, so that a change of spec.state shows in the phase in the same
 * response (later steps come with the controller's ticks).
 */
import type { NodusObject, ObjectStatus } from '../../shared/protocol.ts';
import { stepObject } from '../controller/lifecycle.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';

export function observe(state: MockState, kind: KindDef, after: NodusObject): ObjectStatus {
  const observed: NodusObject = { ...after, status: { ...after.status, observedGeneration: after.metadata.generation ?? 1 } };
  if (kind.lifecycle === 'none' || after.metadata.deletionTimestamp) return observed.status!;
  return (stepObject(state, kind, observed, state.now()) ?? observed).status!;
}
