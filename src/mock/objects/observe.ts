/**
 * What the server observes right after a write, before any controller runs: a changed spec.state shows in the
 * phase and the Ready condition, and status.observedGeneration follows metadata.generation.
 * (The lifecycle controller of a later issue moves phases over time; this keeps writes truthful meanwhile.)
 */
import type { Condition, NodusObject, ObjectStatus } from '../../shared/protocol.ts';
import type { KindDef } from '../kinds/index.ts';

const HELD: Record<string, string> = { Suspended: 'Suspended', Cancelled: 'Cancelled', Stopped: 'Stopped' };

export function observe(kind: KindDef, before: NodusObject, after: NodusObject, now: string): ObjectStatus {
  const status: ObjectStatus = { ...after.status, observedGeneration: after.metadata.generation ?? 1 };
  const was = (before.spec as { state?: string } | undefined)?.state;
  const next = (after.spec as { state?: string } | undefined)?.state;
  if (was === next || next === undefined || after.metadata.deletionTimestamp) return status;
  if (kind.kind === 'Budget') {
    status.phase = next === 'Suspended' ? 'Suspended' : 'Active';
    return status;
  }
  const phase = String(status.phase ?? '');
  if (['Succeeded', 'Failed', 'Cancelled'].includes(phase)) return status; // finished runs stay finished
  let reason: string;
  let message: string;
  if (HELD[next]) {
    status.phase = HELD[next];
    reason = HELD[next]!;
    message = `spec.state was set to ${next}.`;
  } else {
    status.phase = kind.lifecycle === 'run-to-completion' ? 'Queued' : 'Pending';
    reason = 'Resumed';
    message = `spec.state was set back to ${next}; waiting for capacity.`;
  }
  const ready: Condition = { type: 'Ready', status: 'False', reason, message, lastTransitionTime: now };
  status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== 'Ready'), ready];
  return status;
}
