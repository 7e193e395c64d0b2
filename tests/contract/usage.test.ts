/**
 * The usage API (usage.nodus.dev/v1): a UsageReport per project or across all, answered from the ledger of
 * charges; the demo's history, live charges, the burn rate, reconciliation with Budgets and with each object's
 * costUSD, durability, and a 400 naming the parameter for every bad one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject, type Status } from '@/shared/protocol.ts';
import { formatMoney, parseMoney } from '@/mock/money.ts';
import { startMockServer } from '@/mock/server.ts';
import { job, withMockApi } from './harness.ts';

const api = withMockApi({ speed: 400, finalizeSeconds: 0.1 });
const USAGE = '/apis/usage.nodus.dev/v1';
const usageOf = (project: string, query = '') => `${USAGE}/namespaces/${project}/usage${query ? `?${query}` : ''}`;
const H100x8 = { resources: { cpu: 32, memoryGiB: 256, gpu: { type: 'H100', count: 8 } } };

interface Point {
  start: string;
  costUSD: string;
}
interface Report {
  apiVersion: string;
  kind: string;
  metadata: { namespace?: string };
  spec: Record<string, unknown>;
  status: {
    asOf: string;
    totalUSD: string;
    burnRateUSDPerHour: string;
    series: { key: Record<string, unknown>; totalUSD: string; points: Point[] }[];
    top: {
      object: { kind: string; name: string; uid: string };
      createdBy: string;
      costUSD: string;
      rateUSDPerHour: string;
      deleted?: boolean;
    }[];
    budget?: { name: string; spentUSD: string; limitUSD: string; forecastUSD: string; periodStart: string };
  };
}

const sum = (values: string[]) => formatMoney(values.reduce((n, v) => n + parseMoney(v), 0n));

async function report(path: string): Promise<Report> {
  const res = await api.get<Report>(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function object(path: string): Promise<NodusObject> {
  return (await api.get<NodusObject>(path)).body;
}

async function newProject(name: string): Promise<void> {
  expect((await api.post('/api/v1/namespaces', { metadata: { name } })).status).toBe(201);
}

describe('the usage group in discovery', () => {
  it('is listed in /apis, in its group version and in aggregated discovery, read-only', async () => {
    const groups = await api.get<{ groups: { name: string }[] }>('/apis');
    expect(groups.body.groups.map((g) => g.name)).toContain('usage.nodus.dev');
    const resources = await api.get<{ resources: unknown[] }>(`${USAGE}`);
    expect(resources.body.resources).toEqual([
      { name: 'usage', singularName: 'usage', namespaced: true, kind: 'UsageReport', verbs: ['get'] },
    ]);
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    const aggregated = await api.get<{ items: { metadata: { name: string }; versions: { resources: unknown[] }[] }[] }>(
      '/apis',
      { headers: { Accept: accept } },
    );
    const usage = aggregated.body.items.find((i) => i.metadata.name === 'usage.nodus.dev');
    expect(usage?.versions[0]?.resources[0]).toMatchObject({
      resource: 'usage',
      responseKind: { group: 'usage.nodus.dev', version: 'v1', kind: 'UsageReport' },
      verbs: ['get'],
    });
    expect((await api.get('/apis/usage.nodus.dev')).body).toMatchObject({ kind: 'APIGroup', name: 'usage.nodus.dev' });
  });
});

describe('the demo history', () => {
  it.each(['kind', 'label:team', 'object', 'none'])(
    'answers groupBy=%s over each window, adding up',
    async (groupBy) => {
      for (const [window, points] of [
        ['24h', 24],
        ['7d', 7],
        ['30d', 30],
        ['7d&step=1h', 168],
      ] as const) {
        const r = await report(usageOf('nlp', `window=${window}&groupBy=${groupBy}`));
        expect(r).toMatchObject({
          apiVersion: 'usage.nodus.dev/v1',
          kind: 'UsageReport',
          metadata: { namespace: 'nlp' },
        });
        expect(r.spec).toMatchObject({ window: window.split('&')[0], groupBy });
        expect(r.status.series.length).toBeGreaterThan(0);
        for (const series of r.status.series) {
          expect(series.points).toHaveLength(points);
          expect(sum(series.points.map((p) => p.costUSD))).toBe(series.totalUSD);
        }
        expect(sum(r.status.series.map((s) => s.totalUSD))).toBe(r.status.totalUSD);
        expect(r.status.top.length).toBeGreaterThan(0);
      }
    },
  );

  it('has 30 days of spend, with runs that exist only in history and "(none)" for objects without the label', async () => {
    const r = await report(usageOf('default', 'window=30d&groupBy=label:schedule'));
    const days = r.status.series.flatMap((s) => s.points).filter((p) => p.costUSD !== '0.00');
    expect(new Set(days.map((p) => p.start)).size).toBeGreaterThanOrEqual(29);
    expect(r.status.series.map((s) => s.key)).toEqual(
      expect.arrayContaining([
        { label: { key: 'schedule', value: 'nightly' } },
        { label: { key: 'schedule', value: '(none)' } },
      ]),
    );
    const objects = await report(usageOf('default', 'window=30d&groupBy=object&maxSeries=100'));
    const names = objects.status.series.map((s) => (s.key.object as { name: string }).name);
    expect(names.some((n) => n.startsWith('etl-nightly-'))).toBe(true);
    const jobs = (await api.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/namespaces/default/jobs')).body.items;
    expect(jobs.some((j) => j.metadata.name?.startsWith('etl-nightly-'))).toBe(false);
  });

  it('reconciles: each Budget period with status.spentUSD, each object with its costUSD, all with each project', async () => {
    const server = await startMockServer({ port: 0, controller: false });
    try {
      const get = async <T>(path: string) =>
        (await (
          await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } })
        ).json()) as T;
      for (const project of ['default', 'nlp', 'vision', 'platform']) {
        const budgets = await get<{ items: NodusObject[] }>(`/apis/nodus.dev/v1/namespaces/${project}/budgets`);
        for (const budget of budgets.items) {
          const r = await get<Report>(usageOf(project, `window=90d&budget=${budget.metadata.name}`));
          expect(r.status.budget?.spentUSD, `${project}/${budget.metadata.name}`).toBe(budget.status?.spentUSD);
          expect(r.status.budget?.periodStart).toBe(budget.status?.periodStart);
        }
        for (const plural of ['jobs', 'sandboxes', 'functions', 'volumes', 'pipelines']) {
          const list = await get<{ items: NodusObject[] }>(`/apis/nodus.dev/v1/namespaces/${project}/${plural}`);
          for (const obj of list.items) {
            const r = await get<Report>(usageOf(project, `window=90d&object=${obj.kind}/${obj.metadata.name}`));
            expect(r.status.totalUSD, `${project}/${obj.kind}/${obj.metadata.name}`).toBe(
              formatMoney(parseMoney(String(obj.status?.costUSD ?? '0.00'))),
            );
          }
        }
      }
      // Across all projects, grouped by project: the sum of the projects' reports.
      const all = await get<Report>(`${USAGE}/usage?window=30d&groupBy=project`);
      expect(all.metadata).toEqual({});
      const projects = all.status.series.map((s) => String(s.key.project));
      expect(projects).toEqual(expect.arrayContaining(['default', 'nlp', 'vision', 'platform']));
      const each = await Promise.all(projects.map((p) => get<Report>(usageOf(p))));
      expect(all.status.totalUSD).toBe(sum(each.map((r) => r.status.totalUSD)));
    } finally {
      await server.close();
    }
  });
});

describe('live charges', () => {
  it('moves the series and the total as a Job is charged, and adds up with its Budget and costUSD', async () => {
    await newProject('usage-live');
    const budgets = '/apis/nodus.dev/v1/namespaces/usage-live/budgets';
    await api.post(budgets, { metadata: { name: 'cap' }, spec: { limitUSD: '1000.00' } });
    const before = await report(usageOf('usage-live', 'window=24h'));
    expect(before.status.totalUSD).toBe('0.00');
    const jobs = '/apis/nodus.dev/v1/namespaces/usage-live/jobs';
    const run = { annotations: { 'mock.nodus.dev/run-seconds': '600', 'mock.nodus.dev/outcome': 'Succeeded' } };
    expect((await api.post(jobs, job('burst', { ...H100x8, maxCostUSD: '100.00' }, run))).status).toBe(201);
    await expect.poll(async () => (await object(`${jobs}/burst`)).status?.phase, { timeout: 20_000 }).toBe('Succeeded');
    const done = await object(`${jobs}/burst`);
    const after = await report(usageOf('usage-live', 'window=24h&groupBy=object'));
    expect(after.status.totalUSD).toBe(done.status?.costUSD);
    expect(parseMoney(after.status.totalUSD)).toBeGreaterThan(0n);
    expect(after.status.series[0]!.key).toEqual({ object: { kind: 'Job', name: 'burst', uid: done.metadata.uid } });
    expect(after.status.top[0]).toMatchObject({
      createdBy: 'demo-user',
      costUSD: done.status?.costUSD,
      rateUSDPerHour: '0.00',
    });
    const budget = await object(`${budgets}/cap`);
    const byBudget = await report(usageOf('usage-live', 'window=24h&budget=cap'));
    // Nothing runs any more, so the period is forecast to end where it stands.
    expect(byBudget.status.budget).toMatchObject({
      name: 'cap',
      spentUSD: budget.status?.spentUSD,
      limitUSD: '1000.00',
      forecastUSD: budget.status?.spentUSD,
    });
    expect(budget.status?.spentUSD).toBe(done.status?.costUSD);
    expect(after.status.top[0]!.deleted).toBeUndefined();

    // Its spend stays in the ledger once it is deleted, marked so that no client links to it.
    expect((await api.del(`${jobs}/burst`)).status).toBeLessThan(300);
    await expect.poll(async () => (await api.get(`${jobs}/burst`)).status, { timeout: 20_000 }).toBe(404);
    const gone = await report(usageOf('usage-live', 'window=24h&groupBy=object'));
    expect(gone.status.top[0]).toMatchObject({ costUSD: done.status?.costUSD, deleted: true });
  });

  it('has a burn rate that follows a launch and a stop', async () => {
    await newProject('usage-burn');
    const sandboxes = '/apis/nodus.dev/v1/namespaces/usage-burn/sandboxes';
    expect((await report(usageOf('usage-burn'))).status.burnRateUSDPerHour).toBe('0.00');
    const spec = {
      image: 'nodus/python:3.12',
      resources: { cpu: 4, memoryGiB: 8, gpu: { type: 'L4', count: 1 } },
      maxCostUSD: '500.00',
    };
    await api.post(sandboxes, { apiVersion: 'nodus.dev/v1', kind: 'Sandbox', metadata: { name: 'box' }, spec });
    await expect
      .poll(async () => (await object(`${sandboxes}/box`)).status?.phase, { timeout: 15_000 })
      .toBe('Running');
    const running = await object(`${sandboxes}/box`);
    const rate = String(running.status?.rateUSDPerHour ?? running.status?.estimate?.rateUSDPerHour);
    await expect.poll(async () => (await report(usageOf('usage-burn'))).status.burnRateUSDPerHour).toBe(rate);
    // A Budget's forecast adds what runs now, at its rate, until the period ends (30 days for a Monthly one).
    await api.post('/apis/nodus.dev/v1/namespaces/usage-burn/budgets', {
      metadata: { name: 'b' },
      spec: { limitUSD: '9000.00' },
    });
    const forecast = (await report(usageOf('usage-burn', 'budget=b'))).status.budget!;
    const ahead = parseMoney(forecast.forecastUSD) - parseMoney(forecast.spentUSD);
    expect(ahead).toBeGreaterThan(parseMoney(rate) * 719n);
    expect(ahead).toBeLessThanOrEqual(parseMoney(rate) * 720n);
    await api.patch(`${sandboxes}/box`, { spec: { state: 'Stopped' } });
    await expect
      .poll(async () => (await report(usageOf('usage-burn'))).status.burnRateUSDPerHour, { timeout: 15_000 })
      .toBe('0.00');
  });
});

describe('/_mock/seed with historyDays', () => {
  it('gives seeded objects days of history that add up to their costUSD', async () => {
    const seeded = await api.post('/_mock/seed', { project: 'usage-bulk', kind: 'Job', count: 50, historyDays: 30 });
    expect(seeded.status).toBe(201);
    const r = await report(usageOf('usage-bulk', 'window=30d&step=1d&groupBy=label:shard'));
    expect(r.status.series).toHaveLength(10);
    expect(r.status.series[0]!.points.every((p) => p.costUSD !== '0.00')).toBe(true);
    const jobs = (await api.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/namespaces/usage-bulk/jobs')).body.items;
    expect(r.status.totalUSD).toBe(sum(jobs.map((j) => String(j.status?.costUSD))));
    const bad = await api.post('/_mock/seed', { project: 'usage-bulk', kind: 'Budget', count: 1, historyDays: 3 });
    expect(bad.status).toBe(422);
    expect((bad.body as unknown as Status).details?.causes?.[0]?.field).toBe('historyDays');
  });

  it('gives seeded running objects their hourly rate, which the burn rate sums', async () => {
    expect((await api.post('/_mock/seed', { project: 'usage-rates', kind: 'Job', count: 10 })).status).toBe(201);
    const jobs = (await api.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/namespaces/usage-rates/jobs')).body.items;
    const running = jobs.filter((j) => j.status?.phase === 'Running');
    expect(running.length).toBeGreaterThan(0);
    for (const j of running) expect(parseMoney(String(j.status?.rateUSDPerHour))).toBeGreaterThan(0n);
    for (const j of jobs.filter((o) => o.status?.phase !== 'Running')) expect(j.status?.rateUSDPerHour).toBeUndefined();
    const r = await report(usageOf('usage-rates', 'window=24h'));
    expect(r.status.burnRateUSDPerHour).toBe(sum(running.map((j) => String(j.status?.rateUSDPerHour))));
  });
});

describe('errors', () => {
  it.each([
    ['window=13x', 'window'],
    ['window=120d', 'window'],
    ['window=2026-11-02T00:00:00Z/2026-11-01T00:00:00Z', 'window'],
    ['step=7h', 'step'],
    ['window=60d&step=1h', 'step'],
    ['groupBy=teams', 'groupBy'],
    ['groupBy=project', 'groupBy'],
    ['groupBy=label:%20x', 'groupBy'],
    ['object=Job', 'object'],
    ['maxSeries=1000', 'maxSeries'],
  ])('answers %s with 400 BadRequest naming %s, with a fix', async (query, param) => {
    const res = await api.get<Status>(usageOf('default', query));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
    expect(res.body.details?.causes?.[0]?.field).toBe(param);
    expect(res.body.message).toContain(`${param}=`);
    expect((res.body as Status & { fix: string }).fix).toMatch(/Send|Use|Ask|Put/);
  });

  it('refuses a Budget or an object across all projects', async () => {
    for (const [query, param] of [
      ['budget=monthly', 'budget'],
      ['object=Job/train-a', 'object'],
    ]) {
      const res = await api.get<Status>(`${USAGE}/usage?${query}`);
      expect([res.status, res.body.details?.causes?.[0]?.field]).toEqual([400, param]);
    }
  });

  it('answers 404 for an unknown project or Budget, and for paths it does not serve', async () => {
    expect((await api.get<Status>(usageOf('no-such-project'))).body).toMatchObject({ code: 404, reason: 'NotFound' });
    expect((await api.get<Status>(usageOf('default', 'budget=nope'))).body).toMatchObject({
      code: 404,
      reason: 'NotFound',
    });
    expect((await api.get(`${USAGE}/namespaces/default/usage/extra`)).status).toBe(404);
    expect((await api.get('/apis/usage.nodus.dev/v2')).status).toBe(404);
  });

  it('is read-only: any other method gets 405 with a Status', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await api.call<Status>(method, usageOf('default'), { body: {} });
      expect(res.status, method).toBe(405);
      expect(res.body).toMatchObject({ kind: 'Status', reason: 'MethodNotAllowed' });
    }
    expect((await api.call<Status>('DELETE', `${USAGE}/usage`)).status).toBe(405);
    expect((await api.call<Status>('POST', USAGE)).status).toBe(405);
    expect((await api.call<Status>('POST', `${USAGE}/namespaces/default/usage/x`)).status).toBe(404);
  });
});

describe('durability', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps the ledger across a restart with NODUS_MOCK_DATA, live charges included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nodus-usage-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const call = async <T>(base: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as T;
    };
    const first = await startMockServer({ port: 0, dataDir, speed: 400, finalizeSeconds: 0.1 });
    const jobs = '/apis/nodus.dev/v1/namespaces/default/jobs';
    await call(
      first.url,
      'POST',
      jobs,
      job(
        'kept',
        { ...H100x8, maxCostUSD: '100.00' },
        { annotations: { 'mock.nodus.dev/run-seconds': '300', 'mock.nodus.dev/outcome': 'Succeeded' } },
      ),
    );
    await expect
      .poll(async () => (await call<NodusObject>(first.url, 'GET', `${jobs}/kept`)).status?.phase, { timeout: 20_000 })
      .toBe('Succeeded');
    const query = usageOf('default', 'window=30d&groupBy=object&maxSeries=100&object=Job/kept');
    const kept = await call<Report>(first.url, 'GET', query);
    expect(kept.status.totalUSD).toBe((await call<NodusObject>(first.url, 'GET', `${jobs}/kept`)).status?.costUSD);
    // Days before today: the demo's running objects keep adding to today's.
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const past = usageOf(
      'nlp',
      `window=${new Date(today - 30 * 86_400_000).toISOString()}/${new Date(today).toISOString()}&groupBy=kind`,
    );
    const history = await call<Report>(first.url, 'GET', past);
    expect(parseMoney(history.status.totalUSD)).toBeGreaterThan(0n);
    await first.close();
    const second = await startMockServer({ port: 0, dataDir, controller: false });
    try {
      expect((await call<Report>(second.url, 'GET', query)).status.series).toEqual(kept.status.series);
      expect((await call<Report>(second.url, 'GET', past)).status.series).toEqual(history.status.series);
    } finally {
      await second.close();
    }
  }, 60_000);
});
