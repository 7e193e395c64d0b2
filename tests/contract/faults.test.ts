/**
 * The development controls the console's resilience tests and benchmark lean on: /_mock/faults (latency, 503/429
 * with Retry-After, dropped watches, readyz), /_mock/seed, /_mock/churn, and that all of /_mock/ is off in
 * production mode. Budgets are used throughout: no controller moves them, so event counts are exact.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject, type ObjectList, type WatchEvent } from '@/shared/protocol.ts';
import { configFromEnv } from '@/mock/config.ts';
import { openWatch, status, withMockApi, type Api } from './harness.ts';

const api = withMockApi({ demoData: false, controller: false, bookmarkSeconds: 0.2 });
const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';

function budget(name: string): Record<string, unknown> {
  return { metadata: { name }, spec: { limitUSD: '10.00' } };
}

async function createBudgets(names: string[]): Promise<void> {
  for (const name of names) expect((await api.post(BUDGETS, budget(name))).status).toBe(201);
}

async function listRv(path = BUDGETS): Promise<string> {
  return (await api.get<ObjectList>(path)).body.metadata.resourceVersion;
}

async function setFaults(body: Record<string, unknown>): Promise<void> {
  const res = await api.post('/_mock/faults', body);
  expect(res.status, res.text).toBe(200);
}

/** Reads a watch to its end. `cut` tells a broken connection from a stream that finished. */
async function drain(
  path: string,
  whileOpen: () => Promise<void> = async () => undefined,
): Promise<{ events: WatchEvent[]; cut: boolean }> {
  const res = await fetch(api.url(path), { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } });
  const reader = res.body!.getReader();
  const reading = (async () => {
    let text = '';
    let cut = false;
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) text += Buffer.from(r.value).toString();
    } catch {
      cut = true;
    }
    return {
      events: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as WatchEvent),
      cut,
    };
  })();
  await whileOpen();
  return reading;
}

const names = (events: WatchEvent[]) => events.map((e) => (e.object as NodusObject).metadata.name);
const rvOf = (event: WatchEvent | undefined) => (event!.object as NodusObject).metadata.resourceVersion!;

describe('/_mock/faults settings', () => {
  it('starts with none; POST sets them, GET shows them, DELETE and POST {} clear them', async () => {
    const none = (await api.get('/_mock/faults')).body;
    expect(none).toMatchObject({
      latencyMs: 0,
      errorRate: 0,
      errorCode: 503,
      retryAfterSeconds: 1,
      dropWatchAfterEvents: null,
      readyz: { degraded: [], failing: null },
      paths: [],
      verbs: [],
    });
    await setFaults({ errorRate: 1, errorCode: 429 });
    expect((await api.get('/_mock/faults')).body).toMatchObject({ errorRate: 1, errorCode: 429, latencyMs: 0 });
    expect((await api.get(BUDGETS)).status).toBe(429);
    expect((await api.del('/_mock/faults')).status).toBe(200);
    expect((await api.get(BUDGETS)).status).toBe(200);
    await setFaults({ errorRate: 1 });
    await setFaults({});
    expect((await api.get(BUDGETS)).status).toBe(200);
    const { injected: _, ...cleared } = (await api.get('/_mock/faults')).body;
    const { injected: __, ...defaults } = none;
    expect(cleared).toEqual(defaults);
  });

  it('refuses a bad body with 422 Invalid naming every bad field, and keeps the faults it had', async () => {
    await setFaults({ latencyMs: 5 });
    const res = await api.post('/_mock/faults', {
      latencyMs: -1,
      errorRate: 1.5,
      errorCode: 500,
      retryAfterSeconds: 1.5,
      dropWatchAfterEvents: 0,
      readyz: { degraded: 'etcd', failing: 3 },
      paths: ['jobs'],
      verbs: ['fly'],
      seed: 'x',
      loud: true,
    });
    expect(res.status).toBe(422);
    expect(status(res).reason).toBe('Invalid');
    expect(status(res).requestId).toMatch(/^req_/);
    expect(
      status(res)
        .details!.causes!.map((c) => c.field)
        .sort(),
    ).toEqual([
      'dropWatchAfterEvents',
      'errorCode',
      'errorRate',
      'latencyMs',
      'loud',
      'paths[0]',
      'readyz.degraded',
      'readyz.failing',
      'retryAfterSeconds',
      'seed',
      'verbs[0]',
    ]);
    expect((await api.get('/_mock/faults')).body).toMatchObject({ latencyMs: 5, errorRate: 0 });
  });

  it('are cleared by /_mock/reset', async () => {
    await setFaults({ errorRate: 1, dropWatchAfterEvents: 1, readyz: { failing: 'store' } });
    expect((await api.get(BUDGETS)).status).toBe(503);
    expect((await api.post('/_mock/reset', {})).status).toBe(200);
    expect((await api.get(BUDGETS)).status).toBe(200);
    expect((await api.get('/readyz')).status).toBe(200);
    expect((await api.get('/_mock/faults')).body).toMatchObject({
      errorRate: 0,
      dropWatchAfterEvents: null,
      readyz: { failing: null },
    });
  });
});

describe('injected latency and errors', () => {
  it('delays every API response by at least latencyMs, and never /healthz or the /_mock/ controls', async () => {
    await setFaults({ latencyMs: 250, latencyJitterMs: 50 });
    for (const path of [BUDGETS, '/version']) {
      const started = performance.now();
      expect((await api.get(path)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    }
    await api.get('/healthz');
    await api.get('/docs/errors');
    expect((await api.get('/_mock/faults')).body).toMatchObject({ injected: { delayed: 2, failed: 0 } });
  });

  it('answers errorRate 1 with 503 ServiceUnavailable, Retry-After and a Status with a requestId', async () => {
    await setFaults({ errorRate: 1, retryAfterSeconds: 3 });
    const res = await api.post(BUDGETS, budget('never'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(status(res)).toMatchObject({
      kind: 'Status',
      code: 503,
      reason: 'ServiceUnavailable',
      details: { retryAfterSeconds: 3 },
    });
    expect(status(res).requestId).toBe(res.headers.get('x-request-id'));
    expect(status(res).fix).toContain('DELETE /_mock/faults');
    // Probes, the error reference and the controls themselves keep working, so a test can always turn faults off.
    for (const path of ['/healthz', '/readyz', '/docs/errors', '/_mock/faults'])
      expect((await api.get(path)).status, path).toBe(200);
    await api.del('/_mock/faults');
    expect((await api.get(`${BUDGETS}/never`)).status).toBe(404);
  });

  it('answers 429 TooManyRequests when errorCode is 429', async () => {
    await setFaults({ errorRate: 1, errorCode: 429, retryAfterSeconds: 7 });
    const res = await api.get(BUDGETS);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(status(res)).toMatchObject({ reason: 'TooManyRequests', details: { retryAfterSeconds: 7 } });
  });

  it('fails about the share errorRate asks for, the same requests again for the same seed', async () => {
    const run = async (): Promise<string> => {
      await setFaults({ errorRate: 0.5, seed: 42 });
      let pattern = '';
      for (let i = 0; i < 200; i++) pattern += (await api.get(BUDGETS)).status === 503 ? 'x' : '.';
      return pattern;
    };
    const first = await run();
    const failed = first.split('').filter((c) => c === 'x').length;
    expect(failed).toBeGreaterThan(70);
    expect(failed).toBeLessThan(130);
    expect(first).not.toMatch(/^(x\.)+$|^(\.x)+$/);
    expect(await run()).toBe(first);
  });

  it('faults only the paths and verbs asked for', async () => {
    await setFaults({ errorRate: 1, paths: [BUDGETS] });
    expect((await api.get(BUDGETS)).status).toBe(503);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/default/jobs')).status).toBe(200);
    await setFaults({ errorRate: 1, verbs: ['list'] });
    expect((await api.get(BUDGETS)).status).toBe(503);
    expect((await api.get('/apis/nodus.dev/v1/budgets')).status).toBe(503);
    expect((await api.post(BUDGETS, budget('made'))).status).toBe(201);
    expect((await api.get(`${BUDGETS}/made`)).status).toBe(200);
    // Read as the authorizer reads a request: a core list is a list too.
    expect((await api.get('/api/v1/namespaces/default/events')).status).toBe(503);
    await setFaults({ errorRate: 1, verbs: ['watch'] });
    expect((await api.get(BUDGETS)).status).toBe(200);
    expect((await api.get(`${BUDGETS}?watch=true`)).status).toBe(503);
  });
});

describe('dropped watches', () => {
  it('cuts every watch after exactly N events; resuming from the last resourceVersion gets the rest without gaps', async () => {
    const rv = await listRv();
    const all = ['b-0', 'b-1', 'b-2', 'b-3', 'b-4'];
    await createBudgets(all);
    await setFaults({ dropWatchAfterEvents: 3 });
    const first = await drain(`${BUDGETS}?watch=true&resourceVersion=${rv}`);
    expect(first.cut).toBe(true);
    expect(names(first.events)).toEqual(['b-0', 'b-1', 'b-2']);
    const resumed = await openWatch(api, `${BUDGETS}?watch=true&resourceVersion=${rvOf(first.events.at(-1))}`);
    const rest = await resumed.next(2);
    resumed.close();
    expect(names(rest)).toEqual(['b-3', 'b-4']);
    const versions = [...first.events, ...rest].map((e) => Number(rvOf(e)));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect((await api.get('/_mock/faults')).body).toMatchObject({ injected: { droppedWatches: 1 } });
  });

  it('breaks the connection on live events rather than ending the stream (a timeout ends it cleanly)', async () => {
    await setFaults({ dropWatchAfterEvents: 2 });
    const live = await drain(`${BUDGETS}?watch=true&resourceVersion=${await listRv()}`, () =>
      createBudgets(['l-0', 'l-1', 'l-2']),
    );
    expect(live).toEqual({
      events: [expect.objectContaining({ type: 'ADDED' }), expect.objectContaining({ type: 'ADDED' })],
      cut: true,
    });
    await api.del('/_mock/faults');
    expect(await drain(`${BUDGETS}?watch=true&resourceVersion=${await listRv()}&timeoutSeconds=1`)).toEqual({
      events: [],
      cut: false,
    });
  });

  it('counts bookmarks as events, so an idle watch is cut too', async () => {
    await setFaults({ dropWatchAfterEvents: 2 });
    const idle = await drain(`${BUDGETS}?watch=true&resourceVersion=${await listRv()}&allowWatchBookmarks=true`);
    expect(idle.events.map((e) => e.type)).toEqual(['BOOKMARK', 'BOOKMARK']);
    expect(idle.cut).toBe(true);
  });

  it('applies to watches already open: one past N events is cut after its next', async () => {
    await createBudgets(['o-0', 'o-1', 'o-2']);
    const open = await drain(`${BUDGETS}?watch=true`, async () => {
      await setFaults({ dropWatchAfterEvents: 2 });
      await createBudgets(['o-3', 'o-4']);
    });
    expect(names(open.events)).toEqual(['o-0', 'o-1', 'o-2', 'o-3']);
    expect(open.cut).toBe(true);
  });
});

describe('/_mock/streams', () => {
  it('lists the watches and followed logs held open, oldest first, and forgets each as it closes', async () => {
    const open = () =>
      api.get<{ count: number; items: { path: string; query: string; since: string }[] }>(
        '/_mock/streams?path=/namespaces/default/',
      );
    const before = (await open()).body.count;
    const first = await openWatch(api, `${BUDGETS}?watch=true&labelSelector=a%3D1`);
    const second = await openWatch(api, `${BUDGETS}?watch=true`);
    await expect.poll(async () => (await open()).body.count).toBe(before + 2);
    const { items } = (await open()).body;
    expect(items.slice(-2).map((s) => [s.path, s.query])).toEqual([
      [BUDGETS, '?watch=true&labelSelector=a%3D1'],
      [BUDGETS, '?watch=true'],
    ]);
    expect(Number.isNaN(Date.parse(items[items.length - 1]!.since))).toBe(false);
    // Another project's are left out.
    expect((await api.get<{ count: number }>('/_mock/streams?path=/namespaces/nowhere/')).body.count).toBe(0);
    first.close();
    await expect.poll(async () => (await open()).body.count).toBe(before + 1);
    second.close();
    await expect.poll(async () => (await open()).body.count).toBe(before);
    expect((await api.post('/_mock/streams', {})).status).toBe(405);
  });
});

describe('readyz fault', () => {
  it('lists degraded checks with 200 and names a failing one with 503; /healthz stays ok', async () => {
    await setFaults({ readyz: { degraded: ['price-feed', 'log-store'] } });
    const degraded = await api.get('/readyz');
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({ ready: true, degraded: ['price-feed', 'log-store'], failing: null });
    await setFaults({ readyz: { degraded: ['price-feed'], failing: 'object-store' } });
    const failing = await api.get('/readyz');
    expect(failing.status).toBe(503);
    expect(failing.body).toMatchObject({ ready: false, degraded: ['price-feed'], failing: 'object-store' });
    expect((await api.get('/healthz')).status).toBe(200);
    await api.del('/_mock/faults');
    expect((await api.get('/readyz')).body).toMatchObject({ ready: true, degraded: [], failing: null });
  });
});

describe('/_mock/seed', () => {
  it('creates count objects, numbered on from what is there', async () => {
    const res = await api.post('/_mock/seed', { project: 'seeded', kind: 'Budget', count: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ project: 'seeded', kind: 'Budget', created: 3 });
    expect((await api.post('/_mock/seed', { project: 'seeded', kind: 'budgets', count: 2 })).status).toBe(201);
    const list = await api.get<ObjectList>('/apis/nodus.dev/v1/namespaces/seeded/budgets');
    expect(list.body.items.map((i) => i.metadata.name)).toEqual([0, 1, 2, 3, 4].map((n) => `budget-bulk-00000${n}`));
    expect((await api.get('/api/v1/namespaces/seeded')).status).toBe(200);
  });

  it('refuses a bad kind or count with 422 naming the field, and the read-only project with 403', async () => {
    for (const [body, field] of [
      [{ kind: 'Widget', count: 1 }, 'kind'],
      [{ kind: 'Image', count: 1 }, 'kind'],
      [{ kind: 'Job', count: 0 }, 'count'],
      [{ kind: 'Job', count: 100_001 }, 'count'],
      [{ kind: 'Job', count: 1.5 }, 'count'],
    ] as const) {
      const res = await api.post('/_mock/seed', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(status(res).details!.causes!.map((c) => c.field)).toEqual([field]);
    }
    expect((await api.post('/_mock/seed', { project: 'nodus', kind: 'Job', count: 1 })).status).toBe(403);
  });
});

describe('/_mock/churn', () => {
  it('sends MODIFIED events at a steady rate: 100 per second for a second', async () => {
    await api.post('/_mock/seed', { project: 'churned', kind: 'Budget', count: 10 });
    const path = '/apis/nodus.dev/v1/namespaces/churned/budgets';
    const watch = await openWatch(api, `${path}?watch=true&resourceVersion=${await listRv(path)}`);
    const started = performance.now();
    const res = await api.post('/_mock/churn', {
      project: 'churned',
      kind: 'Budget',
      eventsPerSecond: 100,
      seconds: 1,
    });
    expect(res.status).toBe(202);
    const events = await watch.next(100);
    const took = performance.now() - started;
    watch.close();
    expect(events.every((e) => e.type === 'MODIFIED')).toBe(true);
    expect(new Set(names(events)).size).toBe(10);
    // Paced, not a burst: 100 events at 100 per second cannot all arrive much before a second has passed.
    expect(took).toBeGreaterThanOrEqual(900);
  });

  it('refuses a bad rate with 422 and a project with nothing to churn with 404', async () => {
    await api.post('/_mock/seed', { project: 'churned', kind: 'Budget', count: 1 });
    const bad = await api.post('/_mock/churn', { project: 'churned', kind: 'Budget', eventsPerSecond: 0 });
    expect(bad.status).toBe(422);
    expect(status(bad).details!.causes![0]!.field).toBe('eventsPerSecond');
    expect((await api.post('/_mock/churn', { project: 'empty', kind: 'Budget' })).status).toBe(404);
  });
});

describe('dev controls off', () => {
  const env = { NODUS_MOCK_PORT: '0', NODUS_MOCK_TLS_PORT: 'off' };
  const production = withMockApi(
    { ...configFromEnv({ ...env, NODUS_MOCK_MODE: 'production' }), controller: false },
    { fresh: false },
  );
  const switchedOff = withMockApi(
    { ...configFromEnv({ ...env, NODUS_MOCK_DEV_CONTROLS: '0' }), controller: false },
    { fresh: false },
  );

  const expectOff = async (server: Api): Promise<void> => {
    for (const [method, path] of [
      ['GET', '/_mock/faults'],
      ['POST', '/_mock/faults'],
      ['DELETE', '/_mock/faults'],
      ['POST', '/_mock/reset'],
      ['POST', '/_mock/seed'],
    ]) {
      const res = await server.call(method!, path!, method === 'POST' ? { body: { errorRate: 1 } } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(status(res)).toMatchObject({ reason: 'NotFound', requestId: expect.stringMatching(/^req_/) });
    }
    expect((await server.get(BUDGETS)).status).toBe(200);
  };

  it('answers /_mock/ with 404 NotFound with NODUS_MOCK_MODE=production, and the API still works', () =>
    expectOff(production));
  it('answers /_mock/ with 404 NotFound with NODUS_MOCK_DEV_CONTROLS=0', () => expectOff(switchedOff));

  it('serves /_mock/ by default, and refuses an unknown NODUS_MOCK_MODE at start', () => {
    expect(configFromEnv({}).devControls).toBe(true);
    expect(configFromEnv({ NODUS_MOCK_MODE: 'production', NODUS_MOCK_DEV_CONTROLS: '1' }).devControls).toBe(false);
    expect(() => configFromEnv({ NODUS_MOCK_MODE: 'staging' })).toThrow(/NODUS_MOCK_MODE/);
  });
});
