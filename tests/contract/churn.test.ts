/**
 * The churn dev control: a steady stream of changes to a project's objects, over all of them or only the first
 * N in name order (so that the first rows of a long list change more than once in a run), and a clear refusal
 * of a bad `first`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectList } from '@/shared/protocol.ts';
import { withMockApi } from './harness.ts';

const api = withMockApi({ controller: false }, { fresh: false });
const JOBS = '/apis/nodus.dev/v1/namespaces/churned/jobs';

beforeAll(async () => {
  expect((await api.post('/api/v1/namespaces', { metadata: { name: 'churned' } })).status).toBe(201);
  expect((await api.post('/_mock/seed', { project: 'churned', kind: 'Job', count: 40 })).status).toBe(201);
});

const versions = async () =>
  new Map(
    (await api.get<ObjectList>(`${JOBS}?limit=1000`)).body.items.map((o) => [
      o.metadata.name!,
      o.metadata.resourceVersion!,
    ]),
  );

describe('POST /_mock/churn', () => {
  it('walks only the first objects in name order when asked, again and again', async () => {
    const before = await versions();
    const names = [...before.keys()].sort();
    const res = await api.post<{ objects: number; until: string }>('/_mock/churn', {
      project: 'churned',
      kind: 'Job',
      eventsPerSecond: 200,
      seconds: 1,
      first: 5,
    });
    expect(res.status).toBe(202);
    expect(res.body.objects).toBe(5);
    // 200 changes over five objects: once it is done, the last word on each is from the churn's last pass.
    await expect.poll(() => Date.now() >= Date.parse(res.body.until), { timeout: 5000 }).toBe(true);
    await expect
      .poll(async () => {
        const after = await versions();
        return names.filter((n) => after.get(n) !== before.get(n));
      })
      .toEqual(names.slice(0, 5));
    const costs = async () => {
      const items = (await api.get<ObjectList>(`${JOBS}?limit=1000`)).body.items;
      return names.slice(0, 5).map((n) => items.find((o) => o.metadata.name === n)?.status?.costUSD);
    };
    await expect.poll(costs).toEqual(['1.96', '1.97', '1.98', '1.99', '2.00']);
  });

  it('refuses a `first` that is not a whole number above 0, saying which field', async () => {
    for (const first of [0, -3, 2.5, 'ten']) {
      const res = await api.post<{ reason: string; details: { causes: { field: string }[] } }>('/_mock/churn', {
        project: 'churned',
        kind: 'Job',
        first,
      });
      expect(res.status).toBe(422);
      expect(res.body.reason).toBe('Invalid');
      expect(res.body.details.causes.map((c) => c.field)).toEqual(['first']);
    }
  });
});
