/**
 * PUT of an edited object, and the fresh read a conflict needs. Writes are sent once: a PUT is never retried
 * blindly (the client's rule), since the person decides what happens after a failure.
 */
import { resourcePath, type KindInfo } from '../../../data/client/index.ts';
import { apiClient } from '../../../data/api-client.ts';
import type { NodusObject } from '../../../shared/protocol.ts';

export type EditKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

function objectPath(kind: EditKind, project: string, name: string): string {
  return resourcePath(kind, kind.plural, { namespace: project, name });
}

export function updateObject(kind: EditKind, project: string, name: string, body: NodusObject): Promise<NodusObject> {
  return apiClient.request<NodusObject>(objectPath(kind, project, name), { method: 'PUT', body });
}

export function readObject(kind: EditKind, project: string, name: string): Promise<NodusObject> {
  return apiClient.get<NodusObject>(objectPath(kind, project, name));
}
