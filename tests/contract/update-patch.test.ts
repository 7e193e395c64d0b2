import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi();

async function create(name: string, spec: Record<string, unknown> = {}): Promise<NodusObject> {
  const res = await api.post<NodusObject>(JOBS, job(name, spec));
  expect(res.status).toBe(201);
  return res.body;
}

describe('update (PUT)', () => {
  it('applies a change sent with the resourceVersion read, and bumps generation on spec changes', async () => {
    const obj = await create('put-a');
    const res = await api.put<NodusObject>(`${JOBS}/put-a`, { ...obj, spec: { ...obj.spec, maxCostUSD: '60.00' } });
    expect(res.status).toBe(200);
    expect(res.body.spec).toMatchObject({ maxCostUSD: '60.00' });
    expect(res.body.metadata.generation).toBe(2);
    expect(res.body.status?.observedGeneration).toBe(2);
    const labelsOnly = await api.put<NodusObject>(`${JOBS}/put-a`, {
      ...res.body,
      metadata: { ...res.body.metadata, labels: { ...res.body.metadata.labels, x: 'y' } },
    });
    expect(labelsOnly.body.metadata.generation).toBe(2);
  });

  it('fails with 409 Conflict for a stale resourceVersion', async () => {
    const obj = await create('put-stale');
    await api.patch(`${JOBS}/put-stale`, { metadata: { labels: { touched: 'yes' } } });
    const res = await api.put(`${JOBS}/put-stale`, { ...obj, spec: { ...obj.spec, maxCostUSD: '60.00' } });
    expect(res.status).toBe(409);
    expect(status(res).reason).toBe('Conflict');
    expect(status(res).fix).toMatch(/read the object again/i);
  });

  it('requires the resourceVersion on update', async () => {
    const obj = await create('put-norv');
    const { resourceVersion: _rv, ...meta } = obj.metadata;
    const res = await api.put(`${JOBS}/put-norv`, { ...obj, metadata: meta });
    expect(res.status).toBe(422);
    expect(status(res).details?.causes?.[0]?.field).toBe('metadata.resourceVersion');
  });

  it('answers 404 for an update of an object that does not exist, and 400 when body and path names differ', async () => {
    const obj = await create('put-name');
    expect((await api.put(`${JOBS}/nope`, { ...obj, metadata: { ...obj.metadata, name: 'nope' } })).status).toBe(404);
    expect((await api.put(`${JOBS}/put-name`, { ...obj, metadata: { ...obj.metadata, name: 'other' } })).status).toBe(
      400,
    );
  });
});

describe('dry-run update', () => {
  it('keeps the stored status: the controller never sees a dry-run, so kubectl diff shows the spec alone', async () => {
    await create('dry-diff');
    const stored = (await api.get<NodusObject>(`${JOBS}/dry-diff`)).body;
    expect(stored.status?.estimate?.budgets?.length).toBeGreaterThan(0);
    const raised = await api.patch<NodusObject>(`${JOBS}/dry-diff?dryRun=All`, { spec: { maxCostUSD: '41.00' } });
    expect(raised.body.metadata.generation).toBe(2);
    expect(raised.body.spec).toMatchObject({ maxCostUSD: '41.00' });
    expect(raised.headers.get('etag')).toBeTruthy();
    // The status still describes generation 1, and the estimate is the stored one while its prices are the same.
    expect(raised.body.status?.observedGeneration).toBe(1);
    expect(raised.body.status?.conditions?.filter((c) => c.observedGeneration === 2)).toEqual([]);
    expect(raised.body.status?.estimate).toEqual(stored.status?.estimate);
    // A change the estimate prices (a cap the cost was held to) shows the new estimate, with its Budgets.
    const capped = await create('dry-capped', { maxCostUSD: '0.01' });
    expect(capped.status?.estimate?.costUSD).toBe('0.01');
    const raisedCap = await api.patch<NodusObject>(`${JOBS}/dry-capped?dryRun=All`, { spec: { maxCostUSD: '0.02' } });
    expect(raisedCap.body.status?.observedGeneration).toBe(1);
    expect(raisedCap.body.status?.estimate?.costUSD).toBe('0.02');
    expect(raisedCap.body.status?.estimate?.budgets?.length).toBeGreaterThan(0);
    expect((await api.get<NodusObject>(`${JOBS}/dry-diff`)).body.metadata.generation).toBe(1);
  });
});

describe('immutable and mutable fields', () => {
  it('fails with 422 FieldImmutable listing each immutable field changed', async () => {
    const obj = await create('imm');
    const res = await api.put(`${JOBS}/imm`, {
      ...obj,
      spec: { ...obj.spec, image: 'nodus/jax:0.6-cuda12.8', command: ['python', 'other.py'] },
    });
    expect(res.status).toBe(422);
    expect(status(res).reason).toBe('FieldImmutable');
    expect(status(res).details?.causes?.map((c) => c.field)).toEqual(['spec.command', 'spec.image']);
  });

  it('lets spec.maxCostUSD be raised but not lowered', async () => {
    await create('cap');
    const raise = await api.patch<NodusObject>(`${JOBS}/cap`, { spec: { maxCostUSD: '80.00' } });
    expect(raise.status).toBe(200);
    const lower = await api.patch(`${JOBS}/cap`, { spec: { maxCostUSD: '20.00' } });
    expect(lower.status).toBe(422);
    expect(status(lower).reason).toBe('FieldImmutable');
    expect(status(lower).details?.causes?.[0]).toMatchObject({
      field: 'spec.maxCostUSD',
      message: expect.stringContaining('raised, not lowered'),
    });
  });

  it('carries suspend, stop and cancel in spec.state, with values per kind', async () => {
    await create('st');
    const suspended = await api.patch<NodusObject>(`${JOBS}/st`, { spec: { state: 'Suspended' } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status?.phase).toBe('Suspended');
    const resumed = await api.patch<NodusObject>(`${JOBS}/st`, { spec: { state: 'Running' } });
    expect(resumed.body.status?.phase).toBe('Queued');
    const stopped = await api.patch(`${JOBS}/st`, { spec: { state: 'Stopped' } });
    expect(stopped.status).toBe(422);
    expect(status(stopped).details?.causes?.[0]?.message).toContain('"Running", "Suspended", "Cancelled"');
    const sandbox = await api.patch<NodusObject>('/apis/nodus.dev/v1/namespaces/default/sandboxes/dev', {
      spec: { state: 'Stopped' },
    });
    expect(sandbox.body.status?.phase).toBe('Stopped');
    const cancel = await api.patch<NodusObject>(`${JOBS}/st`, { spec: { state: 'Cancelled' } });
    expect(cancel.body.status?.phase).toBe('Cancelled');
  });

  it('offers no separate action endpoints', async () => {
    expect((await api.post(`${JOBS}/st/suspend`, {})).status).toBe(404);
  });
});

describe('patch', () => {
  it('applies a JSON merge patch (RFC 7386): null removes, objects merge', async () => {
    await create('mp', { env: [{ name: 'A', value: '1' }] });
    await api.patch(`${JOBS}/mp`, { metadata: { labels: { a: '1', b: '2' } } });
    const res = await api.patch<NodusObject>(`${JOBS}/mp`, { metadata: { labels: { a: null, c: '3' } } });
    expect(res.body.metadata.labels).toMatchObject({ b: '2', c: '3' });
    expect(res.body.metadata.labels).not.toHaveProperty('a');
    expect(res.body.metadata.labels).toHaveProperty('nodus.dev/created-by');
  });

  it('honours a resourceVersion precondition in a merge patch', async () => {
    const obj = await create('mp-rv');
    await api.patch(`${JOBS}/mp-rv`, { metadata: { labels: { a: '1' } } });
    const res = await api.patch(`${JOBS}/mp-rv`, {
      metadata: { resourceVersion: obj.metadata.resourceVersion, labels: { b: '1' } },
    });
    expect(res.status).toBe(409);
  });

  it('takes server-side apply (application/apply-patch+yaml), creating or updating', async () => {
    const yaml =
      'apiVersion: nodus.dev/v1\nkind: Job\nmetadata:\n  name: applied\nspec:\n  image: nodus/python:3.12\n  maxCostUSD: "5.00"\n';
    const created = await api.call<NodusObject>('PATCH', `${JOBS}/applied?fieldManager=test`, {
      raw: yaml,
      contentType: 'application/apply-patch+yaml',
    });
    expect(created.status).toBe(201);
    const updated = await api.call<NodusObject>('PATCH', `${JOBS}/applied?fieldManager=test`, {
      raw: yaml.replace('"5.00"', '"7.00"'),
      contentType: 'application/apply-patch+yaml',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.spec).toMatchObject({ maxCostUSD: '7.00' });
    const noManager = await api.call('PATCH', `${JOBS}/applied`, {
      raw: yaml,
      contentType: 'application/apply-patch+yaml',
    });
    expect(noManager.status).toBe(400);
  });

  it('answers 415 for other patch types', async () => {
    await create('mp-415');
    for (const type of ['application/strategic-merge-patch+json', 'text/plain']) {
      const res = await api.call('PATCH', `${JOBS}/mp-415`, { raw: '[]', contentType: type });
      expect(res.status, type).toBe(415);
      expect(status(res).reason).toBe('UnsupportedMediaType');
      expect(status(res).fix).toContain('merge');
    }
  });
});
