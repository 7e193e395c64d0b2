import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi();
const PROJECT_PLURALS = ['jobs', 'sandboxes', 'functions', 'volumes', 'budgets', 'pipelines'];

describe('demo data as seeded', () => {
  // The controller stopped: some demo phases last seconds (Starting: 6 s), and a loaded machine can take longer
  // than that to list six kinds.
  const still = withMockApi({ controller: false });

  it('serves the six kinds in nodus.dev/v1 with objects of each in the demo org, in many phases', async () => {
    const phases = new Set<string>();
    for (const plural of PROJECT_PLURALS) {
      const res = await still.get<ObjectList>(`/apis/nodus.dev/v1/${plural}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length, plural).toBeGreaterThan(0);
      for (const item of res.body.items) {
        expect(item.apiVersion).toBe('nodus.dev/v1');
        phases.add(String(item.status?.phase));
      }
    }
    for (const phase of [
      'Queued',
      'Provisioning',
      'Running',
      'Succeeded',
      'Failed',
      'Cancelled',
      'Suspended',
      'Stopped',
      'Pending',
      'Starting',
      'Cancelling',
    ]) {
      expect(phases, phase).toContain(phase);
    }
  });
});

describe('kinds, projects and demo data', () => {
  it('publishes Images in the read-only project nodus, e.g. pytorch:2.8-cuda12.8', async () => {
    const res = await api.get<ObjectList>('/apis/nodus.dev/v1/namespaces/nodus/images');
    const refs = res.body.items.map(
      (i) => `${(i.spec as { repository: string }).repository}:${(i.spec as { tag: string }).tag}`,
    );
    expect(refs).toContain('pytorch:2.8-cuda12.8');
    const write = await api.post('/apis/nodus.dev/v1/namespaces/nodus/jobs', job('sneaky'));
    expect(write.status).toBe(403);
    expect(status(write).reason).toBe('Forbidden');
    const image = await api.post('/apis/nodus.dev/v1/namespaces/default/images', {
      metadata: { name: 'mine' },
      spec: { repository: 'x', tag: '1' },
    });
    expect(image.status).toBe(403);
  });

  it('gives Budgets a limit, a period and what was spent', async () => {
    const res = await api.get<ObjectList>('/apis/nodus.dev/v1/budgets');
    expect(res.body.items.length).toBeGreaterThanOrEqual(3);
    const budget = res.body.items[0]!;
    expect(budget.spec).toMatchObject({ limitUSD: expect.stringMatching(/^\d+\.\d{2}$/), period: expect.any(String) });
    expect(budget.status).toMatchObject({ spentUSD: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('lists, gets, creates and deletes projects as namespaces', async () => {
    const list = await api.get<ObjectList>('/api/v1/namespaces');
    const names = list.body.items.map((n) => n.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'nodus', 'nlp', 'vision', 'platform']));
    const created = await api.post<NodusObject>('/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'research' },
    });
    expect(created.status).toBe(201);
    expect(created.body.status?.phase).toBe('Active');
    expect((await api.post('/api/v1/namespaces', { metadata: { name: 'research' } })).status).toBe(200);
    expect((await api.get('/api/v1/namespaces/research')).status).toBe(200);
    expect((await api.post(`/apis/nodus.dev/v1/namespaces/research/jobs`, job('a'))).status).toBe(201);
    const deleted = await api.del('/api/v1/namespaces/research');
    expect(deleted.status).toBe(200);
    await expect.poll(async () => (await api.get('/api/v1/namespaces/research')).status, { timeout: 10_000 }).toBe(404);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/research/jobs')).status).toBe(404);
  });

  it('refuses bad project names, and deleting default or nodus', async () => {
    const bad = await api.post('/api/v1/namespaces', { metadata: { name: 'Not_A_Label' } });
    expect(bad.status).toBe(422);
    expect(status(bad).details?.causes?.[0]?.field).toBe('metadata.name');
    expect((await api.del('/api/v1/namespaces/default')).status).toBe(403);
    expect((await api.del('/api/v1/namespaces/nodus')).status).toBe(403);
    expect((await api.get('/api/v1/namespaces/nope')).status).toBe(404);
  });

  it('says which project is missing when a path names one that does not exist', async () => {
    const res = await api.get('/apis/nodus.dev/v1/namespaces/no-such-project/jobs');
    expect(res.status).toBe(404);
    expect(status(res).message).toContain('no-such-project');
    expect((await api.post('/apis/nodus.dev/v1/namespaces/no-such-project/jobs', job('a'))).status).toBe(404);
  });

  it("documents each kind's spec: the seed example Job is valid and every other field gets a default", async () => {
    const res = await api.post<NodusObject>(`${JOBS}?dryRun=All`, {
      apiVersion: 'nodus.dev/v1',
      kind: 'Job',
      metadata: { name: 'train-seed', namespace: 'default', labels: { app: 'trainer' } },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00' },
    });
    expect(res.status).toBe(201);
    expect(res.body.spec).toMatchObject({
      resources: { cpu: 4, memoryGiB: 16, gpu: { count: 0 } },
      timeoutSeconds: 14400,
      state: 'Running',
      placement: { spot: false, priority: 'Normal' },
    });
  });
});
