/**
 * The stored side of API keys: a key's object (served) and its hash (never served), made and removed together,
 * and the index from hash to key that authentication reads.
 */
import type { APIKey } from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { MockState } from '../state.ts';
import { hashKey, prefixOf } from './keys.ts';
import { APIKEYS, KEY_HASHES } from './resources.ts';

/** What the key-hash object holds. */
type HashSpec = {
  /** The uid of the APIKey it belongs to: a key deleted and made again under its name is another key. */
  keyUid: string;
  sha256: string;
};

/** A new key's status: its prefix, and not revoked. */
export function newKeyStatus(secret: string): APIKey['status'] {
  return { prefix: prefixOf(secret), revoked: false };
}

/** Stores a key's object and its hash (the caller has made the object whole: uid, status). */
export function storeKey(state: MockState, key: NodusObject, secret: string): NodusObject {
  const name = key.metadata.name ?? '';
  const stored = state.store.put(APIKEYS.storeKey, key);
  const spec: HashSpec = { keyUid: key.metadata.uid ?? '', sha256: hashKey(secret) };
  state.store.put(KEY_HASHES, {
    apiVersion: 'iam.nodus.dev/v1',
    kind: 'APIKeyHash',
    metadata: { name, uid: state.newUid('kh'), creationTimestamp: stored.metadata.creationTimestamp ?? '' },
    spec,
  });
  return stored;
}

export function removeKey(state: MockState, name: string): NodusObject | undefined {
  state.store.remove(KEY_HASHES, '', name);
  return state.store.remove(APIKEYS.storeKey, '', name);
}

/** The hash stored for a key, if it is still the same key. */
export function storedHash(state: MockState, key: NodusObject): string | undefined {
  const record = state.store.get(KEY_HASHES, '', key.metadata.name ?? '');
  const spec = record?.spec as HashSpec | undefined;
  return spec && spec.keyUid === key.metadata.uid ? spec.sha256 : undefined;
}

/** Every stored hash → the name of its key; rebuilt by the authorizer whenever keys change. */
export function keyIndex(state: MockState): Map<string, string> {
  const index = new Map<string, string>();
  state.store.forEach(KEY_HASHES, (record) => {
    const spec = record.spec as HashSpec | undefined;
    if (spec) index.set(spec.sha256, record.metadata.name ?? '');
  });
  return index;
}

export function keysOf(state: MockState, user: string): NodusObject[] {
  return state.store.values(APIKEYS.storeKey).filter((key) => (key as APIKey).spec?.user === user);
}
