/**
 * The dev controls the console's fault drills (e2e/fault-drills) lean on besides those in faults.test.ts: an
 * outage (`unreachableSeconds`: every connection broken off without an answer, open watches included, /_mock/
 * spared) and history compaction (POST /_mock/compact: every earlier resume point answers 410 Expired).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type ObjectList } from '@/shared/protocol.ts';
import { openWatch, status, withMockApi } from './harness.ts';

const api = withMockApi({ demoData: false, controller: false });
const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';

async function listRv(): Promise<string> {
  return (await api.get<ObjectList>(BUDGETS)).body.metadata.resourceVersion;
}

/** What a client sees of one request: its HTTP status, or `none` when the connection broke without an answer. */
async function outcome(path: string): Promise<number | 'none'> {
  try {
    const res = await fetch(api.url(path), { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } });
    await res.text();
    return res.status;
  } catch {
    return 'none';
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an outage (unreachableSeconds)', () => {
  it('breaks every API connection off without an answer, open watches too, and ends by itself', async () => {
    const watch = await openWatch(api, `${BUDGETS}?watch=true&resourceVersion=${await listRv()}`);
    const set = await api.post('/_mock/faults', { unreachableSeconds: 1.5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      unreachableSeconds: 1.5,
      unreachableUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await watch.ended; // broken off, not left hanging
    for (const path of [BUDGETS, '/readyz', '/healthz', '/version']) expect(await outcome(path), path).toBe('none');
    // The controls still answer, so a test can watch the outage and end it.
    const during = await api.get<{ injected: { refused: number } }>('/_mock/faults');
    expect(during.status).toBe(200);
    expect(during.body.injected.refused).toBeGreaterThanOrEqual(5);
    await until(async () => (await outcome(BUDGETS)) === 200, 10_000);
    expect(await outcome('/readyz')).toBe(200);
    expect((await api.get('/_mock/faults')).body).toMatchObject({ unreachableUntil: null });
  });

  it('ends at once with DELETE /_mock/faults, and refuses a bad duration with 422', async () => {
    await api.post('/_mock/faults', { unreachableSeconds: 600 });
    expect(await outcome(BUDGETS)).toBe('none');
    expect((await api.del('/_mock/faults')).status).toBe(200);
    expect(await outcome(BUDGETS)).toBe(200);
    for (const bad of [-1, 601, 'ten']) {
      const res = await api.post('/_mock/faults', { unreachableSeconds: bad });
      expect(res.status).toBe(422);
      expect(status(res).details!.causes!.map((c) => c.field)).toEqual(['unreachableSeconds']);
    }
  });

  it('accepts what GET answers posted back', async () => {
    await api.post('/_mock/faults', { latencyMs: 1 });
    const shown = (await api.get('/_mock/faults')).body;
    expect((await api.post('/_mock/faults', shown)).status).toBe(200);
  });
});

describe('POST /_mock/compact', () => {
  it('makes every earlier resume point Expired; the latest one and open watches go on', async () => {
    const before = await listRv();
    expect((await api.post(BUDGETS, { metadata: { name: 'a' }, spec: { limitUSD: '1.00' } })).status).toBe(201);
    const open = await openWatch(api, `${BUDGETS}?watch=true&resourceVersion=${before}`);
    expect((await open.next(1)).map((e) => e.type)).toEqual(['ADDED']);

    const compacted = await api.post<{ compactedResourceVersion: string }>('/_mock/compact', {});
    expect(compacted.status).toBe(200);
    const latest = compacted.body.compactedResourceVersion;
    expect(latest).toBe(await listRv());

    const resumed = await openWatch(api, `${BUDGETS}?watch=true&resourceVersion=${before}`);
    const [expired] = await resumed.next(1);
    expect(expired).toMatchObject({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
    await resumed.ended;

    const fromLatest = await openWatch(api, `${BUDGETS}?watch=true&resourceVersion=${latest}`);
    expect((await api.post(BUDGETS, { metadata: { name: 'b' }, spec: { limitUSD: '1.00' } })).status).toBe(201);
    expect((await fromLatest.next(1)).map((e) => e.type)).toEqual(['ADDED']);
    expect((await open.next(2)).map((e) => e.type)).toEqual(['ADDED', 'ADDED']);
    fromLatest.close();
    open.close();
  });

  it('takes no body and only POST', async () => {
    expect((await api.call('POST', '/_mock/compact')).status).toBe(200);
    expect((await api.get('/_mock/compact')).status).toBe(405);
  });
});
