/**
 * Users and their API keys: a key works as soon as it is made, its secret is in the create's answer and nowhere
 * else (not in a get, a list, a watch, or the data directory, which keeps its SHA-256), revoking it by delete or by
 * spec.revoked stops it at once, an expired key stops, lastUsed is written coarsely, a user's deletion takes their
 * keys, and everything lasts across a restart with NODUS_MOCK_DATA.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '@/mock/server.ts';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { openWatch, status, withMockApi } from './harness.ts';
import { binding, KEYS, makeUser, rbac, USERS } from './teams-fixture.ts';

const api = withMockApi({ controller: false });

interface Key {
  metadata: { name: string; resourceVersion: string };
  spec: { user: string; revoked?: boolean };
  status: { prefix: string; secret?: string; lastUsed?: string; revoked: boolean; revokedAt?: string };
}

const whoami = (key: string) =>
  api.post<{ status: { userInfo: { username: string } } }>(
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    {},
    { auth: key },
  );

describe('API keys', () => {
  it('work at once, and show their secret in the create answer only', async () => {
    await makeUser(api, 'pat');
    const made = await api.post<Key>(KEYS, {
      metadata: { name: 'pat-laptop' },
      spec: { user: 'pat', description: 'laptop' },
    });
    expect(made.status).toBe(201);
    const secret = made.body.status.secret!;
    expect(secret).toMatch(/^nodus_[A-Za-z0-9_-]{40}$/);
    expect(made.body.status.prefix).toBe(secret.slice(0, 12));
    expect((await whoami(secret)).body.status.userInfo.username).toBe('pat');
    const watch = await openWatch(api, `${KEYS}?watch=true`);
    const [got, list] = await Promise.all([api.get<Key>(`${KEYS}/pat-laptop`), api.get(KEYS)]);
    await watch.next(1);
    watch.close();
    for (const text of [got.text, list.text, JSON.stringify(watch.events)]) expect(text).not.toContain(secret);
    expect(got.body.status.secret).toBeUndefined();
    // The same create again cannot show it again: the key exists, and its secret is gone.
    const again = await api.post(KEYS, {
      metadata: { name: 'pat-laptop' },
      spec: { user: 'pat', description: 'laptop' },
    });
    expect(again.status).toBe(409);
    expect(status(again).fix).toContain('shown once');
  });

  it('stop working when deleted, and when revoked by spec.revoked, which stays', async () => {
    const first = await makeUser(api, 'quinn');
    expect(
      (
        await api.del(
          `${KEYS}/${(await api.get<{ items: Key[] }>(KEYS)).body.items.find((k) => k.spec.user === 'quinn')!.metadata.name}`,
        )
      ).status,
    ).toBe(200);
    const gone = await whoami(first);
    expect(gone.status).toBe(401);
    expect(status(gone).message).toBe('the API key is not valid');
    const made = await api.post<Key>(KEYS, { metadata: { name: 'quinn-2' }, spec: { user: 'quinn' } });
    const second = made.body.status.secret!;
    expect((await whoami(second)).status).toBe(201);
    const revoked = await api.patch<Key>(`${KEYS}/quinn-2`, { spec: { revoked: true } });
    expect(revoked.body.status).toMatchObject({ revoked: true, revokedAt: expect.any(String) });
    const refused = await whoami(second);
    expect(refused.status).toBe(401);
    expect(status(refused).message).toContain('was revoked');
    const undo = await api.patch(`${KEYS}/quinn-2`, { spec: { revoked: false } });
    expect(undo.status).toBe(422);
    expect(status(undo).reason).toBe('FieldImmutable');
  });

  it('refuse an expiry in the past, and stop at their expiry', async () => {
    await makeUser(api, 'robin');
    const past = await api.post(KEYS, {
      metadata: { name: 'robin-old' },
      spec: { user: 'robin', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(status(past).details?.causes?.[0]).toMatchObject({ field: 'spec.expiresAt' });
    const soon = new Date(Date.now() + 1500).toISOString();
    const made = await api.post<Key>(KEYS, {
      metadata: { name: 'robin-soon' },
      spec: { user: 'robin', expiresAt: soon },
    });
    const secret = made.body.status.secret!;
    expect((await whoami(secret)).status).toBe(201);
    const watch = await openWatch(api, '/api/v1/namespaces?watch=true', { Authorization: `Bearer ${secret}` });
    await watch.ended;
    const last = watch.events.at(-1)!;
    expect(last.type).toBe('ERROR');
    expect(last.object).toMatchObject({ code: 401, reason: 'Unauthorized' });
    expect(status(await whoami(secret)).message).toContain('expired at');
  });

  it('record when they were last used, not on every request', async () => {
    const secret = await makeUser(api, 'sky');
    const key = async () => (await api.get<{ items: Key[] }>(KEYS)).body.items.find((k) => k.spec.user === 'sky')!;
    expect((await key()).status.lastUsed).toBeUndefined();
    await whoami(secret);
    const used = await key();
    expect(Date.parse(used.status.lastUsed!)).toBeGreaterThan(Date.now() - 60_000);
    await whoami(secret);
    await whoami(secret);
    expect((await key()).metadata.resourceVersion).toBe(used.metadata.resourceVersion);
  });

  it('go with their user', async () => {
    const secret = await makeUser(api, 'tay');
    expect((await api.del(`${USERS}/tay`)).status).toBe(200);
    expect((await whoami(secret)).status).toBe(401);
    const keys = await api.get<{ items: Key[] }>(KEYS);
    expect(keys.body.items.filter((k) => k.spec.user === 'tay')).toEqual([]);
  });

  it('must belong to a user who exists, and a user needs a valid name and email', async () => {
    const orphan = await api.post(KEYS, { metadata: { name: 'nobody-key' }, spec: { user: 'nobody' } });
    expect(orphan.status).toBe(422);
    expect(status(orphan).message).toContain('user "nobody" does not exist');
    const bad = await api.post(USERS, { metadata: { name: 'Not A Name' }, spec: { email: 'no-at-sign', extra: 1 } });
    expect(bad.status).toBe(422);
    expect(status(bad).details?.causes?.map((c) => c.field)).toEqual(['metadata.name', 'spec.extra', 'spec.email']);
  });

  it('are restored with the demo users by a reset, and a new user is gone', async () => {
    await makeUser(api, 'uma');
    await api.del(`${KEYS}/kim-demo`);
    await api.post('/_mock/reset', {});
    expect((await whoami('nodus-demo-kim')).body.status.userInfo.username).toBe('kim');
    expect((await api.get(`${USERS}/uma`)).status).toBe(404);
  });
});

describe('teams kept on disk (NODUS_MOCK_DATA)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-teams-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep users, keys (as their hash) and bindings across a restart', async () => {
    const first = await startMockServer({ port: 0, dataDir: dir, controller: false });
    const call = (base: string, method: string, path: string, body?: unknown, key = DEMO_API_KEY) =>
      fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const viewer = (base: string) =>
      call(base, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/nodus:viewer').then(
        async (r) => ((await r.json()) as Key).metadata.resourceVersion,
      );
    await call(first.url, 'POST', USERS, { metadata: { name: 'vic' } });
    const made = (await (
      await call(first.url, 'POST', KEYS, { metadata: { name: 'vic-key' }, spec: { user: 'vic' } })
    ).json()) as Key;
    const secret = made.status.secret!;
    expect(
      (await call(first.url, 'POST', rbac('vision', 'rolebindings'), binding('vic-viewer', 'nodus:viewer', 'vic')))
        .status,
    ).toBe(201);
    const before = await viewer(first.url);
    await first.close();
    const files = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(files).not.toContain(secret);
    expect(files).toContain(createHash('sha256').update(secret).digest('hex'));
    const second = await startMockServer({ port: 0, dataDir: dir, controller: false });
    try {
      // A start checks the org's access and finds it whole: the built-in roles are not written again.
      expect(await viewer(second.url)).toBe(before);
      expect(
        (await call(second.url, 'GET', '/apis/nodus.dev/v1/namespaces/vision/jobs', undefined, secret)).status,
      ).toBe(200);
      expect((await call(second.url, 'GET', '/apis/nodus.dev/v1/namespaces/nlp/jobs', undefined, secret)).status).toBe(
        403,
      );
    } finally {
      await second.close();
    }
  });
});
