/**
 * Deleting: an object with finalizers gets a deletionTimestamp and the phase Cancelling or Terminating, and goes
 * only once its finalizers are gone. Until the lifecycle controller posts final charges, the billing finalizer
 * clears after a settable delay (`finalizeSeconds`). Deleting a project deletes everything in it first.
 */
import { FINALIZER_BILLING, type Condition, type NodusObject } from '../../shared/protocol.ts';
import { KINDS, type KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';

export type Propagation = 'Background' | 'Foreground' | 'Orphan';

export function deletingPhase(kind: KindDef): string | undefined {
  if (kind.lifecycle === 'run-to-completion') return 'Cancelling';
  if (kind.lifecycle === 'long-running') return 'Terminating';
  return undefined;
}

const FINISHED = new Set(['Succeeded', 'Failed', 'Cancelled', 'Stopped']);

/** The object as it looks once a delete has begun (not stored). */
export function markDeleting(state: MockState, kind: KindDef, obj: NodusObject): NodusObject {
  const now = state.timestamp();
  const phase = deletingPhase(kind);
  const current = String(obj.status?.phase ?? '');
  const status = { ...obj.status };
  if (phase && !FINISHED.has(current)) {
    status.phase = phase;
    const condition: Condition = {
      type: 'Ready',
      status: 'False',
      reason: phase,
      message: 'Deleting: stopping the work and posting the final charge before the object goes.',
      lastTransitionTime: now,
    };
    status.conditions = [...(obj.status?.conditions ?? []).filter((c) => c.type !== 'Ready'), condition];
  }
  return { ...obj, metadata: { ...obj.metadata, deletionTimestamp: now, deletionGracePeriodSeconds: 0 }, status };
}

/** Begins deleting a stored object; removes it at once when nothing holds it. */
export function beginDelete(state: MockState, kind: KindDef, obj: NodusObject, propagation: Propagation): NodusObject {
  const namespace = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  cascade(state, obj, propagation);
  if (!obj.metadata.finalizers?.length) {
    const gone = state.store.remove(kind.plural, namespace, name)!;
    finishProjectIfEmpty(state, namespace);
    return gone;
  }
  if (obj.metadata.deletionTimestamp) return obj;
  const stored = state.store.put(kind.plural, markDeleting(state, kind, obj));
  if (stored.metadata.finalizers?.includes(FINALIZER_BILLING)) {
    state.later(state.config.finalizeSeconds * 1000, () => clearBilling(state, kind, namespace, name, stored.metadata.uid));
  }
  return stored;
}

function clearBilling(state: MockState, kind: KindDef, namespace: string, name: string, uid: string | undefined): void {
  const current = state.store.get(kind.plural, namespace, name);
  if (!current || current.metadata.uid !== uid) return;
  const finalizers = (current.metadata.finalizers ?? []).filter((f) => f !== FINALIZER_BILLING);
  removeIfReleased(state, kind, state.store.put(kind.plural, { ...current, metadata: { ...current.metadata, finalizers } }));
}

/** Removes a deleting object whose last finalizer is gone. */
export function removeIfReleased(state: MockState, kind: KindDef, obj: NodusObject): NodusObject | undefined {
  if (!obj.metadata.deletionTimestamp || obj.metadata.finalizers?.length) return undefined;
  const gone = state.store.remove(kind.plural, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
  finishProjectIfEmpty(state, obj.metadata.namespace ?? '');
  return gone;
}

/** Dependents (objects whose ownerReferences name this uid) are deleted too, or released with Orphan. */
function cascade(state: MockState, owner: NodusObject, propagation: Propagation): void {
  const uid = owner.metadata.uid;
  const namespace = owner.metadata.namespace ?? '';
  if (!uid) return;
  for (const kind of KINDS) {
    for (const dependent of state.store.list(kind.plural, namespace)) {
      const refs = dependent.metadata.ownerReferences ?? [];
      if (!refs.some((r) => r.uid === uid)) continue;
      if (propagation === 'Orphan') {
        const rest = refs.filter((r) => r.uid !== uid);
        const { ownerReferences: _drop, ...metadata } = dependent.metadata;
        state.store.put(kind.plural, { ...dependent, metadata: rest.length ? { ...metadata, ownerReferences: rest } : metadata });
      } else if (!dependent.metadata.deletionTimestamp) {
        beginDelete(state, kind, dependent, propagation);
      }
    }
  }
}

/** A project being deleted goes once nothing is left in it. */
export function finishProjectIfEmpty(state: MockState, namespace: string): void {
  const project = state.store.get('namespaces', '', namespace);
  if (!project?.metadata.deletionTimestamp) return;
  if (KINDS.some((k) => state.store.count(k.plural, namespace) > 0)) return;
  state.store.remove('namespaces', '', namespace);
}

export function deleteProject(state: MockState, project: NodusObject): NodusObject {
  const name = project.metadata.name ?? '';
  if (project.metadata.deletionTimestamp) return project;
  const terminating = state.store.put('namespaces', {
    ...project,
    metadata: { ...project.metadata, deletionTimestamp: state.timestamp() },
    status: { phase: 'Terminating' },
  });
  for (const kind of KINDS) {
    for (const obj of state.store.list(kind.plural, name)) beginDelete(state, kind, obj, 'Background');
  }
  finishProjectIfEmpty(state, name);
  return state.store.get('namespaces', '', name) ?? { ...terminating, metadata: { ...terminating.metadata } };
}
