/**
 * A watch against the real mock: it lists every page, then shows creates, changes and deletes as they happen;
 * it applies a burst in one flush; one watch serves every view of a target and closes when the last one leaves.
 * Budgets are used throughout: no controller moves them, so the server changes only when a test says so.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { NODUS_GROUP_VERSION, type ListOptions, type RowObject } from '../client/index.ts';
import { createWatchRegistry, type WatchRegistry, type WatchRegistryOptions } from './registry.ts';
import { manualScheduler, timerScheduler } from './scheduler.ts';
import type { ListWatchTarget } from './target.ts';
import { testApi, watchState, type TestApi } from './testing.ts';

let mock: MockServer;
let api: TestApi;
const registries: WatchRegistry[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, demoData: false, controller: false, bookmarkSeconds: 0 });
  api = testApi(mock.url);
});
afterEach(() => registries.splice(0).forEach((r) => r.closeAll()));
afterAll(() => mock.close());

/** Page by page: what these tests follow is the list's pages (a streamed list has stream-list.test.ts). */
function registry(options: Partial<WatchRegistryOptions> = {}): WatchRegistry {
  const r = createWatchRegistry({
    client: api.client,
    scheduler: timerScheduler(5),
    idleMs: 0,
    streamLists: false,
    ...options,
  });
  registries.push(r);
  return r;
}

const budgets = (namespace: string, more: Partial<ListWatchTarget> = {}): ListWatchTarget => ({
  ...NODUS_GROUP_VERSION,
  plural: 'budgets',
  namespace,
  ...more,
});
const openWatches = () => mock.state.watchers.size;

describe('ListWatch', () => {
  it('lists every page, then watches from the list', async () => {
    await api.seed('paged', 1234);
    const watch = registry({ pageSize: 100 }).get(budgets('paged'));
    const stop = watch.subscribe(() => undefined);
    await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
    // 1,234 objects in pages of 100: more than any one page (or the API's maximum of 1,000) holds.
    expect(watch.getSnapshot().items).toHaveLength(1234);
    expect(watchState(watch)).toEqual(await api.serverState('paged'));
    expect(watch.getSnapshot()).toMatchObject({ synced: true, error: undefined, relists: 0 });
    stop();
  });

  it('holds rows when asked for them: printed cells and metadata, a watch of its own that follows changes', async () => {
    await api.seed('rows', 1234);
    const r = registry({ pageSize: 100 });
    const rows = r.get<RowObject>(budgets('rows', { as: 'table' }));
    expect(rows).not.toBe(r.get(budgets('rows')));
    const stop = rows.subscribe(() => undefined);
    await expect.poll(() => rows.getSnapshot().status, { timeout: 10_000 }).toBe('live');
    expect(watchState(rows)).toEqual(await api.serverState('rows'));
    const first = rows.getSnapshot().items[0]!;
    expect(first.cells).toMatchObject({ Name: first.metadata.name, Limit: '100.00', Phase: 'Active' });
    expect(first).not.toHaveProperty('spec');
    await api.createBudget('rows', 'added-row', { tier: 'gold' });
    await api.client.request(`${api.budgets('rows')}/added-row`, {
      method: 'PATCH',
      body: { spec: { limitUSD: '9.00' } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    await expect
      .poll(() => rows.getSnapshot().items.find((o) => o.metadata.name === 'added-row')?.cells.Limit)
      .toBe('9.00');
    const added = rows.getSnapshot().items.find((o) => o.metadata.name === 'added-row')!;
    expect(added.metadata.labels).toMatchObject({ tier: 'gold' });
    await api.deleteBudget('rows', 'added-row');
    await expect.poll(() => rows.getSnapshot().items.some((o) => o.metadata.name === 'added-row')).toBe(false);
    expect(watchState(rows)).toEqual(await api.serverState('rows'));
    stop();
  });

  it('shows the first pages of a first list before the rest has arrived, and says how far it got', async () => {
    await api.seed('partial', 1234);
    // Slow pages, so the first ones are shown long before the last arrives.
    await api.setFaults({ latencyMs: 30 });
    try {
      const watch = registry({ pageSize: 100 }).get(budgets('partial'));
      const partial: { items: number; loaded: number | undefined; total: number | undefined }[] = [];
      const stop = watch.subscribe(() => {
        const s = watch.getSnapshot();
        if (!s.synced && s.items.length > 0)
          partial.push({ items: s.items.length, loaded: s.listing?.loaded, total: s.listing?.total });
      });
      await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
      expect(partial.length).toBeGreaterThan(0);
      // The first showing is the first page alone; every showing is part of the list, with the server's total.
      expect(partial[0]!.items).toBe(100);
      for (const shown of partial) expect(shown).toMatchObject({ loaded: shown.items, total: 1234 });
      expect(partial.every((shown) => shown.items < 1234)).toBe(true);
      expect(watch.getSnapshot()).toMatchObject({ synced: true, listing: undefined });
      expect(watchState(watch)).toEqual(await api.serverState('partial'));
      stop();
    } finally {
      await api.clearFaults();
    }
  });

  it('shows a long list less often once it is long', async () => {
    await api.seed('long-list', 1000);
    await api.setFaults({ latencyMs: 30 });
    try {
      // Every page until 300 objects, then (at a minute's spacing) none until the list is whole.
      const partialList = { everyMs: 0, longAfter: 300, longEveryMs: 60_000 };
      const watch = registry({ pageSize: 100, partialList }).get(budgets('long-list'));
      const shown: number[] = [];
      const stop = watch.subscribe(() => {
        const s = watch.getSnapshot();
        if (!s.synced && shown.at(-1) !== s.items.length) shown.push(s.items.length);
      });
      await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
      // Pages read ahead may land together, so a showing can hold the next page too; never more than that.
      expect(shown[0]).toBe(100);
      expect(Math.max(...shown)).toBeLessThanOrEqual(400);
      expect(watch.getSnapshot().items).toHaveLength(1000);
      stop();
    } finally {
      await api.clearFaults();
    }
  });

  it('shows the first page at once, without waiting for a flush; later pages wait for one', async () => {
    await api.seed('first-page', 345);
    const scheduler = manualScheduler();
    const watch = registry({ pageSize: 100, scheduler }).get(budgets('first-page'));
    // Read at each notification, as useSyncExternalStore reads it.
    const shown: { items: number; synced: boolean; loaded: number | undefined }[] = [];
    const stop = watch.subscribe(() => {
      const s = watch.getSnapshot();
      shown.push({ items: s.items.length, synced: s.synced, loaded: s.listing?.loaded });
    });
    // The scheduler never runs here unless told to: only a flush made on the spot shows the first page.
    await expect.poll(() => shown.length).toBe(1);
    expect(shown[0]).toEqual({ items: 100, synced: false, loaded: 100 });
    // The rest of the list arrives (its version is recorded) but is shown only by the next flush.
    await expect.poll(() => watch.resumeVersion).toBeDefined();
    expect(shown).toHaveLength(1);
    expect(scheduler.waiting).toBe(1);
    scheduler.runAll();
    expect(shown).toEqual([
      { items: 100, synced: false, loaded: 100 },
      { items: 345, synced: true, loaded: undefined },
    ]);
    stop();
  });

  it('shows objects created, changed and deleted through the API, without listing again', async () => {
    await api.createProject('live');
    const kept = await api.createBudget('live', 'kept');
    const watch = registry().get(budgets('live'));
    const stop = watch.subscribe(() => undefined);
    await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
    const keptObject = watch.get(kept.metadata.uid!);
    expect(keptObject).toBeDefined();

    const added = await api.createBudget('live', 'added');
    await expect.poll(() => watch.get(added.metadata.uid!)?.metadata.name).toBe('added');
    const changed = await api.patchBudget('live', 'added', { step: 'two' });
    await expect.poll(() => watch.get(added.metadata.uid!)?.metadata.labels?.step).toBe('two');
    expect(watch.get(added.metadata.uid!)!.metadata.resourceVersion).toBe(changed.metadata.resourceVersion);
    await api.deleteBudget('live', 'added');
    await expect.poll(() => watch.get(added.metadata.uid!)).toBeUndefined();

    expect(watchState(watch)).toEqual(await api.serverState('live'));
    expect(watch.getSnapshot().relists).toBe(0);
    // The object nothing happened to is the very object first listed.
    expect(watch.get(kept.metadata.uid!)).toBe(keptObject);
    stop();
  });

  it('follows label selectors: an object that stops matching leaves the list', async () => {
    await api.createProject('selected');
    const watch = registry().get(budgets('selected', { labelSelector: 'team=a' }));
    const stop = watch.subscribe(() => undefined);
    await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
    const mine = await api.createBudget('selected', 'mine', { team: 'a' });
    await api.createBudget('selected', 'theirs', { team: 'b' });
    await expect.poll(() => watch.getSnapshot().items.map((o) => o.metadata.name)).toEqual(['mine']);
    await api.patchBudget('selected', 'mine', { team: 'b' });
    await expect.poll(() => watch.get(mine.metadata.uid!)).toBeUndefined();
    stop();
  });

  it('applies a burst of events in one flush, and keeps its snapshot while nothing changes', async () => {
    await api.createProject('burst');
    const scheduler = manualScheduler();
    const watch = registry({ scheduler }).get(budgets('burst'));
    let notified = 0;
    const stop = watch.subscribe(() => notified++);
    await expect.poll(() => (scheduler.runAll(), watch.getSnapshot().status)).toBe('live');

    const before = watch.getSnapshot();
    const notifiedBefore = notified;
    await api.seed('burst', 300);
    await expect.poll(() => watch.receivedEvents).toBe(300);
    // Received, not yet applied: views still see the state of the last flush, and one flush is waiting.
    expect(watch.getSnapshot()).toBe(before);
    expect(scheduler.waiting).toBe(1);

    scheduler.runAll();
    expect(notified).toBe(notifiedBefore + 1);
    const after = watch.getSnapshot();
    expect(after.items).toHaveLength(300);
    expect(watchState(watch)).toEqual(await api.serverState('burst'));
    // No change, no new snapshot and no new array, however often views ask.
    expect(watch.getSnapshot()).toBe(after);
    expect(watch.getSnapshot().items).toBe(after.items);
    expect(scheduler.waiting).toBe(0);
    stop();
  });
});

describe('WatchRegistry', () => {
  it('shares one watch per target and closes it when the last view leaves', async () => {
    await api.createProject('shared');
    const r = registry();
    const first = r.get(budgets('shared'));
    // Another object describing the same target (a whole KindInfo, say) finds the same watch.
    const second = r.get({ ...budgets('shared'), kind: 'Budget', verbs: ['list'] } as ListWatchTarget);
    expect(second).toBe(first);
    const selected = r.get(budgets('shared', { labelSelector: 'team=a' }));
    expect(selected).not.toBe(first);

    const stopA = first.subscribe(() => undefined);
    const stopB = second.subscribe(() => undefined);
    const stopC = selected.subscribe(() => undefined);
    await expect.poll(openWatches).toBe(2);
    expect(first.observers).toBe(2);

    stopA();
    await expect.poll(() => first.running).toBe(true);
    expect(openWatches()).toBe(2);
    stopB();
    await expect.poll(openWatches).toBe(1);
    expect(first.running).toBe(false);
    expect(r.size).toBe(1);
    stopC();
    await expect.poll(openWatches).toBe(0);
    expect(r.size).toBe(0);
    // The next view gets a fresh watch, which opens a stream again.
    const again = r.get(budgets('shared'));
    expect(again).not.toBe(first);
    const stopD = again.subscribe(() => undefined);
    await expect.poll(openWatches).toBe(1);
    stopD();
  });

  it('keeps a watch open while a view leaves and comes back within idleMs (React StrictMode)', async () => {
    await api.createProject('strict');
    const r = registry({ idleMs: 60_000 });
    const watch = r.get(budgets('strict'));
    watch.subscribe(() => undefined)();
    const stop = watch.subscribe(() => undefined);
    await expect.poll(() => watch.getSnapshot().status, { timeout: 10_000 }).toBe('live');
    expect(r.get(budgets('strict'))).toBe(watch);
    expect(openWatches()).toBe(1);
    stop();
    r.closeAll();
    await expect.poll(openWatches).toBe(0);
  });

  it('holds a watch open before any view, hands it to the view that comes, and closes it when none does', async () => {
    await api.seed('held', 30);
    let lists = 0;
    const r = registry({
      client: {
        get: api.client.get,
        watch: api.client.watch,
        list: (path, options) => (lists++, api.client.list(path, options)),
      },
    });
    const release = r.hold(budgets('held'), 60_000);
    const held = r.get(budgets('held'));
    // Listing and watching with no view subscribed yet.
    await expect.poll(() => held.getSnapshot().status).toBe('live');
    expect(held.getSnapshot().items).toHaveLength(30);
    expect(lists).toBe(1);
    // The view finds the same watch with everything in it: no second list.
    const view = r.get(budgets('held'));
    expect(view).toBe(held);
    const stop = view.subscribe(() => undefined);
    release();
    expect(held.running).toBe(true);
    expect(lists).toBe(1);
    stop();
    await expect.poll(openWatches).toBe(0);

    // Held for a target no view ever shows: closed once the hold ends.
    const releaseUnseen = r.hold(budgets('held', { labelSelector: 'nobody=here' }), 60_000);
    await expect.poll(openWatches).toBe(1);
    releaseUnseen();
    await expect.poll(openWatches).toBe(0);
    expect(r.size).toBe(0);
  });
});

describe('WatchRegistry.relist', () => {
  it('lists again the watches it is asked to, keeps what they show meanwhile, and leaves the others alone', async () => {
    await api.seed('refresh-a', 3);
    await api.seed('refresh-b', 2);
    const lists: string[] = [];
    const client: WatchRegistryOptions['client'] = {
      list<T>(path: string, options?: ListOptions<T>) {
        lists.push(path);
        return api.client.list<T>(path, options);
      },
      get: api.client.get,
      watch: api.client.watch,
    };
    const r = registry({ client });
    const a = r.get(budgets('refresh-a'));
    const b = r.get(budgets('refresh-b'));
    const stops = [a.subscribe(() => undefined), b.subscribe(() => undefined)];
    await expect.poll(() => [a.getSnapshot().status, b.getSnapshot().status]).toEqual(['live', 'live']);
    const shown = a.getSnapshot().items;
    expect(lists).toHaveLength(2);

    r.relist((target) => target.namespace === 'refresh-a');
    // Nothing blinks empty while the new list is on its way.
    expect(a.getSnapshot().items).toHaveLength(3);
    await expect.poll(() => lists.length).toBe(3);
    expect(lists[2]).toContain('/namespaces/refresh-a/');
    await expect.poll(() => a.getSnapshot().status).toBe('live');
    // The same objects at the same versions keep their identity (memoised rows do not re-render).
    expect(a.getSnapshot().items.map((o) => o.metadata.uid)).toEqual(shown.map((o) => o.metadata.uid));
    expect(a.getSnapshot().items[0]).toBe(shown[0]);
    expect(b.getSnapshot().status).toBe('live');
    expect(lists).toHaveLength(3);
    stops.forEach((stop) => stop());
  });
});
