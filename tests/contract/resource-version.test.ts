/**
 * resourceVersion and resourceVersionMatch on get, list and watch, by kube-apiserver's rules: what each version
 * means, what is refused (and with which Status), and how long a read waits for a version not reached yet.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList, Status } from '@/shared/protocol.ts';
import { job, openWatch, status, withMockApi, type Api, type Res } from './harness.ts';

const PROJECT = '/api/v1/namespaces/rv-project';
const JOBS = '/apis/nodus.dev/v1/namespaces/rv-project/jobs';
const FAR = 10 ** 12;

async function setUp(api: Api): Promise<void> {
  const res = await api.post('/api/v1/namespaces', { metadata: { name: 'rv-project' } });
  expect([200, 201]).toContain(res.status);
}

function current(api: Api): number {
  return api.server().state.store.resourceVersion;
}

function expectStatus(res: Res, code: number, reason: string): Status {
  const st = status(res);
  expect(res.status).toBe(code);
  expect(st).toMatchObject({ kind: 'Status', status: 'Failure', code, reason });
  expect(st.fix).toBeTruthy();
  expect(st.requestId).toMatch(/^req_/);
  return st;
}

function expectTooLarge(res: Res, rv: number): void {
  const st = expectStatus(res, 504, 'Timeout');
  expect(st.message).toContain(`Too large resource version: ${rv}`);
  expect(st.details?.causes).toEqual([{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
  expect(st.details?.retryAfterSeconds).toBe(1);
  expect(res.headers.get('Retry-After')).toBe('1');
}

const names = (list: ObjectList) => list.items.map((i) => `${i.metadata.name}@${i.metadata.resourceVersion}`);

describe('resourceVersion, with a short wait for versions not reached', () => {
  const api = withMockApi({ versionWaitSeconds: 0.1 });

  it('get: unset, "0" and any version reached serve the latest object', async () => {
    await setUp(api);
    const created = (await api.post<NodusObject>(JOBS, job('rv-get'))).body;
    await api.patch(`${JOBS}/rv-get`, { metadata: { labels: { v: '2' } } });
    for (const rv of ['', '0', created.metadata.resourceVersion!, String(current(api))]) {
      const res = await api.get<NodusObject>(`${JOBS}/rv-get?resourceVersion=${rv}`);
      expect(res.status).toBe(200);
      expect(res.body.metadata.labels).toMatchObject({ v: '2' });
    }
    expect((await api.get(`${PROJECT}?resourceVersion=0`)).status).toBe(200);
  });

  it('get: a version newer than the store is 504 Timeout, ResourceVersionTooLarge', async () => {
    await setUp(api);
    await api.post(JOBS, job('rv-far'));
    const rv = current(api) + FAR;
    expectTooLarge(await api.get(`${JOBS}/rv-far?resourceVersion=${rv}`), rv);
    expectTooLarge(await api.get(`${PROJECT}?resourceVersion=${rv}`), rv);
  });

  it('get, list and watch: a version that is not a number is 400 BadRequest', async () => {
    await setUp(api);
    await api.post(JOBS, job('rv-bad'));
    for (const bad of ['abc', '-1', '1.5', ' 1', '0x10', '18446744073709551616']) {
      const q = `resourceVersion=${encodeURIComponent(bad)}`;
      expectStatus(await api.get(`${JOBS}/rv-bad?${q}`), 400, 'BadRequest');
      expectStatus(await api.get(`${JOBS}?${q}`), 400, 'BadRequest');
      expectStatus(await api.get(`${JOBS}?watch=true&${q}`), 400, 'BadRequest');
    }
  });

  it('list: the validation of resourceVersionMatch is 422 Invalid ListOptions', async () => {
    await setUp(api);
    const rv = current(api);
    const cases: [string, string][] = [
      ['resourceVersionMatch=NotOlderThan', 'forbidden unless resourceVersion is provided'],
      [`resourceVersion=0&resourceVersionMatch=Exact`, 'forbidden for resourceVersion "0"'],
      [`resourceVersion=${rv}&resourceVersionMatch=Newest`, 'Unsupported value: "Newest"'],
      [`resourceVersion=${rv}&resourceVersionMatch=Exact&continue=abc`, 'forbidden when continue is provided'],
    ];
    for (const [query, message] of cases) {
      const st = expectStatus(await api.get(`${JOBS}?${query}`), 422, 'Invalid');
      expect(st.details).toMatchObject({ kind: 'ListOptions', group: 'meta.k8s.io' });
      expect(st.details?.causes?.[0]).toMatchObject({ field: 'resourceVersionMatch' });
      expect(st.message).toContain(message);
    }
    const watch = expectStatus(
      await api.get(`${JOBS}?watch=true&resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`),
      422,
      'Invalid',
    );
    expect(watch.message).toContain('forbidden for watch');
  });

  it('list: unset, "0" and NotOlderThan an older version serve the latest state', async () => {
    await setUp(api);
    const old = (await api.get<ObjectList>(JOBS)).body.metadata.resourceVersion;
    await api.post(JOBS, job('rv-newer'));
    const latest = await api.get<ObjectList>(JOBS);
    for (const query of [
      '',
      'resourceVersion=0',
      `resourceVersion=${old}`,
      `resourceVersion=${old}&resourceVersionMatch=NotOlderThan`,
    ]) {
      const res = await api.get<ObjectList>(`${JOBS}?${query}`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toContain(names(latest.body).find((n) => n.startsWith('rv-newer@')));
      expect(Number(res.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(Number(old));
    }
  });

  it('list: Exact (or a limit with a version, as kube-apiserver reads it) serves the state at that version', async () => {
    await setUp(api);
    await api.post(JOBS, job('rv-kept'));
    await api.post(JOBS, job('rv-gone'));
    const before = (await api.get<ObjectList>(JOBS)).body;
    await api.del(`${JOBS}/rv-gone`);
    await api.patch(`${JOBS}/rv-kept`, { metadata: { labels: { later: 'yes' } } });
    await api.post(JOBS, job('rv-later'));
    const rv = before.metadata.resourceVersion;
    for (const query of [`resourceVersion=${rv}&resourceVersionMatch=Exact`, `resourceVersion=${rv}&limit=100`]) {
      const res = await api.get<ObjectList>(`${JOBS}?${query}`);
      expect(res.status).toBe(200);
      expect(res.body.metadata.resourceVersion).toBe(rv);
      expect(names(res.body)).toEqual(names(before));
    }
    // Paged, the state at that version still comes whole.
    const first = await api.get<ObjectList>(`${JOBS}?resourceVersion=${rv}&resourceVersionMatch=Exact&limit=1`);
    const paged = [...first.body.items];
    let token = first.body.metadata.continue;
    while (token) {
      const page = await api.get<ObjectList>(`${JOBS}?limit=1&continue=${encodeURIComponent(token)}`);
      expect(page.body.metadata.resourceVersion).toBe(rv);
      paged.push(...page.body.items);
      token = page.body.metadata.continue;
    }
    expect(paged.map((i) => `${i.metadata.name}@${i.metadata.resourceVersion}`)).toEqual(names(before));
  });

  it('list: Exact for a version older than the kept history is 410 Expired', async () => {
    await setUp(api);
    await api.post(JOBS, job('rv-compacted'));
    const rv = (await api.get<ObjectList>(JOBS)).body.metadata.resourceVersion;
    await api.post(JOBS, job('rv-after-compact'));
    expect((await api.post('/_mock/compact', {})).status).toBe(200);
    const st = expectStatus(await api.get(`${JOBS}?resourceVersion=${rv}&resourceVersionMatch=Exact`), 410, 'Expired');
    expect(st.message).toContain(`too old resource version: ${rv}`);
    // The latest state is still an exact version to ask for.
    const now = String(current(api));
    expect((await api.get(`${JOBS}?resourceVersion=${now}&resourceVersionMatch=Exact`)).status).toBe(200);
  });

  it('list: a version newer than the store is 504 Timeout, whatever the match', async () => {
    await setUp(api);
    const rv = current(api) + FAR;
    for (const query of ['', '&resourceVersionMatch=NotOlderThan', '&resourceVersionMatch=Exact', '&limit=5'])
      expectTooLarge(await api.get(`${JOBS}?resourceVersion=${rv}${query}`), rv);
  });

  it('list: a version with continue is 400 BadRequest; "0" with continue is let through', async () => {
    await setUp(api);
    for (let i = 0; i < 3; i++) await api.post(JOBS, job(`rv-page-${i}`));
    const first = await api.get<ObjectList>(`${JOBS}?limit=1`);
    const token = encodeURIComponent(first.body.metadata.continue!);
    const rv = first.body.metadata.resourceVersion;
    const st = expectStatus(
      await api.get(`${JOBS}?limit=1&continue=${token}&resourceVersion=${rv}`),
      400,
      'BadRequest',
    );
    expect(st.message).toContain('resource version is not allowed when using continue');
    expect((await api.get(`${JOBS}?limit=1&continue=${token}&resourceVersion=0`)).status).toBe(200);
  });

  it('watch: from a version newer than the store, an ERROR event with 504 Timeout once the wait is over', async () => {
    await setUp(api);
    const rv = current(api) + FAR;
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${rv}`);
    const [event] = await watch.next(1);
    await watch.ended;
    expect(event!.type).toBe('ERROR');
    const st = event!.object as Status;
    expect(st).toMatchObject({ kind: 'Status', code: 504, reason: 'Timeout' });
    expect(st.details?.causes?.[0]?.reason).toBe('ResourceVersionTooLarge');
    expect(st.fix).toBeTruthy();
    expect(st.requestId).toMatch(/^req_/);
  });
});

describe('resourceVersion, waiting for a version about to be reached', () => {
  // No controller: the store moves only when the test writes.
  const api = withMockApi({ versionWaitSeconds: 30, controller: false });

  /** Starts a request for the next version, waits until the server is waiting for it, then writes it. */
  async function whileWaiting<T>(request: (rv: number) => Promise<T>): Promise<T> {
    await setUp(api);
    const { store } = api.server().state;
    const waiting = store.listenerCount;
    const answer = request(store.resourceVersion + 1);
    await expect.poll(() => store.listenerCount, { interval: 10 }).toBeGreaterThan(waiting);
    await api.post(JOBS, job(`rv-catch-up-${store.resourceVersion}`));
    return answer;
  }

  it('get and list wait for the store to reach the version, then answer', async () => {
    await setUp(api);
    await api.post(JOBS, job('rv-waited'));
    const got = await whileWaiting((rv) => api.get(`${JOBS}/rv-waited?resourceVersion=${rv}`));
    expect(got.status).toBe(200);
    const listed = await whileWaiting((rv) => api.get<ObjectList>(`${JOBS}?resourceVersion=${rv}`));
    expect(listed.status).toBe(200);
    expect(listed.body.items.some((i) => i.metadata.name?.startsWith('rv-catch-up-'))).toBe(true);
  });

  it('a watch waits for the store to reach the version, then delivers what follows it', async () => {
    await setUp(api);
    const { store } = api.server().state;
    const waiting = store.listenerCount;
    const watch = await openWatch(api, `${JOBS}?watch=true&resourceVersion=${store.resourceVersion + 1}`);
    await expect.poll(() => store.listenerCount, { interval: 10 }).toBeGreaterThan(waiting);
    await api.post(JOBS, job('rv-reached'));
    await api.post(JOBS, job('rv-followed'));
    const [event] = await watch.next(1);
    watch.close();
    expect(event).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'rv-followed' } } });
  });
});
