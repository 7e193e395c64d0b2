/**
 * A watch through trouble, against the real mock and its fault injection (POST /_mock/faults): dropped
 * connections resume from the last version seen (bookmarks included) with no gap and no duplicate; a resume
 * point older than the kept history lists again and swaps the objects in one step; 503 bursts pass by
 * themselves at the pace Retry-After sets; an API that refuses leaves the watch stale until retried.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { NODUS_GROUP_VERSION, createApiClient } from '../client/index.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import type { ListWatch } from './list-watch.ts';
import { createWatchRegistry, type WatchRegistry, type WatchRegistryOptions } from './registry.ts';
import { timerScheduler } from './scheduler.ts';
import { testApi, watchState, type TestApi } from './testing.ts';

/** A mock that keeps the usual day of history, and one that keeps 0.3 s of it (so resume points expire). */
let steady: MockServer;
let forgetful: MockServer;
const registries: WatchRegistry[] = [];

beforeAll(async () => {
  steady = await startMockServer({ port: 0, demoData: false, controller: false, bookmarkSeconds: 0 });
  forgetful = await startMockServer({
    port: 0,
    demoData: false,
    controller: false,
    bookmarkSeconds: 0.1,
    historySeconds: 0.3,
  });
});
afterEach(async () => {
  registries.splice(0).forEach((r) => r.closeAll());
  await Promise.all([testApi(steady.url).clearFaults(), testApi(forgetful.url).clearFaults()]);
});
afterAll(async () => {
  await steady.close();
  await forgetful.close();
});

function watchBudgets(
  api: TestApi,
  namespace: string,
  options: Partial<WatchRegistryOptions> = {},
): { watch: ListWatch; stop: () => void } {
  const registry = createWatchRegistry({ client: api.client, scheduler: timerScheduler(5), idleMs: 0, ...options });
  registries.push(registry);
  const watch = registry.get({ ...NODUS_GROUP_VERSION, plural: 'budgets', namespace });
  return { watch, stop: watch.subscribe(() => undefined) };
}

/** Retry-After is a whole second at least, so the conditions of this file may take more than poll's default second. */
const POLL = { timeout: 5000 };
const live = (watch: ListWatch) => expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');

describe('a dropped watch', () => {
  it('resumes from the last version it received: no event missed, none twice', async () => {
    const api = testApi(steady.url);
    await api.createProject('dropped');
    const { watch } = watchBudgets(api, 'dropped');
    await live(watch);
    await api.setFaults({ dropWatchAfterEvents: 3 });

    // 25 writes, one event each; the connection is cut after every third event it delivers.
    for (let i = 0; i < 10; i++) await api.createBudget('dropped', `b-${i}`);
    for (let i = 0; i < 10; i++) await api.patchBudget('dropped', `b-${i}`, { round: '2' });
    for (let i = 0; i < 5; i++) await api.deleteBudget('dropped', `b-${i}`);

    const server = await api.serverState('dropped');
    await expect.poll(() => watchState(watch)).toEqual(server);
    // Exactly one event per write: a resume from too early would repeat some, from too late would lose some.
    expect(watch.receivedEvents).toBe(25);
    expect((await api.injected()).droppedWatches).toBeGreaterThanOrEqual(8);
    expect(watch.getSnapshot()).toMatchObject({ relists: 0 });
    await expect.poll(() => watch.getSnapshot().reconnects).toBeGreaterThanOrEqual(8);
  });

  it('resumes from the last bookmark, which may be newer than any event it received', async () => {
    const api = testApi(forgetful.url);
    await api.createProject('quiet');
    const { watch } = watchBudgets(api, 'quiet');
    await live(watch);
    const listed = watch.resumeVersion;

    // Writes elsewhere move the version without sending this watch an event; only bookmarks carry it.
    await api.createProject('busy');
    for (let i = 0; i < 3; i++) await api.createBudget('busy', `noise-${i}`);
    const latest = String(forgetful.state.store.resourceVersion);
    await expect.poll(() => watch.resumeVersion, POLL).toBe(latest);
    // Until the history has forgotten those writes: resuming from the listed version would be Expired now.
    await expect.poll(() => forgetful.state.store.oldestResumable, POLL).toBeGreaterThanOrEqual(Number(latest));
    expect(Number(listed)).toBeLessThan(forgetful.state.store.oldestResumable);

    await api.setFaults({ dropWatchAfterEvents: 1 });
    await expect.poll(async () => (await api.injected()).droppedWatches).toBeGreaterThanOrEqual(1);
    await api.clearFaults();
    await expect.poll(() => watch.getSnapshot().reconnects, POLL).toBeGreaterThanOrEqual(1);
    await live(watch);
    expect(watch.getSnapshot().relists).toBe(0);
  });
});

describe('a silent watch', () => {
  it('is given up and resumed when nothing, not even a bookmark, arrives for silenceMs', async () => {
    const watchRequests: string[] = [];
    const counting = createApiClient({
      baseUrl: steady.url,
      apiKey: DEMO_API_KEY,
      fetch: (input, init) => {
        if (String(input).includes('watch=true')) watchRequests.push(String(input));
        return fetch(input, init);
      },
    });
    const api = testApi(steady.url);
    await api.createProject('silent');
    // The steady mock sends no bookmarks: an idle stream is silent, as a dead one behind a proxy would be.
    const { watch } = watchBudgets({ ...api, client: counting }, 'silent', { silenceMs: 150 });
    await live(watch);
    await expect.poll(() => watchRequests.length, POLL).toBeGreaterThanOrEqual(3);
    // The first stream listed; each resume starts where the last stream was, and a quiet resume is not trouble.
    const [listing, ...resumes] = watchRequests.map((url) => new URL(url).searchParams);
    expect(listing!.get('sendInitialEvents')).toBe('true');
    expect(new Set(resumes.map((params) => params.get('resourceVersion'))).size).toBe(1);
    expect(resumes.every((params) => params.get('resourceVersion') && !params.has('sendInitialEvents'))).toBe(true);
    expect(watch.getSnapshot()).toMatchObject({ status: 'live', relists: 0, reconnects: 0 });
    const late = await api.createBudget('silent', 'late');
    await expect.poll(() => watch.get(late.metadata.uid!)?.metadata.name).toBe('late');
  });
});

describe('an expired resume point', () => {
  it('lists again and swaps the objects in one step, keeping those that did not change', async () => {
    const api = testApi(forgetful.url);
    await api.createProject('expiring');
    for (const name of ['same', 'changed', 'gone']) await api.createBudget('expiring', name);
    const { watch } = watchBudgets(api, 'expiring');
    await live(watch);
    const uidOf = (name: string) => watch.getSnapshot().items.find((o) => o.metadata.name === name)!.metadata.uid!;
    const same = watch.get(uidOf('same'))!;
    const changed = watch.get(uidOf('changed'))!;
    const seen: (readonly NodusObject[])[] = [];
    watch.subscribe(() => seen.push(watch.getSnapshot().items));

    // Cut the watch and keep it from coming back (503, Retry-After 1 s) while the server moves on.
    await api.setFaults({
      dropWatchAfterEvents: 1,
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
      verbs: ['watch'],
    });
    await expect.poll(() => watch.getSnapshot().status).toBe('reconnecting');
    const resumeFrom = Number(watch.resumeVersion);
    await api.patchBudget('expiring', 'changed', { round: '2' });
    await api.deleteBudget('expiring', 'gone');
    await api.createBudget('expiring', 'new');
    await expect.poll(() => forgetful.state.store.oldestResumable, POLL).toBeGreaterThan(resumeFrom);
    await api.clearFaults();

    await expect.poll(() => watch.getSnapshot().relists, POLL).toBe(1);
    await live(watch);
    expect(watchState(watch)).toEqual(await api.serverState('expiring'));
    expect(watch.get(same.metadata.uid!)).toBe(same);
    expect(watch.get(changed.metadata.uid!)).not.toBe(changed);
    // No flicker: every state views were shown held the unchanged object, and the old or the new objects whole.
    expect(seen.length).toBeGreaterThan(0);
    for (const items of seen) {
      expect(items).toContain(same);
      expect(items.length).toBe(3);
    }
  });
});

describe('a server that restarted without its state', () => {
  it('lists again when its versions are behind the one the watch resumes from', async () => {
    // Both start from the demo data, so a project is there for the watch as soon as the second one listens.
    const before = await startMockServer({ port: 0, controller: false, bookmarkSeconds: 0 });
    const port = Number(new URL(before.url).port);
    const api = testApi(before.url);
    for (let i = 0; i < 5; i++) await api.createBudget('default', `before-restart-${i}`);
    const { watch } = watchBudgets(api, 'default');
    await live(watch);
    const resumeFrom = Number(watch.resumeVersion);

    // The same address, a fresh state: its versions start again below the one the watch holds.
    await before.close();
    const after = await startMockServer({ port, controller: false, versionWaitSeconds: 0.05 });
    try {
      expect(after.state.store.resourceVersion).toBeLessThan(resumeFrom);
      await expect.poll(() => watch.getSnapshot().relists, POLL).toBeGreaterThanOrEqual(1);
      await live(watch);
      expect(watchState(watch)).toEqual(await api.serverState('default'));
    } finally {
      registries.splice(0).forEach((r) => r.closeAll());
      await after.close();
    }
  });
});

describe('a 503 burst', () => {
  it('passes by itself, at the pace Retry-After sets, before and after the first list', async () => {
    const api = testApi(steady.url);
    await api.createProject('burst503');
    await api.createBudget('burst503', 'first');
    await api.setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 1, verbs: ['list', 'watch'] });
    const { watch } = watchBudgets(api, 'burst503');
    await expect.poll(() => watch.getSnapshot().attempt).toBeGreaterThanOrEqual(1);
    const waiting = watch.getSnapshot();
    expect(waiting).toMatchObject({
      status: 'loading',
      synced: false,
      error: { code: 503, reason: 'ServiceUnavailable' },
    });
    expect(waiting.nextRetryAt! - waiting.since!).toBeGreaterThanOrEqual(1000);
    await api.clearFaults();
    await live(watch);
    expect(watchState(watch)).toEqual(await api.serverState('burst503'));

    // The pace was shown above; Retry-After 0 keeps this half short.
    await api.setFaults({
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 0,
      verbs: ['watch'],
      dropWatchAfterEvents: 1,
    });
    await api.createBudget('burst503', 'second');
    await expect.poll(() => watch.getSnapshot().error?.code, POLL).toBe(503);
    expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', synced: true });
    expect(watch.getSnapshot().items).toHaveLength(2);
    await api.clearFaults();
    await live(watch);
    expect(watch.getSnapshot().reconnects).toBe(1);
    expect(watchState(watch)).toEqual(await api.serverState('burst503'));
  });
});

describe('a refusing API', () => {
  it('leaves the watch stale with the reason until retry()', async () => {
    const api = testApi(steady.url);
    const { watch } = watchBudgets(api, 'not-yet');
    await expect.poll(() => watch.getSnapshot().status).toBe('stale');
    expect(watch.getSnapshot()).toMatchObject({ synced: false, error: { code: 404, reason: 'NotFound' } });
    await api.createProject('not-yet');
    watch.retry();
    await live(watch);
    expect(watch.getSnapshot().error).toBeUndefined();
  });

  it('goes stale once retrying has taken the whole time budget', async () => {
    const api = testApi(steady.url);
    await api.createProject('budgeted');
    await api.setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0, verbs: ['list', 'watch'] });
    const { watch } = watchBudgets(api, 'budgeted', { retry: { maxElapsedMs: 300, initialDelayMs: 20 } });
    await expect.poll(() => watch.getSnapshot().status).toBe('stale');
    expect(watch.getSnapshot().error).toMatchObject({ code: 503 });
    expect(watch.getSnapshot().attempt).toBeGreaterThanOrEqual(2);
  });
});
