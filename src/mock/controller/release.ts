/**
 * The last step of a delete: a deleting object goes once its last finalizer is gone, and a deleting project once
 * nothing is left in it. Both the controller (after the final charge) and a write that clears finalizers use it.
 * An owner deleted in the Foreground holds `foregroundDeletion` until no dependent that blocks it is left; the
 * removal of such a dependent lets go of it, as Kubernetes' garbage collector does.
 */
import { FINALIZER_FOREGROUND, type NodusObject } from '@/shared/protocol.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { dropProjectEvents } from '../events/record.ts';

/** Removes a deleting object whose last finalizer is gone. */
export function removeIfReleased(state: MockState, kind: KindDef, obj: NodusObject): NodusObject | undefined {
  if (!obj.metadata.deletionTimestamp || obj.metadata.finalizers?.length) return undefined;
  return removeDeleted(state, kind, obj);
}

/** Removes an object whose delete has finished; a project or a Foreground owner waiting for it may then go. */
export function removeDeleted(state: MockState, kind: KindDef, obj: NodusObject): NodusObject | undefined {
  const namespace = obj.metadata.namespace ?? '';
  const gone = state.store.remove(kind.plural, namespace, obj.metadata.name ?? '');
  if (!gone) return undefined;
  finishProjectIfEmpty(state, namespace);
  for (const ref of gone.metadata.ownerReferences ?? []) {
    if (!ref.blockOwnerDeletion) continue;
    const ownerKind = KIND_DEFS.find((k) => k.kind === ref.kind);
    const owner = ownerKind && state.store.get(ownerKind.plural, namespace, ref.name);
    if (ownerKind && owner?.metadata.uid === ref.uid) releaseForeground(state, ownerKind, owner);
  }
  return gone;
}

/** Whether an object still has dependents whose ownerReference to it says blockOwnerDeletion. */
export function hasBlockingDependents(state: MockState, owner: NodusObject): boolean {
  const uid = owner.metadata.uid;
  if (!uid) return false;
  const namespace = owner.metadata.namespace ?? '';
  return state.store
    .dependents(uid)
    .some(
      ({ object: d }) =>
        d.metadata.namespace === namespace &&
        d.metadata.ownerReferences?.some((r) => r.uid === uid && r.blockOwnerDeletion),
    );
}

/**
 * Clears `foregroundDeletion` from a deleting owner none of whose dependents blocks it any more, and removes the
 * owner if that was its last finalizer. Returns whether it changed anything.
 */
export function releaseForeground(state: MockState, kind: KindDef, owner: NodusObject): boolean {
  const finalizers = owner.metadata.finalizers ?? [];
  if (!owner.metadata.deletionTimestamp || !finalizers.includes(FINALIZER_FOREGROUND)) return false;
  if (hasBlockingDependents(state, owner)) return false;
  const rest = finalizers.filter((f) => f !== FINALIZER_FOREGROUND);
  // Its last finalizer: the object goes in one step (DELETED), as an update that empties them does in Kubernetes.
  if (!rest.length) removeDeleted(state, kind, owner);
  else state.store.put(kind.plural, { ...owner, metadata: { ...owner.metadata, finalizers: rest } });
  return true;
}

/** A project being deleted goes once nothing is left in it. */
export function finishProjectIfEmpty(state: MockState, namespace: string): void {
  const project = state.store.get('namespaces', '', namespace);
  if (!project?.metadata.deletionTimestamp) return;
  if (KIND_DEFS.some((k) => state.store.count(k.plural, namespace) > 0)) return;
  // As in Kubernetes, a namespace's events go with it.
  dropProjectEvents(state, namespace);
  state.store.remove('namespaces', '', namespace);
}
