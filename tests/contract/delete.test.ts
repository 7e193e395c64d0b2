import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi({ finalizeSeconds: 0.5 });

describe('delete', () => {
  it('sets deletionTimestamp and Cancelling, keeps the object while nodus.dev/billing holds it, then removes it', async () => {
    await api.post(JOBS, job('del-a'));
    const res = await api.del<NodusObject>(`${JOBS}/del-a`);
    expect(res.status).toBe(200);
    expect(res.body.metadata.deletionTimestamp).toBeDefined();
    expect(res.body.metadata.finalizers).toEqual(['nodus.dev/billing']);
    expect(res.body.status?.phase).toBe('Cancelling');
    const during = await api.get<NodusObject>(`${JOBS}/del-a`);
    expect(during.status).toBe(200);
    expect(during.body.metadata.deletionTimestamp).toBeDefined();
    await expect.poll(async () => (await api.get(`${JOBS}/del-a`)).status, { timeout: 5000 }).toBe(404);
  });

  it('shows Terminating for long-running kinds', async () => {
    const res = await api.del<NodusObject>('/apis/nodus.dev/v1/namespaces/default/sandboxes/dev');
    expect(res.body.status?.phase).toBe('Terminating');
  });

  it('removes objects without finalizers at once', async () => {
    await api.post('/apis/nodus.dev/v1/namespaces/default/budgets', {
      metadata: { name: 'gone' },
      spec: { limitUSD: '5.00' },
    });
    expect((await api.del('/apis/nodus.dev/v1/namespaces/default/budgets/gone')).status).toBe(200);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/default/budgets/gone')).status).toBe(404);
  });

  it("keeps an object until a finalizer of the client's own is removed too", async () => {
    await api.post(JOBS, job('held', {}, { finalizers: ['example.com/export'] }));
    await api.del(`${JOBS}/held`);
    const stuck = await api.get<NodusObject>(`${JOBS}/held`);
    await expect
      .poll(async () => (await api.get<NodusObject>(`${JOBS}/held`)).body.metadata.finalizers, { timeout: 5000 })
      .toEqual(['example.com/export']);
    expect(stuck.body.metadata.deletionTimestamp).toBeDefined();
    const release = await api.patch(`${JOBS}/held`, { metadata: { finalizers: null } });
    expect(release.status).toBe(200);
    expect((await api.get(`${JOBS}/held`)).status).toBe(404);
  });

  it('keeps nodus.dev/billing whatever a client sends', async () => {
    await api.post(JOBS, job('keep-billing'));
    const res = await api.patch<NodusObject>(`${JOBS}/keep-billing`, { metadata: { finalizers: null } });
    expect(res.body.metadata.finalizers).toEqual(['nodus.dev/billing']);
  });

  it('accepts propagationPolicy Orphan (query or body) and releases dependents', async () => {
    const owner = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/pipelines', {
      metadata: { name: 'owner' },
      spec: { steps: [{ name: 'a', image: 'nodus/python:3.12' }] },
    });
    const ref = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Pipeline',
      name: 'owner',
      uid: owner.body.metadata.uid,
      controller: true,
    };
    await api.post(JOBS, job('child', {}, { ownerReferences: [ref] }));
    const res = await api.del('/apis/nodus.dev/v1/namespaces/default/pipelines/owner', {
      body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' },
    });
    expect(res.status).toBe(200);
    const child = await api.get<NodusObject>(`${JOBS}/child`);
    expect(child.body.metadata.deletionTimestamp).toBeUndefined();
    expect(child.body.metadata.ownerReferences).toBeUndefined();
    expect((await api.del(`${JOBS}/child?propagationPolicy=Sideways`)).status).toBe(400);
  });

  it('deletes dependents with the owner by default', async () => {
    const owner = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/pipelines', {
      metadata: { name: 'owner2' },
      spec: { steps: [{ name: 'a', image: 'nodus/python:3.12' }] },
    });
    const ref = { apiVersion: 'nodus.dev/v1', kind: 'Pipeline', name: 'owner2', uid: owner.body.metadata.uid };
    await api.post(JOBS, job('child2', {}, { ownerReferences: [ref] }));
    await api.del('/apis/nodus.dev/v1/namespaces/default/pipelines/owner2');
    expect((await api.get<NodusObject>(`${JOBS}/child2`)).body.metadata.deletionTimestamp).toBeDefined();
  });

  it('answers 404 for an object that does not exist and 409 for a failed precondition', async () => {
    expect((await api.del(`${JOBS}/nope`)).status).toBe(404);
    await api.post(JOBS, job('pre'));
    const res = await api.del(`${JOBS}/pre`, { body: { preconditions: { uid: 'job_other' } } });
    expect(res.status).toBe(409);
    expect(status(res).reason).toBe('Conflict');
  });

  it('refuses a create of a name still being deleted, saying why', async () => {
    await api.post(JOBS, job('busy'));
    await api.del(`${JOBS}/busy`);
    const res = await api.post(JOBS, job('busy'));
    expect(res.status).toBe(409);
    expect(status(res).message).toContain('being deleted');
  });
});
