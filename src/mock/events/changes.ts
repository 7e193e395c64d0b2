/**
 * What a request did to an object, as Events: created, spec updated (naming each field with its old and new
 * value), labels, annotations or finalizers changed, a change of spec.state asked for, a restart asked for, a
 * delete asked for (and what it cascades to). Each names the user and carries the request's id.
 */
import { FINALIZER_BILLING, LABEL_LAUNCHED_BY, type NodusObject } from '@/shared/protocol.ts';
import type { MockState } from '../state.ts';
import { record } from './record.ts';

/** Who asked: the user and the request. */
export interface Cause {
  actor: string;
  requestId?: string | undefined;
}

const RESTART = 'nodus.dev/restart-requested-at';
/** Written by kubectl apply as a copy of what was applied: the spec's own changes already say it. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** A note lists this many changes; the rest are counted. */
const LISTED = 6;

const FROM: Record<string, string> = {
  console: 'in the console',
  kubectl: 'with kubectl',
  cli: 'with the nodus CLI',
  sdk: 'with the SDK',
  mcp: 'through MCP',
  api: 'through the API',
};

function listed(items: string[]): string {
  const shown = items.slice(0, LISTED).join(', ');
  return items.length > LISTED ? `${shown} and ${items.length - LISTED} more` : shown;
}

/** A value as a person reads it: strings bare ("40.00", not "\"40.00\""), the rest as JSON, cut if long. */
function shown(value: unknown): string {
  if (value === undefined) return '(unset)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function flatten(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, path ? `${path}.${k}` : k, out);
  } else if (value !== undefined) out.set(path, value);
  return out;
}

/** The fields that differ, each as `path old → new`, in path order. */
function specChanges(before: unknown, after: unknown): string[] {
  const a = flatten(before, '', new Map());
  const b = flatten(after, '', new Map());
  const fields = [...new Set([...a.keys(), ...b.keys()])].filter((f) => f !== 'state').sort();
  return fields
    .filter((f) => JSON.stringify(a.get(f)) !== JSON.stringify(b.get(f)))
    .map((f) => `${f} ${shown(a.get(f))} → ${shown(b.get(f))}`);
}

function mapChanges(
  before: Record<string, string> | undefined,
  after: Record<string, string> | undefined,
  values: boolean,
  skip: (key: string) => boolean,
): string[] {
  const out: string[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !skip(k)).sort();
  for (const key of keys) {
    const was = before?.[key];
    const now = after?.[key];
    if (was === now) continue;
    if (was === undefined) out.push(values ? `${key}=${now} added` : `${key} added`);
    else if (now === undefined) out.push(`${key} removed`);
    else out.push(values ? `${key} ${was} → ${now}` : `${key} changed`);
  }
  return out;
}

export function recordCreated(state: MockState, obj: NodusObject, by: Cause): void {
  const from = FROM[obj.metadata.labels?.[LABEL_LAUNCHED_BY] ?? ''];
  const reviewed = obj.status?.reviewed as { costUSD?: string; rateUSDPerHour?: string } | undefined;
  const review = reviewed?.costUSD ? `, launching the reviewed estimate of $${reviewed.costUSD}` : '';
  record(state, {
    regarding: obj,
    reason: 'Created',
    action: 'Create',
    note: `Created by ${by.actor}${from ? ` ${from}` : ''}${review}`,
    actor: by.actor,
    requestId: by.requestId,
  });
}

const STATE_REQUESTS: Record<string, { reason: string; action: string; verb: string }> = {
  Suspended: { reason: 'SuspendRequested', action: 'Suspend', verb: 'Suspend' },
  Stopped: { reason: 'StopRequested', action: 'Stop', verb: 'Stop' },
  Cancelled: { reason: 'CancelRequested', action: 'Cancel', verb: 'Cancel' },
};

/** The event for a change of spec.state: Running again is a resume after Suspended and a start after Stopped. */
function stateRequest(from: string, to: string): { reason: string; action: string; verb: string } | undefined {
  if (from === to) return undefined;
  if (to !== 'Running') return STATE_REQUESTS[to];
  if (from === 'Stopped') return { reason: 'StartRequested', action: 'Start', verb: 'Start' };
  return { reason: 'ResumeRequested', action: 'Resume', verb: 'Resume' };
}

function specState(obj: NodusObject): string {
  return String((obj.spec as { state?: unknown } | undefined)?.state ?? 'Running');
}

/**
 * What an update changed, one event per kind of change. `from` names who acted when it was not the request's user
 * alone (a Pipeline passing its state on to its Jobs).
 */
export function recordUpdated(
  state: MockState,
  before: NodusObject,
  after: NodusObject,
  by: Cause | undefined,
  from?: NodusObject,
): void {
  const who = from ? `its ${from.kind} ${from.metadata.name}` : (by?.actor ?? 'Nodus');
  const base = { regarding: after, actor: by?.actor, requestId: by?.requestId, related: from };
  const spec = specChanges(before.spec, after.spec);
  if (spec.length)
    record(state, {
      ...base,
      reason: 'SpecUpdated',
      action: 'Update',
      note: `Spec updated by ${who}: ${listed(spec)}`,
    });
  const request = stateRequest(specState(before), specState(after));
  if (request)
    record(state, {
      ...base,
      reason: request.reason,
      action: request.action,
      note: `${request.verb} requested by ${who}: spec.state ${specState(before)} → ${specState(after)}`,
    });
  const labels = mapChanges(before.metadata.labels, after.metadata.labels, true, () => false);
  if (labels.length)
    record(state, {
      ...base,
      reason: 'LabelsChanged',
      action: 'Update',
      note: `Labels changed by ${who}: ${listed(labels)}`,
    });
  const restart = after.metadata.annotations?.[RESTART];
  if (restart !== undefined && restart !== before.metadata.annotations?.[RESTART])
    record(state, {
      ...base,
      reason: 'RestartRequested',
      action: 'Restart',
      note: `Restart requested by ${who} at ${restart}`,
    });
  const skip = (key: string) => key === RESTART || key === LAST_APPLIED;
  const annotations = mapChanges(before.metadata.annotations, after.metadata.annotations, false, skip);
  if (annotations.length)
    record(state, {
      ...base,
      reason: 'AnnotationsChanged',
      action: 'Update',
      note: `Annotations changed by ${who}: ${listed(annotations)}`,
    });
  const finalizers = mapChanges(
    asSet(before.metadata.finalizers),
    asSet(after.metadata.finalizers),
    false,
    () => false,
  );
  if (finalizers.length)
    record(state, {
      ...base,
      reason: 'FinalizersChanged',
      action: 'Update',
      note: `Finalizers changed by ${who}: ${listed(finalizers)}`,
    });
}

function asSet(list: string[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((f) => [f, f]));
}

export interface DeleteCause extends Cause {
  /** Deleted along with this owner (a cascade), not on its own. */
  owner?: NodusObject | undefined;
}

export function recordDeleteRequested(state: MockState, obj: NodusObject, by: DeleteCause, propagation: string): void {
  const held = obj.metadata.finalizers?.includes(FINALIZER_BILLING) ? '; it goes once its final charge has posted' : '';
  const note = by.owner
    ? `Deleted along with its ${by.owner.kind} ${by.owner.metadata.name}, as ${by.actor} asked${held}`
    : `Delete requested by ${by.actor} (propagation ${propagation})${held}`;
  record(state, {
    regarding: obj,
    related: by.owner,
    reason: 'DeleteRequested',
    action: 'Delete',
    note,
    actor: by.actor,
    requestId: by.requestId,
  });
}

/** A delete reaching an object's dependents: deleted with it, or released (Orphan). */
export function recordCascade(
  state: MockState,
  owner: NodusObject,
  dependents: NodusObject[],
  propagation: string,
  by: Cause | undefined,
): void {
  if (dependents.length === 0) return;
  const kinds = [...new Set(dependents.map((d) => d.kind))].join('/') + (dependents.length === 1 ? '' : 's');
  const names = listed(dependents.map((d) => d.metadata.name ?? ''));
  const orphan = propagation === 'Orphan';
  record(state, {
    regarding: owner,
    reason: orphan ? 'OrphaningDependents' : 'DeletingDependents',
    action: 'Delete',
    note: orphan
      ? `Released its ${dependents.length} ${kinds} (propagation Orphan): ${names}; they stay`
      : `Deleting its ${dependents.length} ${kinds} with it (propagation ${propagation}): ${names}`,
    actor: by?.actor,
    requestId: by?.requestId,
  });
}
