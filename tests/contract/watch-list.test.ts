/**
 * Streaming lists (`watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`), as kube-apiserver serves
 * them: the state as ADDED events, one bookmark annotated `k8s.io/initial-events-end` at the version they stand
 * at, then every change after it on the same connection. What is refused, and with which Status.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList, Status, WatchEvent } from '@/shared/protocol.ts';
import { job, openWatch, status, withMockApi } from './harness.ts';

const api = withMockApi({ bookmarkSeconds: 0 });
const STREAM = 'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true';
const TABLE = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const jobsOf = (project: string) => `/apis/nodus.dev/v1/namespaces/${project}/jobs`;
const meta = (event: WatchEvent) => (event.object as NodusObject).metadata;
const isEnd = (event: WatchEvent) =>
  event.type === 'BOOKMARK' && meta(event).annotations?.['k8s.io/initial-events-end'] === 'true';

async function seed(project: string, count: number): Promise<void> {
  expect((await api.post('/_mock/seed', { project, kind: 'Job', count })).status).toBe(201);
}

/** Events until the one that ends the initial state (included). */
async function untilEnd(watch: Awaited<ReturnType<typeof openWatch>>, timeoutMs = 20_000): Promise<WatchEvent[]> {
  for (;;) {
    const end = watch.events.findIndex(isEnd);
    if (end >= 0) return watch.events.slice(0, end + 1);
    await watch.next(watch.events.length + 1, timeoutMs);
  }
}

describe('a streaming list (sendInitialEvents)', () => {
  it('sends the state in the list’s order, a bookmark at its version, then what changes after it', async () => {
    await seed('streamed', 1200);
    const list = (await api.get<ObjectList>(`${jobsOf('streamed')}?limit=1000`)).body;
    const watch = await openWatch(
      api,
      `${jobsOf('streamed')}?${STREAM}&resourceVersion=${list.metadata.resourceVersion}`,
    );
    const initial = await untilEnd(watch);
    const added = initial.slice(0, -1);
    expect(added.every((e) => e.type === 'ADDED')).toBe(true);
    expect(added).toHaveLength(1200);
    expect(added.slice(0, 1000).map((e) => meta(e).name)).toEqual(list.items.map((o) => o.metadata.name));
    const end = meta(initial.at(-1)!);
    expect(Number(end.resourceVersion)).toBeGreaterThanOrEqual(Number(list.metadata.resourceVersion));
    expect(Math.max(...added.map((e) => Number(meta(e).resourceVersion)))).toBeLessThanOrEqual(
      Number(end.resourceVersion),
    );

    await api.post(jobsOf('streamed'), job('after-the-state'));
    const [next] = (await watch.next(initial.length + 1)).slice(initial.length);
    watch.close();
    expect(next!.type).toBe('ADDED');
    expect(meta(next!).name).toBe('after-the-state');
    expect(Number(meta(next!).resourceVersion)).toBeGreaterThan(Number(end.resourceVersion));
  });

  it('loses no change made while the state streams: each object comes once, in the state or after it', async () => {
    await seed('busy', 5000);
    const watch = await openWatch(api, `${jobsOf('busy')}?${STREAM}`);
    const created = Promise.all([0, 1, 2, 3, 4].map((i) => api.post(jobsOf('busy'), job(`meanwhile-${i}`))));
    const initial = await untilEnd(watch);
    await created;
    const names = initial.filter((e) => e.type === 'ADDED').map((e) => meta(e).name!);
    const late = 5 - names.filter((n) => n.startsWith('meanwhile-')).length;
    const after = (await watch.next(initial.length + late)).slice(initial.length);
    watch.close();
    const all = [...names, ...after.map((e) => meta(e).name!)];
    expect(all.filter((n) => n.startsWith('meanwhile-')).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `meanwhile-${i}`));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(5005);
  });

  it('sends rows when asked for a Table, and only what the selectors choose', async () => {
    await seed('rows', 40);
    const watch = await openWatch(
      api,
      `${jobsOf('rows')}?${STREAM}&labelSelector=shard%3D3&includeObject=Metadata`,
      TABLE,
    );
    const initial = await untilEnd(watch);
    watch.close();
    const rows = initial.slice(0, -1).map((e) => (e.object as unknown as { rows: { object: NodusObject }[] }).rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.length === 1 && r[0]!.object.metadata.labels?.shard === '3')).toBe(true);
  });

  it('without bookmarks sends the state and then the changes, with no bookmark between', async () => {
    await seed('plain', 3);
    const watch = await openWatch(
      api,
      `${jobsOf('plain')}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`,
    );
    await watch.next(3);
    await api.post(jobsOf('plain'), job('plain-after'));
    const events = await watch.next(4);
    watch.close();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED', 'ADDED']);
    expect(meta(events[3]!).name).toBe('plain-after');
  });

  it('sendInitialEvents=false starts at the latest version: no state, only changes', async () => {
    await seed('latest', 3);
    const watch = await openWatch(
      api,
      `${jobsOf('latest')}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan`,
    );
    await api.post(jobsOf('latest'), job('only-this'));
    const [event] = await watch.next(1);
    watch.close();
    expect(meta(event!).name).toBe('only-this');
  });

  it('is refused as kube-apiserver refuses it: 422 Invalid ListOptions, 400 for a bad boolean', async () => {
    await seed('refused', 1);
    const cases: [string, string, string][] = [
      ['sendInitialEvents=true', 'sendInitialEvents', 'sendInitialEvents is forbidden for list'],
      [
        'watch=true&sendInitialEvents=true',
        'resourceVersionMatch',
        'requires setting resourceVersionMatch to NotOlderThan',
      ],
      [
        'watch=true&sendInitialEvents=true&resourceVersionMatch=Exact',
        'resourceVersionMatch',
        'Unsupported value: "Exact"',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await api.get(`${jobsOf('refused')}?${query}`);
      const st = status(res) as Status;
      expect(res.status, query).toBe(422);
      expect(st).toMatchObject({ reason: 'Invalid', details: { kind: 'ListOptions', group: 'meta.k8s.io' } });
      expect(st.details?.causes?.map((c) => c.field)).toContain(field);
      expect(st.message).toContain(message);
      expect(st.fix).toBeTruthy();
      expect(st.requestId).toMatch(/^req_/);
    }
    const bad = await api.get(
      `${jobsOf('refused')}?watch=true&sendInitialEvents=maybe&resourceVersionMatch=NotOlderThan`,
    );
    expect(bad.status).toBe(400);
    expect(status(bad).message).toContain('sendInitialEvents must be true or false');
  });
});

describe('a server without streaming lists', () => {
  const refusing = withMockApi({ streamingLists: false });

  it('refuses them with 422 on sendInitialEvents, as kube-apiserver with its WatchList gate off; a watch still works', async () => {
    expect((await refusing.post('/_mock/seed', { project: 'gated', kind: 'Job', count: 2 })).status).toBe(201);
    const res = await refusing.get(`${jobsOf('gated')}?${STREAM}`);
    expect(res.status).toBe(422);
    expect(status(res).details?.causes).toContainEqual({
      field: 'sendInitialEvents',
      reason: 'FieldValueForbidden',
      message: 'Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
    });
    const rv = (await refusing.get<ObjectList>(jobsOf('gated'))).body.metadata.resourceVersion;
    const watch = await openWatch(refusing, `${jobsOf('gated')}?watch=true&resourceVersion=${rv}`);
    await refusing.post(jobsOf('gated'), job('still-watched'));
    const [event] = await watch.next(1);
    watch.close();
    expect(meta(event!).name).toBe('still-watched');
  });

  it('is what the faults make of one project (streamingLists: false), the others streaming as before', async () => {
    await seed('faulted', 2);
    await seed('unfaulted', 2);
    const faults = { streamingLists: false, paths: [jobsOf('faulted')] };
    expect((await api.post('/_mock/faults', faults)).status).toBe(200);
    try {
      expect((await api.get(`${jobsOf('faulted')}?${STREAM}`)).status).toBe(422);
      const watch = await openWatch(api, `${jobsOf('unfaulted')}?${STREAM}`);
      expect(await untilEnd(watch)).toHaveLength(3);
      watch.close();
    } finally {
      await api.del('/_mock/faults');
    }
  });
});
