/**
 * The writes the table makes: a merge patch of spec.state (suspend or stop) and a delete, one object at a time.
 * Never retried on their own (the API client retries no write without an Idempotency-Key); each outcome is
 * reported per object, with the ApiError of a failure.
 */
import { resourcePath, type KindInfo } from '../../../data/client/index.ts';
import { apiClient } from '../../../data/api-client.ts';
import type { NodusObject } from '../../../shared/protocol.ts';

type Target = Pick<KindInfo, 'group' | 'version' | 'plural'>;

function objectPath(kind: Target, object: NodusObject): string {
  return resourcePath(kind, kind.plural, { namespace: object.metadata.namespace, name: object.metadata.name });
}

/** RFC 7386 merge patch of `spec.state`: the way to suspend, stop or resume any kind that has one. */
export function setDesiredState(kind: Target, object: NodusObject, state: string, signal?: AbortSignal): Promise<NodusObject> {
  return apiClient.request<NodusObject>(objectPath(kind, object), {
    method: 'PATCH',
    body: { spec: { state } },
    headers: { 'Content-Type': 'application/merge-patch+json' },
    signal,
  });
}

/** Starts the deletion; the object may stay (Cancelling, Terminating) until its finalizers clear. */
export function deleteObject(kind: Target, object: NodusObject, signal?: AbortSignal): Promise<unknown> {
  return apiClient.request<unknown>(objectPath(kind, object), { method: 'DELETE', signal });
}

export interface Outcome {
  object: NodusObject;
  error?: unknown;
}

/**
 * Runs `write` on every object, a few at a time (each open watch already holds one of the browser's six
 * HTTP/1.1 connections to the API), and reports each outcome as it settles.
 */
export async function forEachObject(
  objects: readonly NodusObject[],
  write: (object: NodusObject) => Promise<unknown>,
  onOutcome: (outcome: Outcome) => void,
  concurrency = 3,
): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (next < objects.length) {
      const object = objects[next++]!;
      try {
        await write(object);
        onOutcome({ object });
      } catch (error) {
        onOutcome({ object, error });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, objects.length) }, worker));
}
