/**
 * PUT of an edited object, and the fresh read a conflict needs (src/data/objects.ts). Writes are sent once: the
 * person decides what happens after a failure.
 */
import type { KindInfo } from '@/data/client/index.ts';
import { getObject, updateObject as putObject } from '@/data/objects.ts';
import type { NodusObject } from '@/shared/protocol.ts';

export type EditKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

export function updateObject(kind: EditKind, project: string, name: string, body: NodusObject): Promise<NodusObject> {
  return putObject(kind, project, name, body);
}

export function readObject(kind: EditKind, project: string, name: string): Promise<NodusObject> {
  return getObject(kind, project, name);
}
