/** Contexts survive a reload through storage; keys never reach it and stay in memory only. */
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_KEY, STORAGE_KEY, activeApiKey, activeContext, createConnectionStore } from './connection-store.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const initial = { name: 'local-mock', apiUrl: '', org: 'demo' };

describe('connection store', () => {
  it('keeps contexts in storage without their keys, and asks again for them after a reload', () => {
    const storage = memoryStorage();
    const store = createConnectionStore({ storage, initial, initialKey: 'dev-key-0001' });
    store
      .getState()
      .saveContext({ name: 'staging', apiUrl: 'https://staging.example', org: 'acme' }, 'staging-secret-9');
    store.getState().use('staging');
    expect(activeApiKey(store.getState())).toBe('staging-secret-9');
    store.getState().setApiKey('  rotated-secret-7 ');
    expect(activeApiKey(store.getState())).toBe('rotated-secret-7');

    const stored = storage.getItem(STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toEqual({
      contexts: [initial, { name: 'staging', apiUrl: 'https://staging.example', org: 'acme' }],
      current: 'staging',
    });
    for (const secret of ['dev-key-0001', 'staging-secret-9', 'rotated-secret-7']) expect(stored).not.toContain(secret);

    const reloaded = createConnectionStore({ storage, initial, initialKey: 'dev-key-0001' });
    expect(activeContext(reloaded.getState()).name).toBe('staging');
    expect(activeApiKey(reloaded.getState())).toBe('');
    reloaded.getState().use('local-mock');
    expect(activeApiKey(reloaded.getState())).toBe('dev-key-0001');
  });

  it('renames a context with its key, and a removed context falls back to the configured one', () => {
    const store = createConnectionStore({ storage: undefined, initial, initialKey: '' });
    store.getState().saveContext({ name: 'prod', apiUrl: 'https://api.example', org: 'acme' }, 'k-prod-1');
    store.getState().use('prod');
    const before = store.getState().generation;
    store.getState().saveContext({ name: 'production', apiUrl: 'https://api.example', org: 'acme' }, undefined, 'prod');
    expect(store.getState().current).toBe('production');
    expect(activeApiKey(store.getState())).toBe('k-prod-1');
    expect(store.getState().generation).toBeGreaterThan(before);

    store.getState().removeContext('production');
    expect(store.getState().current).toBe('local-mock');
    expect(store.getState().contexts.map((c) => c.name)).toEqual(['local-mock']);
    store.getState().removeContext('local-mock');
    expect(store.getState().contexts).toHaveLength(1);
  });

  it('ignores storage it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, '{"contexts":[{"name":"","apiUrl":1}],"current":"x"}');
    const store = createConnectionStore({ storage, initial, initialKey: '' });
    expect(store.getState().contexts).toEqual([initial]);
    expect(store.getState().current).toBe('local-mock');
  });

  it("signs out: forgets the typed key, keeps the build's key away after a reload in this tab, and a new key signs in again", () => {
    const storage = memoryStorage();
    const session = memoryStorage();
    const store = createConnectionStore({ storage, session, initial, initialKey: 'dev-key-0001' });
    store.getState().setApiKey('typed-secret-42');
    const before = store.getState().generation;
    store.getState().signOut();
    expect(activeApiKey(store.getState())).toBe('');
    expect(store.getState().keys).toEqual({});
    expect(store.getState().signedOut).toEqual(['local-mock']);
    // Watches and queries follow `generation`: signing out makes them drop what they hold and stop using the key.
    expect(store.getState().generation).toBeGreaterThan(before);
    // The tab remembers the name, never a key.
    expect(JSON.parse(session.getItem(SIGNED_OUT_KEY) ?? 'null')).toEqual(['local-mock']);
    for (const s of [storage, session]) {
      for (let i = 0; i < s.length; i++)
        expect(s.getItem(s.key(i) ?? '') ?? '').not.toMatch(/typed-secret-42|dev-key-0001/);
    }

    // A reload in this tab: the configured key (the demo key in development) must not sign the person in again.
    const reloaded = createConnectionStore({ storage, session, initial, initialKey: 'dev-key-0001' });
    expect(activeApiKey(reloaded.getState())).toBe('');
    reloaded.getState().setApiKey('next-key-7');
    expect(activeApiKey(reloaded.getState())).toBe('next-key-7');
    expect(reloaded.getState().signedOut).toEqual([]);
    expect(session.getItem(SIGNED_OUT_KEY)).toBeNull();
    // A new tab (fresh session storage) starts with the configured key, as before.
    expect(
      activeApiKey(
        createConnectionStore({ storage, session: memoryStorage(), initial, initialKey: 'dev-key-0001' }).getState(),
      ),
    ).toBe('dev-key-0001');
  });

  it('signs out of the context in use only', () => {
    const store = createConnectionStore({
      storage: undefined,
      session: memoryStorage(),
      initial,
      initialKey: 'dev-key-0001',
    });
    store
      .getState()
      .saveContext({ name: 'staging', apiUrl: 'https://staging.example', org: 'acme' }, 'staging-secret-9');
    store.getState().use('staging');
    store.getState().signOut();
    expect(store.getState().keys).toEqual({ 'local-mock': 'dev-key-0001' });
    store
      .getState()
      .saveContext({ name: 'staging', apiUrl: 'https://staging.example', org: 'acme' }, 'staging-secret-10', 'staging');
    expect(activeApiKey(store.getState())).toBe('staging-secret-10');
    expect(store.getState().signedOut).toEqual([]);
  });
});
