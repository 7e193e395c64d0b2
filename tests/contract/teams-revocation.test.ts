/**
 * Losing a right mid-stream: a watch of a project ends with an ERROR event carrying a 403 when the binding that
 * allowed it is deleted, and with a 401 when its key is revoked (and the next request is a 401); a watch across
 * projects ends with 410 Expired when the projects it may show change, and shows only those until then; a
 * followed log stops; a shell ends with a Status on its error channel.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, Status } from '@/shared/protocol.ts';
import { openWatch, status, withMockApi, type WatchStream } from './harness.ts';
import { execPath, openExec, opened, wsBase } from './exec-client.ts';
import { binding, KEYS, makeUser, rbac } from './teams-fixture.ts';

const api = withMockApi({ speed: 40 });
const JOBS = (project: string) => `/apis/nodus.dev/v1/namespaces/${project}/jobs`;
const job = (name: string) => ({
  metadata: { name },
  spec: { image: 'nodus/python:3.12', command: ['python', 'a.py'], maxCostUSD: '1.00' },
});

async function watchAs(key: string, path: string): Promise<WatchStream> {
  return openWatch(api, path, { Authorization: `Bearer ${key}` });
}

async function lastEvent(watch: WatchStream): Promise<{ type: string; object: Status }> {
  await watch.ended;
  return watch.events.at(-1) as unknown as { type: string; object: Status };
}

/** A user with a key and a RoleBinding of `role` in `project`. */
async function member(user: string, project: string, role: string): Promise<string> {
  const key = await makeUser(api, user);
  expect((await api.post(rbac(project, 'rolebindings'), binding(user, role, user))).status).toBe(201);
  return key;
}

describe('a watch', () => {
  it('ends with a 403 when the binding that allowed it is deleted', async () => {
    const key = await member('wes', 'vision', 'nodus:viewer');
    const list = await api.get<{ metadata: { resourceVersion: string } }>(JOBS('vision'), { auth: key });
    const watch = await watchAs(
      key,
      `${JOBS('vision')}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`,
    );
    await api.post(JOBS('vision'), job('seen'));
    await watch.next(1);
    await api.del(`${rbac('vision', 'rolebindings')}/wes`);
    const last = await lastEvent(watch);
    expect(last.type).toBe('ERROR');
    expect(last.object).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message: 'user "wes" cannot watch jobs in project "vision"',
    });
    expect(last.object.fix).toContain('demo-user');
  });

  it('ends with a 403 when the binding went while it waited for its resourceVersion', async () => {
    const key = await member('ivy', 'vision', 'nodus:viewer');
    const list = await api.get<{ metadata: { resourceVersion: string } }>(JOBS('vision'), { auth: key });
    // A version one ahead: the watch waits for it, and the binding's deletion is what reaches it.
    const ahead = Number(list.body.metadata.resourceVersion) + 1;
    const watch = await watchAs(key, `${JOBS('vision')}?watch=true&resourceVersion=${ahead}`);
    await api.del(`${rbac('vision', 'rolebindings')}/ivy`);
    const last = await lastEvent(watch);
    expect(last.object).toMatchObject({ code: 403, message: 'user "ivy" cannot watch jobs in project "vision"' });
  });

  it('ends with a 401 when its key is revoked, and the next request is a 401', async () => {
    const key = await member('xan', 'vision', 'nodus:viewer');
    const watch = await watchAs(key, `${JOBS('vision')}?watch=true`);
    await watch.next(1);
    const name = (
      await api.get<{ items: { metadata: { name: string }; spec: { user: string } }[] }>(KEYS)
    ).body.items.find((k) => k.spec.user === 'xan')!.metadata.name;
    await api.patch(`${KEYS}/${name}`, { spec: { revoked: true } });
    const last = await lastEvent(watch);
    expect(last.object).toMatchObject({ code: 401, reason: 'Unauthorized' });
    expect(last.object.message).toContain('was revoked');
    expect((await api.get(JOBS('vision'), { auth: key })).status).toBe(401);
  });

  it('across projects shows the projects the key may read, and ends with 410 when they change', async () => {
    const key = await member('yara', 'vision', 'nodus:viewer');
    const watch = await watchAs(key, '/apis/nodus.dev/v1/jobs?watch=true');
    const initial = await watch.next(1);
    expect(initial.every((e) => (e.object as NodusObject).metadata.namespace === 'vision')).toBe(true);
    const before = watch.events.length;
    await api.post(JOBS('nlp'), job('unseen'));
    await api.post(JOBS('vision'), job('seen-too'));
    await expect
      .poll(() => watch.events.slice(before).map((e) => (e.object as NodusObject).metadata.name))
      .toContain('seen-too');
    expect(watch.events.some((e) => (e.object as NodusObject).metadata.name === 'unseen')).toBe(false);
    await api.post(rbac('nlp', 'rolebindings'), binding('yara', 'nodus:viewer', 'yara'));
    const last = await lastEvent(watch);
    expect(last.object).toMatchObject({ code: 410, reason: 'Expired' });
  });

  it('keeps going for everyone else', async () => {
    const key = await member('zed', 'vision', 'nodus:viewer');
    const admin = await openWatch(api, `${JOBS('vision')}?watch=true`);
    const mine = await watchAs(key, `${JOBS('vision')}?watch=true`);
    await Promise.all([admin.next(1), mine.next(1)]);
    await api.del(`${rbac('vision', 'rolebindings')}/zed`);
    await mine.ended;
    const before = admin.events.length;
    await api.post(JOBS('vision'), job('after'));
    await admin.next(before + 1);
    admin.close();
  });
});

describe('a followed log and a shell', () => {
  it('a followed log stops when the binding goes', async () => {
    const key = await member('abe', 'default', 'nodus:viewer');
    const res = await fetch(api.url(`${JOBS('default')}/train-a/log?follow=true`), {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const done = res.text();
    await api.del(`${rbac('default', 'rolebindings')}/abe`);
    await done;
  });

  it('a shell ends with a Status when its key is revoked', async () => {
    const key = await member('bo', 'platform', 'nodus:developer');
    const shell = opened(
      await openExec(
        wsBase(api.server().url),
        execPath('ci-runner-1', 'command=sh&stdin=true&stdout=true&tty=true', 'platform'),
        { headers: { Authorization: `Bearer ${key}` } },
      ),
    );
    const name = (
      await api.get<{ items: { metadata: { name: string }; spec: { user: string } }[] }>(KEYS)
    ).body.items.find((k) => k.spec.user === 'bo')!.metadata.name;
    expect((await api.del(`${KEYS}/${name}`)).status).toBe(200);
    await shell.closed;
    const error = JSON.parse(shell.text(3)) as Status;
    expect(error).toMatchObject({ code: 401, reason: 'Unauthorized', message: 'the API key is not valid' });
  });

  it('a shell opened without the right is refused before the upgrade', async () => {
    const key = await member('cy', 'platform', 'nodus:viewer');
    const res = await api.get(execPath('ci-runner-1', 'command=sh&stdout=true', 'platform'), { auth: key });
    expect(res.status).toBe(403);
    expect(status(res).message).toBe('user "cy" cannot create sandboxes/exec in project "platform"');
  });
});
