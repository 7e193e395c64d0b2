import { beforeEach, describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList, Status } from '@/shared/protocol.ts';
import { JOBS as DEFAULT_JOBS, job, openWatch, withMockApi } from './harness.ts';

const api = withMockApi({ bookmarkSeconds: 0.2 });
// A project of its own, so that the demo objects the controller moves elsewhere send no events here.
const JOBS = '/apis/nodus.dev/v1/namespaces/watched-project/jobs';
const BUDGETS = '/apis/nodus.dev/v1/namespaces/watched-project/budgets';

beforeEach(async () => {
  expect((await api.post('/api/v1/namespaces', { metadata: { name: 'watched-project' } })).status).toBe(201);
});

async function listRv(path = JOBS): Promise<string> {
  return (await api.get<ObjectList>(path)).body.metadata.resourceVersion;
}

describe('watch', () => {
  it('delivers every change after the given resourceVersion, in order: ADDED, MODIFIED, DELETED', async () => {
    const rv = await listRv();
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}`);
    await api.post(JOBS, job('w-a'));
    await api.patch(`${JOBS}/w-a`, { metadata: { labels: { step: '1' } } });
    await api.post(BUDGETS, { metadata: { name: 'other-kind' }, spec: { limitUSD: '1.00' } });
    await api.del(`${JOBS}/w-a`);
    // Delete: MODIFIED (deletionTimestamp), MODIFIED (finalizer cleared), DELETED.
    const events = await watch.next(5);
    watch.close();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'MODIFIED', 'MODIFIED', 'DELETED']);
    const versions = events.map((e) => Number((e.object as NodusObject).metadata.resourceVersion));
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect((events[2]!.object as NodusObject).metadata.deletionTimestamp).toBeDefined();
    expect(events.every((e) => (e.object as NodusObject).kind === 'Job')).toBe(true);
  });

  it('replays changes it missed when resumed from an older resourceVersion, never skipping one', async () => {
    const rv = await listRv();
    for (let i = 0; i < 20; i++) await api.post(JOBS, job(`resume-${String(i).padStart(2, '0')}`));
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}`);
    const events = await watch.next(20);
    watch.close();
    expect(events.map((e) => (e.object as NodusObject).metadata.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `resume-${String(i).padStart(2, '0')}`),
    );
  });

  it('starts with the current objects as ADDED when no resourceVersion is given', async () => {
    const list = await api.get<ObjectList>(JOBS);
    const watch = await openWatch(api, `${JOBS}?watch=true`);
    const events = await watch.next(list.body.items.length);
    expect(events.every((e) => e.type === 'ADDED')).toBe(true);
    expect(events.map((e) => (e.object as NodusObject).metadata.name).sort()).toEqual(
      list.body.items.map((i) => i.metadata.name).sort(),
    );
    await api.post(JOBS, job('after-initial'));
    const [next] = (await watch.next(list.body.items.length + 1)).slice(-1);
    watch.close();
    expect((next!.object as NodusObject).metadata.name).toBe('after-initial');
  });

  it('sends DELETED for an object that stops matching the selector, ADDED when it starts', async () => {
    await api.post(JOBS, job('sel', {}, { labels: { team: 'a' } }));
    const rv = await listRv();
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}&labelSelector=team%3Da`);
    await api.patch(`${JOBS}/sel`, { metadata: { labels: { note: 'x' } } });
    await api.patch(`${JOBS}/sel`, { metadata: { labels: { team: 'b' } } });
    await api.patch(`${JOBS}/sel`, { metadata: { labels: { note: 'y' } } });
    await api.patch(`${JOBS}/sel`, { metadata: { labels: { team: 'a' } } });
    const events = await watch.next(3);
    watch.close();
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED', 'ADDED']);
    expect(events.length).toBe(3);
  });

  it('watches with a field selector on metadata.name, as kubectl wait does', async () => {
    const rv = await listRv();
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Done`);
    await api.post(JOBS, job('two'));
    await api.post(JOBS, job('one'));
    const [event] = await watch.next(1);
    watch.close();
    expect((event!.object as NodusObject).metadata.name).toBe('one');
  });

  it('sends a BOOKMARK at the set interval with allowWatchBookmarks=true', async () => {
    const rv = await listRv();
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}&allowWatchBookmarks=true`);
    await api.post(BUDGETS, { metadata: { name: 'bm' }, spec: { limitUSD: '1.00' } });
    const [bookmark] = await watch.next(1);
    watch.close();
    expect(bookmark!.type).toBe('BOOKMARK');
    // The bookmark carries the newest version, past the change to another kind.
    expect(Number((bookmark!.object as NodusObject).metadata.resourceVersion)).toBeGreaterThan(Number(rv));
    expect((bookmark!.object as NodusObject).kind).toBe('Job');
  });

  it('answers application/x-ndjson when asked', async () => {
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${await listRv()}`, {
      Accept: 'application/x-ndjson',
    });
    watch.close();
    expect(watch.contentType).toBe('application/x-ndjson');
    const json = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${await listRv()}`);
    json.close();
    expect(json.contentType).toBe('application/json');
  });

  it('honours timeoutSeconds by ending the stream', async () => {
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${await listRv()}&timeoutSeconds=1`);
    await watch.ended;
    expect(watch.events).toEqual([]);
  });

  it('watches projects too', async () => {
    const rv = (await api.get<ObjectList>('/api/v1/namespaces')).body.metadata.resourceVersion;
    const watch = await openWatch(api, `/api/v1/namespaces?watch=true&resourceVersion=${rv}`);
    await api.post('/api/v1/namespaces', { metadata: { name: 'watched' } });
    const [event] = await watch.next(1);
    watch.close();
    expect(event).toMatchObject({ type: 'ADDED', object: { kind: 'Namespace', metadata: { name: 'watched' } } });
  });
});

describe('watch history', () => {
  const short = withMockApi({ historySeconds: 1 }, { fresh: false });

  it('sends an ERROR event with a 410 Expired Status for a resume point older than the kept history', async () => {
    const rv = (await short.get<ObjectList>(DEFAULT_JOBS)).body.metadata.resourceVersion;
    await short.post(DEFAULT_JOBS, job('old-1'));
    // History is kept for one second: wait until the change above has aged out of it.
    await expect
      .poll(
        async () => {
          await short.post(DEFAULT_JOBS, job(`tick-${Date.now()}`));
          const watch = await openWatch(short, `${DEFAULT_JOBS}?watch=true&resourceVersion=${rv}`);
          const [first] = await watch.next(1);
          watch.close();
          return first!.type;
        },
        { timeout: 5000, interval: 300 },
      )
      .toBe('ERROR');
    const watch = await openWatch(short, `${DEFAULT_JOBS}?watch=true&resourceVersion=${rv}`);
    const [event] = await watch.next(1);
    await watch.ended;
    const st = event!.object as Status;
    expect(st).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    expect(st.requestId).toMatch(/^req_/);
    expect(st.fix).toContain('List again');
  });
});
