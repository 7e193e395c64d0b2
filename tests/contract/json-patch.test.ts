import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi({ controller: false });

async function create(name: string, spec: Record<string, unknown> = {}): Promise<NodusObject> {
  const res = await api.post<NodusObject>(JOBS, job(name, spec));
  expect(res.status).toBe(201);
  return res.body;
}

function jsonPatch<T = NodusObject>(name: string, ops: unknown) {
  return api.call<T>('PATCH', `${JOBS}/${name}`, {
    raw: JSON.stringify(ops),
    contentType: 'application/json-patch+json',
  });
}

describe('JSON Patch (RFC 6902)', () => {
  it('adds, replaces, removes, copies, moves and tests, in order', async () => {
    await create('jp-ops');
    const res = await jsonPatch('jp-ops', [
      { op: 'add', path: '/metadata/labels/team', value: 'ml' },
      { op: 'replace', path: '/spec/maxCostUSD', value: '60.00' },
      { op: 'copy', from: '/metadata/labels/team', path: '/metadata/labels/owner' },
      { op: 'move', from: '/metadata/labels/owner', path: '/metadata/labels/group' },
      { op: 'add', path: '/spec/command/-', value: 'appended' },
      { op: 'test', path: '/spec/command', value: ['python', 'train.py', 'appended'] },
      { op: 'remove', path: '/spec/command/2' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.labels).toMatchObject({ team: 'ml', group: 'ml' });
    expect(res.body.metadata.labels).not.toHaveProperty('owner');
    expect(res.body.spec).toMatchObject({ maxCostUSD: '60.00', command: ['python', 'train.py'] });
    expect(res.body.metadata.generation).toBe(2);
  });

  it('unescapes ~1 to "/" and ~0 to "~" in a JSON Pointer', async () => {
    await create('jp-escape');
    const res = await jsonPatch('jp-escape', [{ op: 'add', path: '/metadata/labels/example.com~1team', value: 'x' }]);
    expect(res.body.metadata.labels).toHaveProperty(['example.com/team'], 'x');
    const tilde = await jsonPatch('jp-escape', [{ op: 'remove', path: '/metadata/labels/example.com~01team' }]);
    expect(status(tilde).message).toContain('does not exist');
  });

  it('applies nothing when a test fails: 422 Invalid naming the operation', async () => {
    await create('jp-test');
    const res = await jsonPatch('jp-test', [
      { op: 'add', path: '/metadata/labels/x', value: 'y' },
      { op: 'test', path: '/spec/maxCostUSD', value: '999.00' },
    ]);
    expect(res.status).toBe(422);
    expect(status(res).reason).toBe('Invalid');
    expect(status(res).message).toMatch(/operation 1 \(test \/spec\/maxCostUSD\).*test failed/);
    expect(status(res).fix).toBeTruthy();
    expect(status(res).requestId).toBeTruthy();
    const after = await api.get<NodusObject>(`${JOBS}/jp-test`);
    expect(after.body.metadata.labels ?? {}).not.toHaveProperty('x');
  });

  it('answers 422 for a remove or replace of a path that does not exist', async () => {
    await create('jp-missing');
    for (const op of ['remove', 'replace']) {
      const res = await jsonPatch('jp-missing', [{ op, path: '/spec/nothing', value: 1 }]);
      expect(res.status, op).toBe(422);
      expect(status(res).message, op).toContain('/spec/nothing does not exist');
    }
  });

  it('answers 400 BadRequest for a body that is not a patch', async () => {
    await create('jp-bad');
    const bodies = [
      { op: 'add' },
      [{ op: 'frob', path: '/a' }],
      [{ op: 'add', path: 'spec', value: 1 }],
      [{ op: 'add', path: '/a' }],
    ];
    for (const body of bodies) {
      const res = await jsonPatch('jp-bad', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(status(res).reason, JSON.stringify(body)).toBe('BadRequest');
      expect(status(res).fix, JSON.stringify(body)).toContain('"op"');
    }
  });

  it('admits the result like a merge patch: immutable fields, schema and status', async () => {
    await create('jp-admit');
    const immutable = await jsonPatch('jp-admit', [{ op: 'replace', path: '/spec/image', value: 'nodus/node:22' }]);
    expect(immutable.status).toBe(422);
    expect(status(immutable).reason).toBe('FieldImmutable');
    const schema = await jsonPatch('jp-admit', [{ op: 'replace', path: '/spec/maxCostUSD', value: 'lots' }]);
    expect(schema.status).toBe(422);
    expect(status(schema).reason).toBe('Invalid');
    const statusWrite = await jsonPatch('jp-admit', [{ op: 'add', path: '/status/phase', value: 'Succeeded' }]);
    expect(statusWrite.status).toBe(200);
    expect(statusWrite.body.status?.phase).not.toBe('Succeeded');
  });

  it('takes a resourceVersion the patch sets as a precondition: 409 when stale', async () => {
    const obj = await create('jp-rv');
    await api.patch(`${JOBS}/jp-rv`, { metadata: { labels: { touched: 'yes' } } });
    const stale = [{ op: 'replace', path: '/metadata/resourceVersion', value: obj.metadata.resourceVersion }];
    expect((await jsonPatch('jp-rv', stale)).status).toBe(409);
    const current = (await api.get<NodusObject>(`${JOBS}/jp-rv`)).body.metadata.resourceVersion;
    const fresh = [{ op: 'test', path: '/metadata/resourceVersion', value: current }];
    expect((await jsonPatch('jp-rv', fresh)).status).toBe(200);
  });
});
