import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectList } from '@/shared/protocol.ts';
import { status, withMockApi } from './harness.ts';

const api = withMockApi({}, { fresh: false });
const BULK = '/apis/nodus.dev/v1/namespaces/bulk/jobs';

beforeAll(async () => {
  const res = await api.post('/_mock/seed', { project: 'bulk', kind: 'Job', count: 2500 });
  expect(res.status).toBe(201);
});

describe('lists', () => {
  it('returns 500 objects by default with a continue token', async () => {
    const res = await api.get<ObjectList>(BULK);
    expect(res.body.items).toHaveLength(500);
    expect(res.body.metadata.continue).toBeTruthy();
    expect(res.body.metadata.remainingItemCount).toBe(2000);
  });

  it('serves limit up to 1,000, and at most 1,000 with a continue token for more', async () => {
    expect((await api.get<ObjectList>(`${BULK}?limit=1000`)).body.items).toHaveLength(1000);
    const over = await api.get<ObjectList>(`${BULK}?limit=5000`);
    expect(over.status).toBe(200);
    expect(over.body.items).toHaveLength(1000);
    expect(over.body.metadata.continue).toBeTruthy();
    expect((await api.get(`${BULK}?limit=abc`)).status).toBe(400);
  });

  it('pages one consistent snapshot with continue, whatever changes in between', async () => {
    const first = await api.get<ObjectList>(`${BULK}?limit=1000`);
    const snapshotRv = first.body.metadata.resourceVersion;
    const names = first.body.items.map((i) => i.metadata.name);
    // Changes after the first page: one object deleted, one added, one modified.
    await api.del(`${BULK}/job-bulk-002400`);
    await api.post(BULK, { metadata: { name: 'zzz-late' }, spec: { image: 'nodus/python:3.12' } });
    await api.patch(`${BULK}/job-bulk-001500`, { metadata: { labels: { changed: 'yes' } } });
    let token = first.body.metadata.continue;
    while (token) {
      const page = await api.get<ObjectList>(`${BULK}?limit=1000&continue=${encodeURIComponent(token)}`);
      expect(page.body.metadata.resourceVersion).toBe(snapshotRv);
      names.push(...page.body.items.map((i) => i.metadata.name));
      const changed = page.body.items.find((i) => i.metadata.name === 'job-bulk-001500');
      if (changed) expect(changed.metadata.labels).not.toHaveProperty('changed');
      token = page.body.metadata.continue;
    }
    expect(names).toHaveLength(2500);
    expect(new Set(names).size).toBe(2500);
    expect(names).toContain('job-bulk-002400');
    expect(names).not.toContain('zzz-late');
  });

  it('refuses a continue token it did not issue', async () => {
    expect((await api.get(`${BULK}?continue=bogus`)).status).toBe(400);
  });

  it('selects by label: equality, set-based and exists', async () => {
    const count = async (selector: string) =>
      (await api.get<ObjectList>(`${BULK}?limit=1000&labelSelector=${encodeURIComponent(selector)}`)).body;
    expect((await count('shard=3')).items.every((i) => i.metadata.labels?.shard === '3')).toBe(true);
    expect((await count('shard=3')).items.length).toBe(250);
    expect((await count('shard==3')).items.length).toBe(250);
    expect((await count('shard in (1,2)')).items.length).toBe(500);
    expect((await count('shard notin (1,2),shard!=3')).items.length).toBeGreaterThanOrEqual(1000);
    expect((await count('changed')).items.map((i) => i.metadata.name)).toEqual(['job-bulk-001500']);
    expect((await count('!shard')).items.map((i) => i.metadata.name)).toEqual(['zzz-late']);
    const bad = await api.get(`${BULK}?labelSelector=${encodeURIComponent('shard in (1')}`);
    expect(bad.status).toBe(400);
    expect(status(bad).message).toContain('labelSelector');
  });

  it('selects by field: metadata.name, metadata.namespace and status.phase, across all projects', async () => {
    const byName = await api.get<ObjectList>('/apis/nodus.dev/v1/jobs?fieldSelector=metadata.name%3Dtrain-a');
    expect(byName.body.items.map((i) => `${i.metadata.namespace}/${i.metadata.name}`)).toEqual(['default/train-a']);
    const byNs = await api.get<ObjectList>('/apis/nodus.dev/v1/jobs?fieldSelector=metadata.namespace%3Dnlp');
    expect(byNs.body.items.length).toBeGreaterThan(3);
    expect(byNs.body.items.every((i) => i.metadata.namespace === 'nlp')).toBe(true);
    const running = await api.get<ObjectList>(
      '/apis/nodus.dev/v1/jobs?limit=1000&fieldSelector=status.phase%3DRunning',
    );
    expect(running.body.items.length).toBeGreaterThan(0);
    expect(running.body.items.every((i) => i.status?.phase === 'Running')).toBe(true);
    const notRunning = await api.get<ObjectList>(
      '/apis/nodus.dev/v1/namespaces/nlp/jobs?fieldSelector=status.phase!%3DRunning',
    );
    expect(notRunning.body.items.every((i) => i.status?.phase !== 'Running')).toBe(true);
    const bad = await api.get('/apis/nodus.dev/v1/jobs?fieldSelector=spec.image%3Dx');
    expect(bad.status).toBe(400);
    expect(status(bad).message).toContain('spec.image');
  });

  it('lists across all projects at /apis/nodus.dev/v1/{plural}', async () => {
    const all = await api.get<ObjectList>('/apis/nodus.dev/v1/sandboxes');
    expect(new Set(all.body.items.map((i) => i.metadata.namespace))).toEqual(
      new Set(['default', 'vision', 'platform']),
    );
  });
});
