/**
 * The last step of a delete: a deleting object goes once its last finalizer is gone, and a deleting project once
 * nothing is left in it. Both the controller (after the final charge) and a write that clears finalizers use it.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';

/** Removes a deleting object whose last finalizer is gone. */
export function removeIfReleased(state: MockState, kind: KindDef, obj: NodusObject): NodusObject | undefined {
  if (!obj.metadata.deletionTimestamp || obj.metadata.finalizers?.length) return undefined;
  const gone = state.store.remove(kind.plural, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
  finishProjectIfEmpty(state, obj.metadata.namespace ?? '');
  return gone;
}

/** A project being deleted goes once nothing is left in it. */
export function finishProjectIfEmpty(state: MockState, namespace: string): void {
  const project = state.store.get('namespaces', '', namespace);
  if (!project?.metadata.deletionTimestamp) return;
  if (KIND_DEFS.some((k) => state.store.count(k.plural, namespace) > 0)) return;
  state.store.remove('namespaces', '', namespace);
}
