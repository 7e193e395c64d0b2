/**
 * Watches shared by the tabs of one browser, each tab a registry of real ListWatches against the real mock: the
 * API holds one stream per list however many tabs show it; a tab that closes hands its streams over without a new
 * list and without a lost or repeated event; the last one to go closes the stream; the browser's streams stay
 * within the budget, the rest polled; a tab being looked at takes the stream of one nobody sees.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { NODUS_GROUP_VERSION } from '../../client/index.ts';
import type { ListWatch } from '../list-watch.ts';
import type { Held } from '../object-index.ts';
import { createWatchRegistry, type WatchRegistry } from '../registry.ts';
import { timerScheduler } from '../scheduler.ts';
import type { ListWatchTarget } from '../target.ts';
import { state, testApi, watchState, type TestApi } from '../testing.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { NARROW_FROM_AT_MOST } from './narrowing.ts';
import { WatchShare } from './share.ts';
import { MemoryLocks } from './testing.ts';
import type { Channel } from './wire.ts';

let mock: MockServer;
let api: TestApi;
let locks: MemoryLocks;
const tabs: Tab[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, demoData: false, controller: false, bookmarkSeconds: 0 });
  api = testApi(mock.url);
});
beforeEach(() => {
  locks = new MemoryLocks();
});
afterEach(() => tabs.splice(0).forEach((t) => t.close()));
afterAll(() => mock.close());

/** One browser tab of the console: its registry, sharing through the browser's locks and channels. */
class Tab {
  visible = true;
  readonly registry: WatchRegistry;
  readonly share: WatchShare;
  private readonly locks = locks.tab();
  private readonly channels = new Set<Channel>();
  private readonly held = new Map<ListWatch<Held>, () => void>();
  private readonly extra: WatchRegistry[] = [];
  closed = false;

  constructor(
    readonly name: string,
    options: { budget?: number; pollMs?: number } = {},
  ) {
    this.share = new WatchShare({
      env: {
        locks: this.locks,
        tab: `${name}-${Math.random().toString(36).slice(2)}`,
        visible: () => this.visible,
        channel: (channelName) => {
          const channel = new BroadcastChannel(channelName) as unknown as Channel;
          this.channels.add(channel);
          const close = channel.close.bind(channel);
          channel.close = () => {
            this.channels.delete(channel);
            close();
          };
          return channel;
        },
      },
      scope: () => `${mock.url}#demo`,
      host: () => mock.url,
      budget: options.budget ?? 4,
      pollMs: options.pollMs ?? 200,
    });
    this.registry = createWatchRegistry({
      client: api.client,
      scheduler: timerScheduler(5),
      idleMs: 0,
      share: this.share,
    });
    tabs.push(this);
  }

  show<T extends Held = Held>(target: ListWatchTarget): ListWatch<T> {
    const watch = this.registry.get<T>(target);
    this.held.set(
      watch as ListWatch<Held>,
      watch.subscribe(() => undefined),
    );
    return watch;
  }

  /** The view showing `watch` goes away. */
  leave(watch: ListWatch<Held>): void {
    this.held.get(watch)?.();
    this.held.delete(watch);
  }

  /** A second registry of this tab: two watches of one list in one tab, as when a view comes back to one closing. */
  another(): WatchRegistry {
    const registry = createWatchRegistry({
      client: api.client,
      scheduler: timerScheduler(5),
      idleMs: 0,
      share: this.share,
    });
    this.extra.push(registry);
    return registry;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.share.visibilityChanged();
  }

  /** As a browser closes a tab: everything stops at once, its locks go, nothing is said to the others. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const release of this.held.values()) release();
    this.held.clear();
    this.registry.closeAll();
    for (const registry of this.extra) registry.closeAll();
    this.share.close();
    for (const channel of [...this.channels]) channel.close();
    this.locks.close();
  }
}

const budgets = (namespace: string, more: Partial<ListWatchTarget> = {}): ListWatchTarget => ({
  ...NODUS_GROUP_VERSION,
  plural: 'budgets',
  namespace,
  ...more,
});
const openWatches = () => mock.state.watchers.size;
const live = (watch: ListWatch<Held>) => watch.getSnapshot().status;

describe('watches shared by the tabs of a browser', () => {
  it('streams a list once however many tabs show it, and every tab sees each change', async () => {
    await api.createProject('share-one');
    await api.createBudget('share-one', 'first');
    const before = openWatches();
    const [a, b, c] = [new Tab('a'), new Tab('b'), new Tab('c')];
    const watches = [a, b, c].map((tab) => tab.show(budgets('share-one')));
    for (const w of watches) await expect.poll(() => live(w)).toBe('live');
    expect(openWatches() - before).toBe(1);
    await api.createBudget('share-one', 'second');
    await api.patchBudget('share-one', 'first', { moved: 'yes' });
    const server = await api.serverState('share-one');
    for (const w of watches) await expect.poll(() => watchState(w)).toEqual(server);
    expect(watches.map((w) => w.getSnapshot().delivery)).toEqual([undefined, { mode: 'shared' }, { mode: 'shared' }]);
  });

  it('hands the stream over when the tab holding it closes: no new list, no event lost or repeated', async () => {
    await api.createProject('share-hand');
    await api.createBudget('share-hand', 'one');
    const before = openWatches();
    const [a, b] = [new Tab('a'), new Tab('b')];
    const wa = a.show(budgets('share-hand'));
    await expect.poll(() => live(wa)).toBe('live');
    const wb = b.show(budgets('share-hand'));
    await expect.poll(() => live(wb)).toBe('live');
    const received = wb.receivedEvents;
    a.close();
    // Changes made while nobody holds the stream, and after b took it.
    await api.createBudget('share-hand', 'two');
    await api.patchBudget('share-hand', 'one', { n: '1' });
    await api.patchBudget('share-hand', 'one', { n: '2' });
    await api.deleteBudget('share-hand', 'two');
    const server = await api.serverState('share-hand');
    await expect.poll(() => watchState(wb)).toEqual(server);
    await expect.poll(openWatches).toBe(before + 1);
    expect(wb.getSnapshot()).toMatchObject({ status: 'live', relists: 0, delivery: undefined });
    // Each of the four changes exactly once.
    expect(wb.receivedEvents - received).toBe(4);
  });

  it('serves two watches of one list in one tab, the second following the first', async () => {
    await api.createProject('share-twice');
    await api.createBudget('share-twice', 'one');
    const before = openWatches();
    const tab = new Tab('a');
    const first = tab.show(budgets('share-twice'));
    const second = tab.another().get(budgets('share-twice'));
    const stop = second.subscribe(() => undefined);
    await expect.poll(() => [live(first), live(second)]).toEqual(['live', 'live']);
    expect(openWatches() - before).toBe(1);
    await api.createBudget('share-twice', 'two');
    await expect.poll(() => second.getSnapshot().size).toBe(2);
    stop();
  });

  it('closes the stream when the last tab showing the list goes', async () => {
    await api.createProject('share-last');
    const before = openWatches();
    const [a, b] = [new Tab('a'), new Tab('b')];
    const wa = a.show(budgets('share-last'));
    const wb = b.show(budgets('share-last'));
    await expect.poll(() => [live(wa), live(wb)]).toEqual(['live', 'live']);
    b.close();
    await api.createBudget('share-last', 'still');
    await expect.poll(() => wa.getSnapshot().size).toBe(1);
    expect(openWatches()).toBe(before + 1);
    a.close();
    await expect.poll(openWatches).toBe(before);
  });

  it('a follower that drops off resumes from its version, and one that joins late gets the objects', async () => {
    await api.createProject('share-late');
    await api.seed('share-late', 50);
    const a = new Tab('a');
    const wa = a.show(budgets('share-late'));
    await expect.poll(() => live(wa)).toBe('live');
    await api.createBudget('share-late', 'then');
    const late = new Tab('late').show(budgets('share-late'));
    await expect.poll(() => late.getSnapshot().size).toBe(51);
    expect(late.getSnapshot().relists).toBe(0);
  });

  it('lists again from the owner when the owner had to list again (Expired)', async () => {
    await api.createProject('share-expired');
    await api.createBudget('share-expired', 'kept');
    const [a, b] = [new Tab('a'), new Tab('b')];
    const wa = a.show(budgets('share-expired'));
    const wb = b.show(budgets('share-expired'));
    await expect.poll(() => [live(wa), live(wb)]).toEqual(['live', 'live']);
    // The owner's stream breaks; while it is down the history it would resume from is compacted away.
    await api.setFaults({ dropWatchAfterEvents: 1 });
    await api.createBudget('share-expired', 'gone');
    await api.client.request('/_mock/compact', { method: 'POST' });
    await api.clearFaults();
    await api.deleteBudget('share-expired', 'gone');
    await api.createBudget('share-expired', 'new');
    const server = await api.serverState('share-expired');
    await expect.poll(() => watchState(wa)).toEqual(server);
    await expect.poll(() => watchState(wb)).toEqual(server);
  });

  it('keeps the browser within its budget of streams, the lists beyond it read every few seconds', async () => {
    await api.createProject('share-budget');
    const before = openWatches();
    const tab = new Tab('a', { budget: 2, pollMs: 100 });
    const targets = ['x', 'y', 'z'].map((team) => budgets('share-budget', { labelSelector: `team=${team}` }));
    const watches = targets.map((t) => tab.show(t));
    for (const w of watches) await expect.poll(() => live(w)).toBe('live');
    expect(openWatches() - before).toBe(2);
    const polled = watches.filter((w) => w.getSnapshot().delivery?.mode === 'polled');
    expect(polled).toHaveLength(1);
    // The polled list still follows changes.
    const team = polled[0]!.target.labelSelector!.split('=')[1]!;
    await api.createBudget('share-budget', 'p', { team });
    await expect.poll(() => polled[0]!.getSnapshot().size).toBe(1);
    // When a stream closes, the polled list takes its slot and streams from the version it holds.
    tab.leave(watches.find((w) => w !== polled[0])!);
    await expect.poll(() => polled[0]!.getSnapshot().delivery).toBeUndefined();
    expect(openWatches() - before).toBe(2);
    expect(polled[0]!.getSnapshot().relists).toBe(0);
    await api.createBudget('share-budget', 'q', { team });
    await expect.poll(() => polled[0]!.getSnapshot().size).toBe(2);
  });

  it('reads a narrower list out of a tab’s stream of the whole list, and takes a stream of its own when it goes', async () => {
    await api.createProject('share-narrow');
    await api.createBudget('share-narrow', 'one', { team: 'a' });
    await api.createBudget('share-narrow', 'two', { team: 'b' });
    const before = openWatches();
    const [wide, narrow] = [new Tab('wide'), new Tab('narrow')];
    const all = wide.show(budgets('share-narrow'));
    await expect.poll(() => live(all)).toBe('live');
    const teamA = narrow.show(budgets('share-narrow', { labelSelector: 'team=a' }));
    await expect.poll(() => live(teamA)).toBe('live');
    expect(openWatches() - before).toBe(1);
    expect(teamA.getSnapshot().items.map((o) => o.metadata.name)).toEqual(['one']);
    // Coming into the selection and leaving it, as the API's own narrowed watch would say.
    await api.patchBudget('share-narrow', 'two', { team: 'a' });
    await expect.poll(() => teamA.getSnapshot().size).toBe(2);
    await api.patchBudget('share-narrow', 'one', { team: 'b' });
    await api.createBudget('share-narrow', 'three', { team: 'c' });
    const server = state(
      (await api.client.list<NodusObject>(api.budgets('share-narrow'), { params: { labelSelector: 'team=a' } })).items,
    );
    await expect.poll(() => watchState(teamA)).toEqual(server);
    // The whole list's tab goes: the narrower list streams by itself, from where it was, without a new list.
    wide.close();
    await api.createBudget('share-narrow', 'four', { team: 'a' });
    await expect.poll(() => teamA.getSnapshot().size).toBe(2);
    expect(teamA.getSnapshot()).toMatchObject({ status: 'live', relists: 0, delivery: undefined });
    await expect.poll(openWatches).toBe(before + 1);
  });

  it('keeps a stream of its own for a narrower list when the whole one is too long to read it out of', async () => {
    await api.createProject('share-wide');
    await api.seed('share-wide', NARROW_FROM_AT_MOST + 1);
    const before = openWatches();
    const [wide, narrow] = [new Tab('wide'), new Tab('narrow')];
    const all = wide.show(budgets('share-wide'));
    await expect.poll(() => live(all), { timeout: 20_000 }).toBe('live');
    const one = narrow.show(budgets('share-wide', { fieldSelector: 'metadata.name=x' }));
    await expect.poll(() => live(one)).toBe('live');
    expect(openWatches() - before).toBe(2);
  });

  it('gives the stream of a list nobody sees to a tab being looked at', async () => {
    await api.createProject('share-seen');
    const before = openWatches();
    const hidden = new Tab('hidden', { budget: 1, pollMs: 100 });
    const wh = hidden.show(budgets('share-seen', { labelSelector: 'team=a' }));
    await expect.poll(() => live(wh)).toBe('live');
    hidden.setVisible(false);
    const seen = new Tab('seen', { budget: 1, pollMs: 100 });
    const ws = seen.show(budgets('share-seen', { labelSelector: 'team=b' }));
    await expect.poll(() => live(ws)).toBe('live');
    expect(ws.getSnapshot().delivery).toBeUndefined();
    await expect.poll(() => wh.getSnapshot().delivery?.mode).toBe('polled');
    await expect.poll(openWatches).toBe(before + 1);
    // The hidden tab's list still comes, read now and then.
    await api.createBudget('share-seen', 'h', { team: 'a' });
    await expect.poll(() => wh.getSnapshot().size, { timeout: 5_000 }).toBe(1);
  });
});
