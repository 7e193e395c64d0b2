/**
 * What keeps Events bounded: they expire (a DELETED watch event says so), a project keeps at most so many (the
 * least recently seen go first), a flood of the same event is one event counting in its series and a flood of
 * similar ones is combined; bulk seeding and churn record none; a reset takes them back to the demo's; a restart
 * with NODUS_MOCK_DATA keeps them, and drops those that expired meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NodusEvent } from '@/shared/events.ts';
import { DEMO_API_KEY, type ObjectList } from '@/shared/protocol.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { job, openWatch, withMockApi } from './harness.ts';
import { EVENTS, eventsOf, reasons } from './events-client.ts';

const still = { annotations: { 'mock.nodus.dev/run-seconds': '100000' } };

async function project(api: ReturnType<typeof withMockApi>, name: string): Promise<string> {
  expect((await api.post('/api/v1/namespaces', { metadata: { name } })).status).toBe(201);
  return `/apis/nodus.dev/v1/namespaces/${name}/jobs`;
}

async function count(api: ReturnType<typeof withMockApi>, ns: string): Promise<number> {
  return (await api.get<ObjectList<NodusEvent>>(EVENTS(ns))).body.items.length;
}

describe('expiry', () => {
  const api = withMockApi({ controller: false, eventTtlSeconds: 1 }, { fresh: false });

  it('deletes an event once its TTL has passed since it last happened, with a DELETED watch event', async () => {
    const jobs = await project(api, 'expiring');
    const from = (await api.get<ObjectList>(EVENTS('expiring'))).body.metadata.resourceVersion;
    const w = await openWatch(api, `${EVENTS('expiring')}?watch=true&resourceVersion=${from}`);
    await api.post(jobs, job('short-lived', {}, still));
    const [added] = await w.next(1);
    expect(added).toMatchObject({ type: 'ADDED', object: { reason: 'Created' } });
    const [, gone] = await w.next(2, 10_000);
    expect(gone).toMatchObject({
      type: 'DELETED',
      object: { metadata: { name: (added!.object as NodusEvent).metadata.name } },
    });
    w.close();
    expect(await count(api, 'expiring')).toBe(0);
  });
});

describe('the bound of each project', () => {
  const api = withMockApi({ controller: false, eventsPerProject: 5 }, { fresh: false });

  it('keeps at most the bound, the least recently seen going first, each with a DELETED watch event', async () => {
    const jobs = await project(api, 'bounded');
    const from = (await api.get<ObjectList>(EVENTS('bounded'))).body.metadata.resourceVersion;
    const w = await openWatch(api, `${EVENTS('bounded')}?watch=true&resourceVersion=${from}`);
    for (let n = 1; n <= 8; n++) await api.post(jobs, job(`b-${n}`, {}, still));
    const events = await w.next(8 + 3);
    expect(events.filter((e) => e.type === 'DELETED').map((e) => (e.object as NodusEvent).regarding.name)).toEqual([
      'b-1',
      'b-2',
      'b-3',
    ]);
    w.close();
    const left = (await api.get<ObjectList<NodusEvent>>(EVENTS('bounded'))).body.items;
    expect(left.map((e) => e.regarding.name).sort()).toEqual(['b-4', 'b-5', 'b-6', 'b-7', 'b-8']);
    // Other projects keep theirs.
    expect(await count(api, 'default')).toBeGreaterThan(0);
  });
});

describe('floods', () => {
  const api = withMockApi({ speed: 400 }, { fresh: false });

  it('counts a flood of the same event in one series: one event in the store, a MODIFIED for each repeat', async () => {
    await project(api, 'flood');
    const functions = '/apis/nodus.dev/v1/namespaces/flood/functions';
    await api.post(functions, {
      metadata: { name: 'busy' },
      spec: { image: 'nodus/node:22', handler: 'app.echo', maxCostUSD: '50.00', concurrency: 50 },
    });
    await expect
      .poll(async () => (await api.get<{ status: { phase: string } }>(`${functions}/busy`)).body.status.phase, {
        timeout: 10_000,
      })
      .toBe('Running');
    const from = (await api.get<ObjectList>(EVENTS('flood'))).body.metadata.resourceVersion;
    const w = await openWatch(
      api,
      `${EVENTS('flood')}?watch=true&resourceVersion=${from}&fieldSelector=reason%3DRequestHandled`,
    );
    const calls = 400;
    for (let i = 0; i < calls; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, async () =>
          expect((await api.post(`${functions}/busy/invoke`, { message: 'x' })).status).toBe(200),
        ),
      );
    const handled = (await eventsOf(api, 'flood', 'busy')).filter((e) => e.reason === 'RequestHandled');
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ series: { count: calls }, deprecatedCount: calls });
    const events = await w.next(calls);
    w.close();
    expect(events[0]?.type).toBe('ADDED');
    expect(events.slice(1).every((e) => e.type === 'MODIFIED')).toBe(true);
    expect((events.at(-1)!.object as NodusEvent).series?.count).toBe(calls);
  });

  it('combines more than 10 similar events (same object and reason, other notes) into one', async () => {
    const jobs = await project(api, 'similar');
    await api.post(jobs, job('relabelled', {}, still));
    for (let n = 1; n <= 15; n++) await api.patch(`${jobs}/relabelled`, { metadata: { labels: { round: String(n) } } });
    const labelled = (await eventsOf(api, 'similar', 'relabelled')).filter((e) => e.reason === 'LabelsChanged');
    expect(labelled).toHaveLength(11);
    const combined = labelled.find((e) => e.note.startsWith('(combined from similar events): '));
    await expect
      .poll(
        async () =>
          (await eventsOf(api, 'similar', 'relabelled')).find((e) => e.metadata.name === combined?.metadata.name)
            ?.series?.count,
      )
      .toBe(5);
    expect(
      (await eventsOf(api, 'similar', 'relabelled')).find((e) => e.metadata.name === combined?.metadata.name)?.note,
    ).toBe('(combined from similar events): Labels changed by demo-user: round 14 → 15');
  });

  it('records no event for bulk seeding or for churn', async () => {
    const seeded = await api.post('/_mock/seed', { project: 'bench-ev', kind: 'Job', count: 2000 });
    expect(seeded.status).toBe(201);
    const churn = await api.post('/_mock/churn', {
      project: 'bench-ev',
      kind: 'Job',
      eventsPerSecond: 2000,
      seconds: 1,
    });
    expect(churn.status).toBe(202);
    const jobs = '/apis/nodus.dev/v1/namespaces/bench-ev/jobs';
    // The churn is done once its last change is in: a watch from the seed's version sees 2,000 MODIFIED.
    const w = await openWatch(
      api,
      `${jobs}?watch=true&resourceVersion=${(seeded.body as { resourceVersion: string }).resourceVersion}`,
    );
    await w.next(2000, 15_000);
    w.close();
    expect(await count(api, 'bench-ev')).toBe(0);
  });
});

describe('reset and restarts', () => {
  const api = withMockApi({ controller: false }, { fresh: false });
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('takes events back to the demo history on reset', async () => {
    await api.post('/apis/nodus.dev/v1/namespaces/default/jobs', job('before-reset', {}, still));
    expect(reasons(await eventsOf(api, 'default', 'before-reset'))).toEqual(['Created']);
    const demo = (await eventsOf(api, 'vision', 'train-detector')).length;
    expect((await api.post('/_mock/reset', {})).status).toBe(200);
    expect(await eventsOf(api, 'default', 'before-reset')).toEqual([]);
    expect((await eventsOf(api, 'vision', 'train-detector')).length).toBe(demo);
  });

  it('keeps events across a restart with NODUS_MOCK_DATA, and drops those that expired while it was down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nodus-events-'));
    dirs.push(dir);
    const call = async (server: MockServer, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as ObjectList<NodusEvent>;
    };
    const selector = `?fieldSelector=${encodeURIComponent('regarding.name=kept')}`;
    const first = await startMockServer({ port: 0, controller: false, dataDir: dir });
    await call(first, 'POST', '/apis/nodus.dev/v1/namespaces/default/jobs', job('kept', {}, still));
    const recorded = (await call(first, 'GET', `${EVENTS('default')}${selector}`)).items;
    expect(reasons(recorded)).toEqual(['Created']);
    await first.close();

    const second = await startMockServer({ port: 0, controller: false, dataDir: dir });
    expect((await call(second, 'GET', `${EVENTS('default')}${selector}`)).items).toEqual(recorded);
    await second.close();

    // Restarted with a TTL every event kept has outlived (the demo's too): they are gone at once.
    const ttl = 0.5;
    const at = Date.parse(recorded[0]!.eventTime);
    await expect.poll(() => Date.now() - at > ttl * 1000 + 50).toBe(true);
    const third = await startMockServer({ port: 0, controller: false, dataDir: dir, eventTtlSeconds: ttl });
    expect((await call(third, 'GET', '/apis/events.k8s.io/v1/events')).items).toEqual([]);
    await third.close();
  });
});
