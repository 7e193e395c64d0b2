/**
 * Deleting: an object with finalizers gets a deletionTimestamp and its kind's deleting phase (Cancelling or
 * Terminating), and goes only once its finalizers are gone (controller/release.ts). The lifecycle controller posts
 * the final charge and then clears the billing finalizer (controller/finalize.ts). Deleting a project deletes
 * everything in it first. Background (the default) deletes dependents along with the owner, Foreground before
 * it, Orphan releases them.
 */
import { FINALIZER_FOREGROUND, type Condition, type NodusObject } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { accrue } from '../controller/charges.ts';
import { recordCascade, recordDeleteRequested, type DeleteCause } from '../events/changes.ts';
import { postSpend } from '../controller/commit.ts';
import {
  finishProjectIfEmpty,
  hasBlockingDependents,
  releaseForeground,
  removeDeleted,
} from '../controller/release.ts';

export type Propagation = 'Background' | 'Foreground' | 'Orphan';

const FINISHED = new Set(['Succeeded', 'Failed', 'Cancelled', 'Stopped']);

/** The object as it looks once a delete has begun (not stored). */
/** `at`: when the delete was asked for (demo data backdates it); now by default. */
export function markDeleting(state: MockState, kind: KindDef, obj: NodusObject, at = state.now()): NodusObject {
  const now = state.timestamp(at);
  const phase = kind.deletingPhase;
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

/** Begins deleting a stored object; removes it at once when nothing holds it. `by`: who asked, for its events. */
export function beginDelete(
  state: MockState,
  kind: KindDef,
  obj: NodusObject,
  propagation: Propagation,
  by?: DeleteCause,
): NodusObject {
  if (by) recordDeleteRequested(state, obj, by, propagation);
  if (propagation === 'Foreground') return beginForeground(state, kind, obj, by);
  cascade(state, obj, propagation, by);
  if (!obj.metadata.finalizers?.length) return removeDeleted(state, kind, obj)!;
  if (obj.metadata.deletionTimestamp) return obj;
  const stored = storeDeleting(state, kind, obj);
  // A foregroundDeletion the object was created with still holds it until no dependent blocks it.
  releaseForeground(state, kind, stored);
  return stored;
}

/** What a delete would answer, stored nowhere (dryRun). */
export function previewDelete(
  state: MockState,
  kind: KindDef,
  obj: NodusObject,
  propagation: Propagation,
): NodusObject {
  const held = propagation === 'Foreground' ? withForeground(obj) : obj;
  if (obj.metadata.deletionTimestamp || !held.metadata.finalizers?.length) return held;
  return markDeleting(state, kind, held);
}

function withForeground(obj: NodusObject): NodusObject {
  const finalizers = obj.metadata.finalizers ?? [];
  if (finalizers.includes(FINALIZER_FOREGROUND)) return obj;
  return { ...obj, metadata: { ...obj.metadata, finalizers: [...finalizers, FINALIZER_FOREGROUND] } };
}

function storeDeleting(state: MockState, kind: KindDef, obj: NodusObject): NodusObject {
  const marked = markDeleting(state, kind, obj);
  // The work stops now: bill the running stretch up to this moment; the finalizer clears once it has posted.
  if (typeof marked.status?.lastChargeTime === 'string') {
    const status = accrue(state, kind, marked, state.now(), true).status;
    delete status.lastChargeTime;
    marked.status = status;
  }
  const stored = state.store.put(kind.plural, marked);
  postSpend(state, kind, obj, stored);
  return stored;
}

/**
 * Foreground, as Kubernetes does it: the owner is stored first, deleting and holding foregroundDeletion, then its
 * dependents are deleted; it goes once none that blocks it is left (controller/release.ts). The answer is the
 * owner as that first write left it, even when nothing held it and it has gone since.
 */
function beginForeground(state: MockState, kind: KindDef, obj: NodusObject, by: DeleteCause | undefined): NodusObject {
  const held = withForeground(obj);
  let stored = obj;
  if (!obj.metadata.deletionTimestamp) stored = storeDeleting(state, kind, held);
  else if (held !== obj) stored = state.store.put(kind.plural, held);
  cascade(state, stored, 'Foreground', by);
  const current = state.store.get(kind.plural, stored.metadata.namespace ?? '', stored.metadata.name ?? '');
  if (current) releaseForeground(state, kind, current);
  return stored;
}

/** Dependents (objects whose ownerReferences name this uid) are deleted too, or released with Orphan. */
function cascade(state: MockState, owner: NodusObject, propagation: Propagation, by: DeleteCause | undefined): void {
  const uid = owner.metadata.uid;
  const namespace = owner.metadata.namespace ?? '';
  if (!uid) return;
  // In the store's order (by kind, then name), as a pass over each kind's list would find them.
  const reached = KIND_DEFS.flatMap((kind) =>
    state.store
      .dependents(uid)
      .filter(({ resource, object: d }) => resource === kind.plural && d.metadata.namespace === namespace)
      .filter(({ object: d }) => propagation === 'Orphan' || !d.metadata.deletionTimestamp)
      .map(({ object }) => object)
      .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))
      .map((dependent) => ({ kind, dependent })),
  );
  // The owner's event comes first: it says what the dependents' own events are part of.
  recordCascade(
    state,
    owner,
    reached.map((r) => r.dependent),
    propagation,
    by,
  );
  const dependentCause = by && { actor: by.actor, requestId: by.requestId, owner };
  for (const { kind, dependent: listed } of reached) {
    // A dependent deleted meanwhile (by a cascade of its own) is acted on as it is now, or not at all.
    const dependent = state.store.get(kind.plural, namespace, listed.metadata.name ?? '');
    if (!dependent) continue;
    const refs = dependent.metadata.ownerReferences ?? [];
    if (propagation === 'Orphan') {
      const rest = refs.filter((r) => r.uid !== uid);
      const { ownerReferences: _drop, ...metadata } = dependent.metadata;
      state.store.put(kind.plural, {
        ...dependent,
        metadata: rest.length ? { ...metadata, ownerReferences: rest } : metadata,
      });
    } else if (!dependent.metadata.deletionTimestamp) {
      // Kubernetes' collector deletes a dependent in the Foreground only if it has dependents of its own.
      const own = propagation === 'Foreground' && hasBlockingDependents(state, dependent);
      beginDelete(state, kind, dependent, own ? 'Foreground' : 'Background', dependentCause);
    }
  }
}

export function deleteProject(state: MockState, project: NodusObject, by?: DeleteCause): NodusObject {
  const name = project.metadata.name ?? '';
  if (project.metadata.deletionTimestamp) return project;
  const terminating = state.store.put('namespaces', {
    ...project,
    metadata: { ...project.metadata, deletionTimestamp: state.timestamp() },
    status: { phase: 'Terminating' },
  });
  for (const kind of KIND_DEFS) {
    for (const obj of state.store.list(kind.plural, name)) beginDelete(state, kind, obj, 'Background', by);
  }
  finishProjectIfEmpty(state, name);
  return state.store.get('namespaces', '', name) ?? { ...terminating, metadata: { ...terminating.metadata } };
}

/**
 * Nothing new goes into a project being deleted, as Kubernetes' NamespaceLifecycle admission has it: a create is
 * refused (a POST, or an apply that would create). Updates and deletes of what is there go on, so that finalizers
 * can be removed and the project can finish going.
 */
export function refuseCreateIfTerminating(state: MockState, name: string): void {
  if (!state.store.get('namespaces', '', name)?.metadata.deletionTimestamp) return;
  throw new ApiFailure('Forbidden', `project "${name}" is being deleted; nothing new can be created in it`, {
    details: { kind: 'Namespace', name },
    fix: 'Use another project, or wait until it is gone and create it again.',
  });
}
