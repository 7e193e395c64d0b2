/**
 * Server-side Tables and aggregated discovery over HTTP, as kubectl asks for them (the Accept headers below are
 * the ones kubectl 1.32 sends), and the AGE strings against Kubernetes' own.
 */
import { describe, expect, it } from 'vitest';
import { JOBS, job, openWatch, withMockApi } from '../contract/harness.ts';
import { humanDuration, type Table } from '@/mock/routes/table.ts';

const api = withMockApi({ controller: false });

const TABLE =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const DISCOVERY =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

function names(table: Table): string[] {
  return table.columnDefinitions!.map((c) => c.name);
}

describe('Tables for kubectl get', () => {
  it("lists as a Table with Name, the kind's columns and Age, and PartialObjectMetadata rows", async () => {
    const res = await api.get<Table>(JOBS, { headers: { Accept: TABLE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(res.body).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
    expect(names(res.body)).toEqual(['Name', 'Phase', 'GPU', 'GPUs', 'Cost', 'Max', 'State', 'Age']);
    expect(res.body.columnDefinitions!.find((c) => c.name === 'Max')!.priority).toBe(1);
    const train = res.body.rows.find((r) => r.cells[0] === 'train-a')!;
    expect(train.cells).toEqual(['train-a', 'Running', '', 0, '3.12', '40.00', 'Running', '42m']);
    expect(train.object).toMatchObject({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { name: 'train-a', namespace: 'default' },
    });
    expect(train.object).not.toHaveProperty('spec');
    expect(res.body.metadata.resourceVersion).toMatch(/^\d+$/);
  });

  it("prints every value the console's columns show: GPUs of a Sandbox and a Function, and spec.state", async () => {
    const base = '/apis/nodus.dev/v1/namespaces/default';
    const gpu = { cpu: 4, memoryGiB: 16, gpu: { type: 'L4', count: 2 } };
    const made = await Promise.all([
      api.post(`${base}/sandboxes`, {
        apiVersion: 'nodus.dev/v1',
        kind: 'Sandbox',
        metadata: { name: 'printed' },
        spec: { image: 'nodus/pytorch:2.8-cuda12.8', resources: gpu, state: 'Stopped' },
      }),
      api.post(`${base}/functions`, {
        apiVersion: 'nodus.dev/v1',
        kind: 'Function',
        metadata: { name: 'printed' },
        spec: { image: 'nodus/node:22', resources: gpu, maxCostUSD: '100.00' },
      }),
    ]);
    expect(made.map((r) => r.status)).toEqual([201, 201]);
    const cellsOf = async (plural: string) => {
      const table = (await api.get<Table>(`${base}/${plural}/printed`, { headers: { Accept: TABLE } })).body;
      return Object.fromEntries(names(table).map((name, i) => [name, table.rows[0]!.cells[i]]));
    };
    expect(await cellsOf('sandboxes')).toMatchObject({ GPU: 'L4', GPUs: 2, State: 'Stopped' });
    expect(await cellsOf('functions')).toMatchObject({ GPU: 'L4', GPUs: 2, State: 'Running', Max: '100.00' });
    const images = (await api.get<Table>('/apis/nodus.dev/v1/namespaces/nodus/images', { headers: { Accept: TABLE } }))
      .body;
    expect(names(images)).not.toContain('State');
  });

  it('honours includeObject, pages with continue, and refuses an unknown includeObject', async () => {
    const full = await api.get<Table>(`${JOBS}?includeObject=Object&limit=1`, { headers: { Accept: TABLE } });
    expect(full.body.rows).toHaveLength(1);
    expect(full.body.rows[0]!.object).toMatchObject({ kind: 'Job', spec: {} });
    expect(full.body.metadata.continue).toBeTruthy();
    const none = await api.get<Table>(`${JOBS}?includeObject=None`, { headers: { Accept: TABLE } });
    expect(none.body.rows[0]).not.toHaveProperty('object');
    const bad = await api.get(`${JOBS}?includeObject=All`, { headers: { Accept: TABLE } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ reason: 'BadRequest', message: expect.stringContaining('includeObject') });
  });

  it('gets one object as a one-row Table, answers v1beta1 when only that is asked, and plain JSON otherwise', async () => {
    const one = await api.get<Table>(`${JOBS}/train-a`, { headers: { Accept: TABLE } });
    expect(one.body.rows).toHaveLength(1);
    expect(one.body.rows[0]!.cells[0]).toBe('train-a');
    const beta = await api.get<Table>(`${JOBS}/train-a`, {
      headers: { Accept: 'application/json;as=Table;v=v1beta1;g=meta.k8s.io' },
    });
    expect(beta.body.apiVersion).toBe('meta.k8s.io/v1beta1');
    const plain = await api.get(`${JOBS}/train-a`, { headers: { Accept: 'application/json' } });
    expect(plain.body).toMatchObject({ kind: 'Job' });
    expect(plain.headers.get('content-type')).toBe('application/json');
  });

  it('gives namespaces a Table with Status', async () => {
    const res = await api.get<Table>('/api/v1/namespaces', { headers: { Accept: TABLE } });
    expect(names(res.body)).toEqual(['Name', 'Status', 'Age']);
    expect(res.body.rows.find((r) => r.cells[0] === 'nlp')!.cells[1]).toBe('Active');
    const one = await api.get<Table>('/api/v1/namespaces/nodus', { headers: { Accept: TABLE } });
    expect(one.body.rows.map((r) => r.cells.slice(0, 2))).toEqual([['nodus', 'Active']]);
  });

  it('sends watch events as one-row Tables, with the column definitions in the first only', async () => {
    const list = await api.get<Table>(JOBS, { headers: { Accept: TABLE } });
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`, {
      Accept: TABLE,
    });
    try {
      await api.post(JOBS, job('tabled'));
      await api.patch(`${JOBS}/tabled`, { spec: { maxCostUSD: '50.00' } });
      const [added, modified] = await watch.next(2);
      const first = added!.object as unknown as Table;
      const second = modified!.object as unknown as Table;
      expect(added!.type).toBe('ADDED');
      expect(first).toMatchObject({ kind: 'Table', rows: [{ cells: expect.arrayContaining(['tabled']) }] });
      expect(names(first)).toContain('Phase');
      expect(second.columnDefinitions).toBeUndefined();
      expect(second.rows[0]!.cells).toContain('50.00');
    } finally {
      watch.close();
    }
  });
});

describe('aggregated discovery', () => {
  it('answers /apis and /api as APIGroupDiscoveryList with the content type client-go checks', async () => {
    const apis = await api.get<{
      kind: string;
      items: {
        metadata: { name: string };
        versions: {
          version: string;
          resources: { resource: string; scope: string; subresources: { subresource: string }[] }[];
        }[];
      }[];
    }>('/apis', { headers: { Accept: DISCOVERY } });
    expect(apis.headers.get('content-type')).toBe(
      'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
    );
    expect(apis.body.kind).toBe('APIGroupDiscoveryList');
    const v1 = apis.body.items[0]!.versions[0]!;
    expect(apis.body.items[0]!.metadata.name).toBe('nodus.dev');
    expect(v1.resources.map((r) => r.resource)).toEqual(
      expect.arrayContaining(['jobs', 'sandboxes', 'functions', 'volumes', 'budgets', 'pipelines', 'images']),
    );
    const jobs = v1.resources.find((r) => r.resource === 'jobs')!;
    expect(jobs).toMatchObject({
      scope: 'Namespaced',
      responseKind: { group: 'nodus.dev', version: 'v1', kind: 'Job' },
      shortNames: ['nj'],
    });
    expect(jobs.subresources.map((s) => s.subresource)).toEqual(['status', 'log']);
    const core = await api.get<{ items: { versions: { resources: { resource: string; scope: string }[] }[] }[] }>(
      '/api',
      { headers: { Accept: DISCOVERY } },
    );
    expect(core.body.items[0]!.versions[0]!.resources[0]).toMatchObject({ resource: 'namespaces', scope: 'Cluster' });
  });

  it('keeps the legacy documents for clients that do not ask, and answers v2beta1 to older ones', async () => {
    expect((await api.get('/apis')).body.kind).toBe('APIGroupList');
    expect((await api.get('/api')).body.kind).toBe('APIVersions');
    const beta = await api.get('/apis', {
      headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList' },
    });
    expect(beta.headers.get('content-type')).toBe(
      'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList',
    );
    expect(beta.body.apiVersion).toBe('apidiscovery.k8s.io/v2beta1');
  });
});

describe('humanDuration', () => {
  it("matches Kubernetes' AGE strings", () => {
    const s = 1000;
    const cases: [number, string][] = [
      [-5 * s, '<invalid>'],
      [-1.5 * s, '0s'],
      [0, '0s'],
      [119 * s, '119s'],
      [120 * s, '2m'],
      [125 * s, '2m5s'],
      [10 * 60 * s, '10m'],
      [179 * 60 * s, '179m'],
      [3 * 3600 * s, '3h'],
      [(3 * 3600 + 10 * 60) * s, '3h10m'],
      [8 * 3600 * s, '8h'],
      [47 * 3600 * s, '47h'],
      [48 * 3600 * s, '2d'],
      [(3 * 24 + 5) * 3600 * s, '3d5h'],
      [8 * 24 * 3600 * s, '8d'],
      [729 * 24 * 3600 * s, '729d'],
      [730 * 24 * 3600 * s, '2y'],
      [731 * 24 * 3600 * s, '2y1d'],
      [9 * 365 * 24 * 3600 * s, '9y'],
    ];
    for (const [ms, text] of cases) expect([ms, humanDuration(ms)]).toEqual([ms, text]);
  });
});
