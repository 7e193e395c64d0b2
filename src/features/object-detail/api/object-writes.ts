/**
 * The writes of the detail view's actions. Every change is an RFC 7386 merge patch (what the API takes besides
 * server-side apply: src/mock/objects/patch.ts) of exactly the field it changes; a delete says its
 * propagationPolicy and, as a precondition, the uid the person looked at, so it never deletes an object of the
 * same name created since. None of them is retried (the client never repeats a write on its own).
 */
import { resourcePath } from '../../../data/client/index.ts';
import { apiClient } from '../../../data/api-client.ts';
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject } from '../../../shared/protocol.ts';
import type { ObjectKind } from './use-live-object.ts';

const MERGE_PATCH = { 'Content-Type': 'application/merge-patch+json' };

function path(kind: ObjectKind, object: NodusObject): string {
  return resourcePath(kind, kind.plural, { namespace: object.metadata.namespace, name: object.metadata.name });
}

export function mergePatch(kind: ObjectKind, object: NodusObject, patch: Record<string, unknown>): Promise<NodusObject> {
  return apiClient.request<NodusObject>(path(kind, object), { method: 'PATCH', body: patch, headers: MERGE_PATCH });
}

export function setState(kind: ObjectKind, object: NodusObject, state: string): Promise<NodusObject> {
  return mergePatch(kind, object, { spec: { state } });
}

/** RFC 3339 to the second, as the API wants it ("2026-12-02T10:00:00Z"). */
export function restartStamp(now = Date.now()): string {
  return new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function requestRestart(kind: ObjectKind, object: NodusObject, at = restartStamp()): Promise<NodusObject> {
  return mergePatch(kind, object, { metadata: { annotations: { [ANNOTATION_RESTART_REQUESTED_AT]: at } } });
}

export function raiseMaxCost(kind: ObjectKind, object: NodusObject, maxCostUSD: string): Promise<NodusObject> {
  return mergePatch(kind, object, { spec: { maxCostUSD } });
}

export type Propagation = 'Background' | 'Orphan';

export function deleteObject(kind: ObjectKind, object: NodusObject, propagationPolicy: Propagation): Promise<unknown> {
  return apiClient.request<unknown>(path(kind, object), {
    method: 'DELETE',
    body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy, ...(object.metadata.uid ? { preconditions: { uid: object.metadata.uid } } : {}) },
  });
}
