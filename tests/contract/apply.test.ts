/**
 * Server-side apply with field ownership (metadata.managedFields), as Kubernetes does it for custom resources.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi();

function apply(name: string, manager: string, spec: Record<string, unknown>, extra = '', meta = {}) {
  const body = { apiVersion: 'nodus.dev/v1', kind: 'Job', metadata: { name, ...meta }, spec };
  return api.call<NodusObject>('PATCH', `${JOBS}/${name}?fieldManager=${manager}${extra}`, {
    raw: JSON.stringify(body),
    contentType: 'application/apply-patch+yaml',
  });
}

const base = { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '5.00' };

function managers(obj: NodusObject) {
  return (obj.metadata.managedFields ?? []).map((e) => `${e.manager}/${e.operation}`);
}

function owned(obj: NodusObject, manager: string) {
  return obj.metadata.managedFields?.find((e) => e.manager === manager)?.fieldsV1 as Record<string, never>;
}

describe('managedFields', () => {
  it('records an Update by the fieldManager of a create, in the FieldsV1 form', async () => {
    const res = await api.post<NodusObject>(`${JOBS}?fieldManager=maker`, job('mf-create', {}, { labels: { a: '1' } }));
    const [entry] = res.body.metadata.managedFields!;
    expect(entry).toMatchObject({ manager: 'maker', operation: 'Update', apiVersion: 'nodus.dev/v1' });
    expect(entry).toMatchObject({ fieldsType: 'FieldsV1', time: expect.any(String) });
    expect(entry!.fieldsV1).toMatchObject({ 'f:metadata': { 'f:labels': { 'f:a': {} } } });
    expect(entry!.fieldsV1).toMatchObject({ 'f:spec': { 'f:maxCostUSD': {}, 'f:image': {} } });
  });

  it('names the manager after the User-Agent when no fieldManager is given', async () => {
    const res = await api.post<NodusObject>(JOBS, job('mf-agent'), { headers: { 'User-Agent': 'trainer/1.2 (x)' } });
    expect(managers(res.body)).toEqual(['trainer/Update']);
  });

  it('gives a changed field to the manager of an update, and keeps the others', async () => {
    await api.post(`${JOBS}?fieldManager=maker`, job('mf-update'));
    const res = await api.patch<NodusObject>(`${JOBS}/mf-update?fieldManager=raiser`, {
      spec: { maxCostUSD: '60.00' },
    });
    expect(managers(res.body)).toEqual(['maker/Update', 'raiser/Update']);
    expect(owned(res.body, 'raiser')).toEqual({ 'f:spec': { 'f:maxCostUSD': {} } });
    expect(owned(res.body, 'maker')['f:spec']).not.toHaveProperty('f:maxCostUSD');
  });

  it('keeps the managedFields when a PUT sends the object back without them', async () => {
    const made = await api.post<NodusObject>(`${JOBS}?fieldManager=maker`, job('mf-put'));
    const { managedFields: _m, ...metadata } = made.body.metadata;
    const res = await api.put<NodusObject>(`${JOBS}/mf-put`, { ...made.body, metadata });
    expect(res.status).toBe(200);
    expect(managers(res.body)).toContain('maker/Update');
  });

  it('records what the controller writes as nodus-controller through the status subresource, kept across a client write', async () => {
    await api.post(`${JOBS}?fieldManager=maker`, job('mf-status'));
    const ran = async () => (await api.get<NodusObject>(`${JOBS}/mf-status`)).body;
    await expect.poll(async () => (await ran()).status?.phase, { timeout: 10_000 }).not.toBe('Queued');
    const status = (await ran()).metadata.managedFields!.find((e) => e.subresource === 'status');
    expect(status).toMatchObject({ manager: 'nodus-controller', operation: 'Update', fieldsType: 'FieldsV1' });
    expect(status!.fieldsV1).toMatchObject({ 'f:status': { 'f:phase': {}, 'f:conditions': {} } });
    const conditions = (status!.fieldsV1['f:status'] as Record<string, Record<string, unknown>>)['f:conditions']!;
    expect(conditions['k:{"type":"Ready"}']).toMatchObject({ '.': {}, 'f:status': {}, 'f:reason': {} });
    const patched = await api.patch<NodusObject>(`${JOBS}/mf-status?fieldManager=labeller`, {
      metadata: { labels: { team: 'x' } },
    });
    expect(managers(patched.body)).toEqual(
      expect.arrayContaining(['maker/Update', 'nodus-controller/Update', 'labeller/Update']),
    );
  });

  it("gives the demo objects managedFields as the API would: their author's tool owns the spec, the controller the status", async () => {
    const demo = (await api.get<NodusObject>(`${JOBS}/etl-nightly`)).body;
    const [create, status] = demo.metadata.managedFields!;
    expect(create).toMatchObject({ operation: 'Update', time: demo.metadata.creationTimestamp });
    expect(create!.manager).toMatch(/^nodus-(console|cli|sdk)$/);
    expect(create!.fieldsV1).toMatchObject({ 'f:spec': { 'f:image': {} } });
    expect(status).toMatchObject({ manager: 'nodus-controller', subresource: 'status' });
  });
});

describe('server-side apply', () => {
  it('records an Apply entry with exactly the applied fields', async () => {
    const res = await apply('ssa-own', 'alice', base);
    expect(res.status).toBe(201);
    expect(managers(res.body)).toEqual(['alice/Apply']);
    expect(owned(res.body, 'alice')).toEqual({
      'f:spec': { 'f:image': {}, 'f:command': {}, 'f:maxCostUSD': {} },
    });
  });

  it('answers 409 naming each field and its manager when another manager owns it with another value', async () => {
    await apply('ssa-conflict', 'alice', base);
    const res = await apply('ssa-conflict', 'bob', { ...base, maxCostUSD: '9.00', image: 'nodus/python:3.11' });
    expect(res.status).toBe(409);
    expect(status(res).reason).toBe('Conflict');
    expect(status(res).message).toContain('Apply failed with 2 conflicts');
    expect(status(res).details?.causes).toContainEqual({
      field: '.spec.maxCostUSD',
      reason: 'FieldManagerConflict',
      message: 'conflict with "alice"',
    });
    expect(
      status(res)
        .details?.causes?.map((c) => c.field)
        .sort(),
    ).toEqual(['.spec.image', '.spec.maxCostUSD']);
    expect(status(res).fix).toContain('force');
    expect(status(res).requestId).toBeTruthy();
  });

  it('names an Update manager with its apiVersion in a conflict', async () => {
    await api.post(`${JOBS}?fieldManager=maker`, job('ssa-update-owner'));
    const res = await apply('ssa-update-owner', 'bob', { ...base, maxCostUSD: '9.00' });
    expect(status(res).details?.causes).toContainEqual(
      expect.objectContaining({ field: '.spec.maxCostUSD', message: 'conflict with "maker" using nodus.dev/v1' }),
    );
  });

  it('shares a field applied with the same value, without a conflict', async () => {
    await apply('ssa-share', 'alice', base);
    const res = await apply('ssa-share', 'bob', { maxCostUSD: '5.00' });
    expect(res.status).toBe(200);
    expect(owned(res.body, 'alice')['f:spec']).toHaveProperty('f:maxCostUSD');
    expect(owned(res.body, 'bob')['f:spec']).toHaveProperty('f:maxCostUSD');
  });

  it('takes a field over with force=true: the value changes and the old manager no longer owns it', async () => {
    await apply('ssa-force', 'alice', base);
    const res = await apply('ssa-force', 'bob', { maxCostUSD: '9.00' }, '&force=true');
    expect(res.status).toBe(200);
    expect(res.body.spec).toMatchObject({ maxCostUSD: '9.00' });
    expect(owned(res.body, 'alice')['f:spec']).not.toHaveProperty('f:maxCostUSD');
    expect(owned(res.body, 'bob')).toEqual({ 'f:spec': { 'f:maxCostUSD': {} } });
  });

  it('removes a field the manager no longer applies when nobody else owns it', async () => {
    await apply('ssa-drop', 'alice', base, '', { labels: { team: 'a', tier: 'x' } });
    const res = await apply('ssa-drop', 'alice', base, '', { labels: { team: 'a' } });
    expect(res.body.metadata.labels).toHaveProperty('team', 'a');
    expect(res.body.metadata.labels).not.toHaveProperty('tier');
  });

  it('keeps a field the manager no longer applies when another manager owns it too', async () => {
    await apply('ssa-keep', 'alice', base, '', { labels: { tier: 'x' } });
    await apply('ssa-keep', 'bob', {}, '', { labels: { tier: 'x' } });
    const res = await apply('ssa-keep', 'alice', base);
    expect(res.body.metadata.labels).toHaveProperty('tier', 'x');
    expect(managers(res.body)).toEqual(['bob/Apply', 'alice/Apply']);
  });

  // Every named list (env, volumes, steps) is immutable after create, so ownership by name shows in FieldsV1 and conflicts.
  it('owns env item by item, keyed by name, and names the item in a conflict', async () => {
    const env = [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ];
    await apply('ssa-env', 'alice', { ...base, env });
    const shared = await apply('ssa-env', 'bob', { env: [{ name: 'A', value: '1' }] });
    expect(shared.status).toBe(200);
    expect((shared.body.spec as { env: unknown[] }).env).toEqual(env);
    expect(owned(shared.body, 'bob')).toEqual({
      'f:spec': { 'f:env': { 'k:{"name":"A"}': { '.': {}, 'f:name': {}, 'f:value': {} } } },
    });
    const clash = await apply('ssa-env', 'bob', { env: [{ name: 'A', value: '9' }] });
    expect(status(clash).details?.causes).toEqual([
      { field: '.spec.env[name="A"].value', reason: 'FieldManagerConflict', message: 'conflict with "alice"' },
    ]);
  });
});
