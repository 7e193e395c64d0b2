/**
 * Small helpers to write status the same way everywhere: phase transitions with their time, and conditions whose
 * lastTransitionTime moves only when their status does.
 */
import type { Condition, NodusObject, ObjectStatus } from '@/shared/protocol.ts';

export interface ConditionInput {
  type: string;
  status: Condition['status'];
  reason: string;
  message: string;
}

export function setCondition(
  status: ObjectStatus,
  input: ConditionInput,
  now: string,
  generation: number,
): ObjectStatus {
  const conditions = status.conditions ?? [];
  const existing = conditions.find((c) => c.type === input.type);
  if (
    existing &&
    existing.status === input.status &&
    existing.reason === input.reason &&
    existing.message === input.message
  )
    return status;
  const condition: Condition = {
    ...input,
    lastTransitionTime: existing && existing.status === input.status ? existing.lastTransitionTime : now,
    observedGeneration: generation,
  };
  return { ...status, conditions: [...conditions.filter((c) => c.type !== input.type), condition] };
}

/**
 * The controller has looked at `generation`: status.observedGeneration and every condition say so, since a
 * condition the controller left as it was still holds for the spec it has now seen (`kubectl wait` compares them).
 */
export function observeGeneration(status: ObjectStatus | undefined, generation: number): ObjectStatus {
  const conditions = status?.conditions?.map((c) =>
    c.observedGeneration === generation ? c : { ...c, observedGeneration: generation },
  );
  return { ...status, observedGeneration: generation, ...(conditions ? { conditions } : {}) };
}

export function removeCondition(status: ObjectStatus, type: string): ObjectStatus {
  if (!status.conditions?.some((c) => c.type === type)) return status;
  return { ...status, conditions: status.conditions.filter((c) => c.type !== type) };
}

/** Seconds spent Running before the current stretch (kept across suspensions). */
export function activeSeconds(status: ObjectStatus | undefined): number {
  return typeof status?.activeSeconds === 'number' ? status.activeSeconds : 0;
}

export interface Transition {
  phase: string;
  ready: Omit<ConditionInput, 'type'>;
  message?: string;
}

/**
 * Moves to a new phase. Leaving Running adds the stretch just ended to status.activeSeconds, so that run time
 * survives suspensions; `stretchSeconds` is that stretch in simulated seconds.
 */
export function transition(obj: NodusObject, to: Transition, nowMs: number, stretchSeconds = 0): ObjectStatus {
  const generation = obj.metadata.generation ?? 1;
  const now = new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  let status: ObjectStatus = { ...obj.status };
  if (status.phase === 'Running' && to.phase !== 'Running')
    status.activeSeconds = Math.round(activeSeconds(status) + stretchSeconds);
  status.phase = to.phase;
  status.lastPhaseTransitionTime = new Date(nowMs).toISOString();
  status.message = to.message ?? to.ready.message;
  status = setCondition(status, { type: 'Ready', ...to.ready }, now, generation);
  return status;
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
