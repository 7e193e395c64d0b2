/**
 * The Events API as clients read it: the same event in the events.k8s.io/v1 and core v1 shapes, get, list with
 * limit and continue, field selectors in each API's names, label selectors, watch from a resourceVersion (a new
 * event arriving, bookmarks, 410 Expired on a compacted one), Tables, discovery and OpenAPI, and every client
 * write refused with a Status that says why.
 */
import { describe, expect, it } from 'vitest';
import type { CoreEvent, NodusEvent } from '@/shared/events.ts';
import type { NodusObject, ObjectList, Status } from '@/shared/protocol.ts';
import { JOBS, job, openWatch, status, withMockApi } from './harness.ts';
import { CORE_EVENTS, EVENTS, eventsOf } from './events-client.ts';

const api = withMockApi({ controller: false, bookmarkSeconds: 0.2 });
const still = { annotations: { 'mock.nodus.dev/run-seconds': '100000' } };
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';

const list = async <T>(path: string) => {
  const res = await api.get<ObjectList<T>>(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const names = (items: { metadata: { name?: string } }[]) => items.map((i) => i.metadata.name).sort();
const select = (field: string) => `?fieldSelector=${encodeURIComponent(field)}`;

describe('the two shapes of one event', () => {
  it('serves the same event as events.k8s.io/v1 and as core v1, mapped field for field', async () => {
    await api.post(JOBS, job('shape', {}, still));
    await api.patch(`${JOBS}/shape`, { spec: { maxCostUSD: '50.00' } });
    const [event] = (await eventsOf(api, 'default', 'shape')).filter((e) => e.reason === 'SpecUpdated');
    const name = event!.metadata.name!;
    const one = (await api.get<NodusEvent>(`${EVENTS('default')}/${name}`)).body;
    const core = (await api.get<CoreEvent>(`${CORE_EVENTS('default')}/${name}`)).body;
    expect(one).toEqual(event);
    expect(core).toEqual({
      kind: 'Event',
      apiVersion: 'v1',
      metadata: one.metadata,
      involvedObject: one.regarding,
      reason: one.reason,
      message: one.note,
      source: one.deprecatedSource,
      firstTimestamp: one.deprecatedFirstTimestamp,
      lastTimestamp: one.deprecatedLastTimestamp,
      count: 1,
      type: 'Normal',
      eventTime: one.eventTime,
      action: 'Update',
      reportingComponent: 'nodus.dev/api',
      reportingInstance: one.reportingInstance,
    });
    expect(one).toMatchObject({ deprecatedSource: { component: 'nodus.dev/api' }, deprecatedCount: 1 });
    expect(one.deprecatedFirstTimestamp).toBe(one.eventTime.replace(/\.\d{6}Z$/, 'Z'));
    const coreList = await list<CoreEvent>(`${CORE_EVENTS('default')}${select('involvedObject.name=shape')}`);
    expect(coreList).toMatchObject({ apiVersion: 'v1', kind: 'EventList' });
    expect(coreList.items.map((e) => e.message).sort()).toEqual(
      (await eventsOf(api, 'default', 'shape')).map((e) => e.note).sort(),
    );
  });

  it('answers 404 with a Status for an event that is not there, in either API', async () => {
    for (const path of [`${EVENTS('default')}/nope.1`, `${CORE_EVENTS('default')}/nope.1`]) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(status(res)).toMatchObject({ reason: 'NotFound', fix: expect.stringContaining('kubectl get events') });
    }
    expect((await api.get(`${EVENTS('no-such-project')}`)).status).toBe(404);
  });

  it('answers a list or watch in a project that does not exist with 404 naming it, as lists of objects do', async () => {
    // A deliberate difference from Kubernetes, which lists nothing there (docs/API.md, Reading).
    for (const path of [CORE_EVENTS('no-such-project'), `${CORE_EVENTS('no-such-project')}?watch=true`]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(status(res)).toMatchObject({ reason: 'NotFound', message: 'project "no-such-project" not found' });
    }
  });
});

describe('lists and selectors', () => {
  it('selects on regarding.* in events.k8s.io and involvedObject.* in core, plus reason and type', async () => {
    const created = await api.post<NodusObject>(JOBS, job('sel-a', {}, still));
    await api.post(JOBS, job('sel-b', {}, still));
    await api.patch(`${JOBS}/sel-a`, { spec: { maxCostUSD: '41.00' } });
    const uid = created.body.metadata.uid!;
    const byName = await list<NodusEvent>(`${EVENTS('default')}${select('regarding.name=sel-a')}`);
    expect(byName.items.map((e) => e.reason).sort()).toEqual(['Created', 'SpecUpdated']);
    const byUid = await list<NodusEvent>(`${EVENTS('default')}${select(`regarding.uid=${uid},reason=SpecUpdated`)}`);
    expect(byUid.items).toHaveLength(1);
    const byKind = await list<NodusEvent>(
      `${EVENTS('default')}${select('regarding.kind=Job,regarding.name!=sel-a,reason==Created')}`,
    );
    expect(byKind.items.map((e) => e.regarding.name)).toContain('sel-b');
    expect(byKind.items.map((e) => e.regarding.name)).not.toContain('sel-a');
    // What kubectl describe and kubectl events --for send.
    const describe = select(
      `involvedObject.name=sel-a,involvedObject.namespace=default,involvedObject.kind=Job,involvedObject.uid=${uid}`,
    );
    const core = await list<CoreEvent>(`${CORE_EVENTS('default')}${describe}`);
    expect(core.items.map((e) => e.reason).sort()).toEqual(['Created', 'SpecUpdated']);
    const warnings = await list<NodusEvent>(`${EVENTS('default')}${select('type=Warning')}`);
    expect(warnings.items.every((e) => e.type === 'Warning')).toBe(true);
    const api2 = await list<NodusEvent>(
      `${EVENTS('default')}${select('reportingController=nodus.dev/api,regarding.name=sel-b')}`,
    );
    expect(api2.items.map((e) => e.reason)).toEqual(['Created']);
  });

  it("refuses the other API's field names, naming the one to use, and unknown fields", async () => {
    const wrong = await api.get(`${EVENTS('default')}${select('involvedObject.name=x')}`);
    expect(wrong.status).toBe(400);
    expect(status(wrong).message).toBe('field label not supported: "involvedObject.name"');
    expect(status(wrong).fix).toContain('select on regarding.name here');
    const core = await api.get(`${CORE_EVENTS('default')}${select('regarding.kind=Job')}`);
    expect(status(core).fix).toContain('select on involvedObject.kind here');
    const phase = await api.get(`${EVENTS('default')}${select('status.phase=Running')}`);
    expect(status(phase).fix).toContain('regarding.name');
    // A watch refuses the same selector before it starts.
    expect((await api.get(`${CORE_EVENTS('default')}?watch=true&fieldSelector=note%3Dx`)).status).toBe(400);
  });

  it('takes label selectors (Nodus sets no labels on events)', async () => {
    await api.post(JOBS, job('lbl', {}, still));
    expect((await list(`${EVENTS('default')}?labelSelector=team%3Dnlp`)).items).toEqual([]);
    expect((await list(`${EVENTS('default')}?labelSelector=!team`)).items.length).toBeGreaterThan(0);
  });

  it('pages with limit and continue, one consistent snapshot, in every project too', async () => {
    for (const n of [1, 2, 3, 4, 5]) await api.post(JOBS, job(`page-${n}`, {}, still));
    const all = await list<NodusEvent>(`${EVENTS('default')}`);
    const first = await list<NodusEvent>(`${EVENTS('default')}?limit=4`);
    expect(first.items).toHaveLength(4);
    expect(first.metadata.remainingItemCount).toBe(all.items.length - 4);
    await api.post(JOBS, job('page-late', {}, still));
    const rest = await list<NodusEvent>(
      `${EVENTS('default')}?limit=1000&continue=${encodeURIComponent(first.metadata.continue!)}`,
    );
    expect(names([...first.items, ...rest.items])).toEqual(names(all.items));
    const everywhere = await list<CoreEvent>('/api/v1/events');
    const projects = new Set(everywhere.items.map((e) => e.metadata.namespace));
    expect([...projects]).toEqual(expect.arrayContaining(['default', 'nlp', 'vision', 'platform']));
    expect((await list<NodusEvent>('/apis/events.k8s.io/v1/events')).items).toHaveLength(everywhere.items.length);
  });
});

describe('watching events', () => {
  it('watches from a list’s resourceVersion: a new event arrives ADDED, in each shape', async () => {
    const from = (await list(`${EVENTS('default')}`)).metadata.resourceVersion;
    const w = await openWatch(api, `${EVENTS('default')}?watch=true&resourceVersion=${from}&allowWatchBookmarks=true`);
    const c = await openWatch(
      api,
      `${CORE_EVENTS('default')}${select('involvedObject.name=watched')}&watch=true&resourceVersion=${from}`,
    );
    await api.post(JOBS, job('watched', {}, still));
    const [added] = await w.next(1);
    expect(added).toMatchObject({
      type: 'ADDED',
      object: { apiVersion: 'events.k8s.io/v1', reason: 'Created', regarding: { name: 'watched' } },
    });
    const [core] = await c.next(1);
    expect(core).toMatchObject({
      type: 'ADDED',
      object: { apiVersion: 'v1', reason: 'Created', involvedObject: { name: 'watched' } },
    });
    // Bookmarks come with the events' own kind and apiVersion.
    await expect.poll(() => w.events.some((e) => e.type === 'BOOKMARK'), { timeout: 5_000 }).toBe(true);
    expect(w.events.find((e) => e.type === 'BOOKMARK')?.object).toMatchObject({
      kind: 'Event',
      apiVersion: 'events.k8s.io/v1',
    });
    w.close();
    c.close();
  });

  it('answers 410 Expired to a watch from a resourceVersion older than the kept history', async () => {
    const old = (await list(`${EVENTS('default')}`)).metadata.resourceVersion;
    await api.post(JOBS, job('compacted', {}, still));
    expect((await api.post('/_mock/compact', {})).status).toBe(200);
    const w = await openWatch(api, `${CORE_EVENTS('default')}?watch=true&resourceVersion=${old}`);
    const [error] = await w.next(1);
    await w.ended;
    expect(error).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
  });
});

describe('Tables, discovery and OpenAPI', () => {
  it('prints LAST SEEN, TYPE, REASON, OBJECT and MESSAGE like a cluster, and the wide columns', async () => {
    await api.post(JOBS, job('printed', {}, still));
    const res = await api.get<{
      columnDefinitions: { name: string; priority: number }[];
      rows: { cells: unknown[]; object: NodusObject }[];
    }>(`${CORE_EVENTS('default')}${select('involvedObject.name=printed')}&includeObject=Object`, {
      headers: { Accept: TABLE },
    });
    expect(res.headers.get('content-type')).toContain('as=Table');
    const columns = res.body.columnDefinitions;
    expect(columns.filter((c) => c.priority === 0).map((c) => c.name)).toEqual([
      'Last Seen',
      'Type',
      'Reason',
      'Object',
      'Message',
    ]);
    expect(columns.filter((c) => c.priority === 1).map((c) => c.name)).toEqual([
      'Subobject',
      'Source',
      'First Seen',
      'Count',
      'Name',
    ]);
    const [row] = res.body.rows;
    expect(row!.cells).toEqual([
      expect.stringMatching(/^\d+s$/),
      'Normal',
      'Created',
      'job/printed',
      '',
      expect.stringMatching(/^nodus\.dev\/api, /),
      'Created by demo-user through the API',
      expect.stringMatching(/^\d+s$/),
      1,
      expect.stringMatching(/^printed\./),
    ]);
    // The core API's rows carry the core shape.
    expect(row!.object).toMatchObject({ apiVersion: 'v1', involvedObject: { name: 'printed' } });
  });

  it('lists events in /api/v1, the events.k8s.io group in /apis and aggregated discovery, read-only', async () => {
    const core = await api.get<{ resources: { name: string; verbs: string[]; shortNames?: string[] }[] }>('/api/v1');
    expect(core.body.resources.find((r) => r.name === 'events')).toMatchObject({
      kind: 'Event',
      namespaced: true,
      verbs: ['get', 'list', 'watch'],
      shortNames: ['ev'],
    });
    const group = await api.get<{ resources: unknown[] }>('/apis/events.k8s.io/v1');
    expect(group.body.resources).toEqual([
      expect.objectContaining({ name: 'events', kind: 'Event', verbs: ['get', 'list', 'watch'] }),
    ]);
    expect((await api.get('/apis/events.k8s.io')).body).toMatchObject({ kind: 'APIGroup', name: 'events.k8s.io' });
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    type Aggregated = { items: { metadata: { name?: string }; versions: { resources: { resource: string }[] }[] }[] };
    const apis = await api.get<Aggregated>('/apis', { headers: { Accept: accept } });
    expect(apis.body.items.find((i) => i.metadata.name === 'events.k8s.io')?.versions[0]?.resources[0]?.resource).toBe(
      'events',
    );
    const legacy = await api.get<Aggregated>('/api', { headers: { Accept: accept } });
    expect(legacy.body.items[0]!.versions[0]!.resources.map((r) => r.resource)).toEqual(['namespaces', 'events']);
  });

  it('publishes a real schema for both shapes in OpenAPI v3', async () => {
    const index = await api.get<{ paths: Record<string, { serverRelativeURL: string }> }>('/openapi/v3');
    const url = index.body.paths['apis/events.k8s.io/v1']!.serverRelativeURL;
    type Doc = {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const doc = (await api.get<Doc>(url)).body;
    expect(Object.keys(doc.paths)).toEqual([
      '/apis/events.k8s.io/v1/namespaces/{namespace}/events',
      '/apis/events.k8s.io/v1/namespaces/{namespace}/events/{name}',
      '/apis/events.k8s.io/v1/events',
    ]);
    expect(Object.keys(doc.components.schemas['io.k8s.api.events.v1.Event']!.properties)).toEqual(
      expect.arrayContaining(['regarding', 'note', 'reportingController', 'series', 'eventTime', 'deprecatedCount']),
    );
    const core = (await api.get<Doc>(index.body.paths['api/v1']!.serverRelativeURL)).body;
    expect(Object.keys(core.components.schemas['io.k8s.api.core.v1.Event']!.properties)).toEqual(
      expect.arrayContaining([
        'involvedObject',
        'message',
        'reportingComponent',
        'count',
        'firstTimestamp',
        'lastTimestamp',
      ]),
    );
    expect(core.paths).toHaveProperty(['/api/v1/namespaces/{namespace}/events']);
  });
});

describe('events are written by Nodus only', () => {
  const event = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'mine' },
    reason: 'Mine',
    note: 'x',
  };

  it('refuses create, update, patch and delete by clients with 405 and a Status that says what to do', async () => {
    const tries: [string, string][] = [
      ['POST', EVENTS('default')],
      ['POST', CORE_EVENTS('default')],
      ['PUT', `${EVENTS('default')}/mine`],
      ['PATCH', `${CORE_EVENTS('default')}/mine`],
      ['DELETE', `${EVENTS('default')}/mine`],
      ['DELETE', CORE_EVENTS('default')],
      ['POST', '/api/v1/events'],
      ['DELETE', '/apis/events.k8s.io/v1/events'],
    ];
    for (const [method, path] of tries) {
      const res = await api.call<Status>(method, path, { body: event });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.body).toMatchObject({
        kind: 'Status',
        reason: 'MethodNotAllowed',
        message: expect.stringContaining('Events are written by Nodus only'),
        fix: expect.stringContaining('set an annotation on it'),
        requestId: res.headers.get('x-request-id'),
      });
    }
    expect((await list(`${EVENTS('default')}${select('reason=Mine')}`)).items).toEqual([]);
  });
});
