import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi();

describe('metadata', () => {
  it('refuses a name that is not a DNS label of at most 63 characters, with a cause on metadata.name', async () => {
    for (const name of ['Train_A', 'a'.repeat(64), '-lead', 'trail-', 'has.dot']) {
      const res = await api.post(JOBS, job(name));
      expect(res.status, name).toBe(422);
      expect(status(res).reason).toBe('Invalid');
      expect(status(res).details?.causes?.map((c) => c.field)).toContain('metadata.name');
    }
    expect((await api.post(JOBS, job('a'.repeat(63)))).status).toBe(201);
  });

  it('refuses a create with neither name nor generateName', async () => {
    const res = await api.post(JOBS, { spec: job('x').spec });
    expect(res.status).toBe(422);
    expect(status(res).details?.causes?.[0]?.field).toBe('metadata.name');
  });

  it('gives generateName a unique suffix, and requires an Idempotency-Key for it', async () => {
    const without = await api.post(JOBS, job('', {}, { name: undefined, generateName: 'sweep-' }));
    expect(without.status).toBe(400);
    expect(status(without).reason).toBe('BadRequest');
    expect(status(without).fix).toContain('Idempotency-Key');
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await api.post<NodusObject>(JOBS, job('', {}, { name: undefined, generateName: 'sweep-' }), {
        headers: { 'Idempotency-Key': `gen-${i}` },
      });
      expect(res.status).toBe(201);
      expect(res.body.metadata.name).toMatch(/^sweep-[a-z0-9]{5}$/);
      names.add(res.body.metadata.name!);
    }
    expect(names.size).toBe(5);
  });

  it('sets uid, resourceVersion, creationTimestamp, generation and the created-by and launched-by labels', async () => {
    const res = await api.post<NodusObject>(
      JOBS,
      job('meta-a', {}, { uid: 'job_forged', resourceVersion: '1', creationTimestamp: '2000-01-01T00:00:00Z' }),
      {
        headers: { 'User-Agent': 'kubectl/v1.32.0 (linux/amd64)' },
      },
    );
    expect(res.status).toBe(201);
    const meta = res.body.metadata;
    expect(meta.uid).toMatch(/^job_01[0-9a-z]{24}$/);
    expect(meta.uid).not.toBe('job_forged');
    expect(meta.creationTimestamp).not.toBe('2000-01-01T00:00:00Z');
    expect(meta.generation).toBe(1);
    expect(meta.labels).toMatchObject({ 'nodus.dev/created-by': 'demo-user', 'nodus.dev/launched-by': 'kubectl' });
    const sandbox = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/sandboxes', {
      metadata: { name: 'sbx-a' },
      spec: { image: 'nodus/ubuntu:24.04' },
    });
    expect(sandbox.body.metadata.uid).toMatch(/^sbx_/);
  });

  it('changes resourceVersion on every write', async () => {
    const created = await api.post<NodusObject>(JOBS, job('rv-a'));
    const rv1 = created.body.metadata.resourceVersion;
    const patched = await api.patch<NodusObject>(`${JOBS}/rv-a`, { metadata: { labels: { step: '1' } } });
    const rv2 = patched.body.metadata.resourceVersion;
    const again = await api.patch<NodusObject>(`${JOBS}/rv-a`, { metadata: { labels: { step: '2' } } });
    expect(new Set([rv1, rv2, again.body.metadata.resourceVersion]).size).toBe(3);
  });

  it("gives a create the server's own nodus.dev/ labels and annotations, warning about changed ones", async () => {
    const label = await api.post<NodusObject>(JOBS, job('lbl', {}, { labels: { 'nodus.dev/created-by': 'mallory' } }));
    expect(label.status).toBe(201);
    expect(label.body.metadata.labels).toHaveProperty(['nodus.dev/created-by'], 'demo-user');
    expect(label.headers.get('warning')).toContain('metadata.labels[nodus.dev/created-by] is set by Nodus');
    const annotation = await api.post<NodusObject>(
      JOBS,
      job('ann', {}, { annotations: { 'nodus.dev/priority-boost': 'yes' } }),
    );
    expect(annotation.status).toBe(201);
    expect(annotation.body.metadata.annotations ?? {}).not.toHaveProperty('nodus.dev/priority-boost');
    const readBack = await api.post(JOBS, { ...label.body, metadata: { ...label.body.metadata, name: 'lbl-copy' } });
    expect(readBack.status).toBe(201);
    expect(readBack.headers.get('warning')).toBeNull();
    const request = await api.post<NodusObject>(
      JOBS,
      job(
        'req',
        {},
        { annotations: { 'nodus.dev/restart-requested-at': '2026-12-02T10:00:00Z', 'example.com/note': 'ok' } },
      ),
    );
    expect(request.status).toBe(201);
    const badTime = await api.post(JOBS, job('req2', {}, { annotations: { 'nodus.dev/restart-requested-at': 'now' } }));
    expect(badTime.status).toBe(422);
    const badLabel = await api.post(JOBS, job('lbl2', {}, { labels: { team: 'has spaces' } }));
    expect(status(badLabel).details?.causes?.[0]?.field).toBe('metadata.labels[team]');
  });

  it('lets a client send the server-set labels back unchanged, but not change them', async () => {
    const created = await api.post<NodusObject>(JOBS, job('round-trip'));
    const same = await api.put<NodusObject>(`${JOBS}/round-trip`, created.body);
    expect(same.status).toBe(200);
    const changed = structuredClone(created.body);
    changed.metadata.resourceVersion = same.body.metadata.resourceVersion;
    changed.metadata.labels!['nodus.dev/created-by'] = 'mallory';
    const res = await api.put(`${JOBS}/round-trip`, changed);
    expect(res.status).toBe(422);
  });

  it('ignores what a client sends in status', async () => {
    const res = await api.post<NodusObject>(JOBS, {
      ...job('status-a'),
      status: { phase: 'Succeeded', costUSD: '0.00' },
    });
    expect(res.status).toBe(201);
    expect(res.body.status?.phase).toBe('Queued');
    const put = await api.put<NodusObject>(`${JOBS}/status-a`, { ...res.body, status: { phase: 'Succeeded' } });
    expect(put.status).toBe(200);
    expect(put.body.status?.phase).toBe('Queued');
    const merge = await api.patch<NodusObject>(`${JOBS}/status-a`, { status: { phase: 'Failed' } });
    expect(merge.body.status?.phase).toBe('Queued');
    expect((await api.call('PUT', `${JOBS}/status-a/status`, { body: res.body })).status).toBe(405);
  });
});
