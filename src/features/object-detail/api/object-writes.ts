/**
 * The writes of the detail view's actions, on top of src/data/objects.ts: each change is a merge patch of
 * exactly the field it changes, and a delete says its propagationPolicy and the uid the person looked at.
 */
import { mergePatchObject } from '@/data/objects.ts';
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject } from '@/shared/protocol.ts';
import type { ObjectKind } from './use-live-object.ts';

export { startDeletion, setDesiredState, type Propagation } from '@/data/objects.ts';

/** RFC 3339 to the second, as the API wants it ("2026-12-02T10:00:00Z"). */
export function restartStamp(now = Date.now()): string {
  return new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function requestRestart(kind: ObjectKind, object: NodusObject, at = restartStamp()): Promise<NodusObject> {
  return mergePatchObject(kind, object, { metadata: { annotations: { [ANNOTATION_RESTART_REQUESTED_AT]: at } } });
}

export function raiseMaxCost(kind: ObjectKind, object: NodusObject, maxCostUSD: string): Promise<NodusObject> {
  return mergePatchObject(kind, object, { spec: { maxCostUSD } });
}
