/**
 * A list streamed on its watch (sendInitialEvents), against the real mock: one request lists and goes on
 * watching; the first objects show before the last arrive; a stream cut off in the middle starts over, and
 * twice cut, or refused by a server without streaming lists, the list is read page by page instead.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { createApiClient, NODUS_GROUP_VERSION } from '../client/index.ts';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import type { ListWatchSnapshot } from './list-watch.ts';
import type { Held } from './object-index.ts';
import { createWatchRegistry, type WatchRegistry } from './registry.ts';
import { timerScheduler } from './scheduler.ts';
import { testApi, watchState, type TestApi } from './testing.ts';

let streaming: MockServer;
/** A server without streaming lists: it refuses sendInitialEvents, as kube-apiserver with WatchList off does. */
let paging: MockServer;
const registries: WatchRegistry[] = [];

beforeAll(async () => {
  const base = { port: 0, demoData: false, controller: false, bookmarkSeconds: 0 } as const;
  streaming = await startMockServer(base);
  paging = await startMockServer({ ...base, streamingLists: false });
});
afterEach(async () => {
  registries.splice(0).forEach((r) => r.closeAll());
  await testApi(streaming.url).clearFaults();
});
afterAll(async () => {
  await streaming.close();
  await paging.close();
});

/**
 * A client that notes each request it makes: a list's pages, its counts (a page of one), and its watches' query
 * strings. With `held`, a streamed list's body stops after its first chunk until `held` resolves: a slow network.
 */
function counted(
  server: MockServer,
  held?: Promise<void>,
): { api: TestApi; lists: string[]; counts: string[]; watches: URLSearchParams[] } {
  const lists: string[] = [];
  const counts: string[] = [];
  const watches: URLSearchParams[] = [];
  const client = createApiClient({
    baseUrl: server.url,
    apiKey: DEMO_API_KEY,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      if (url.searchParams.get('watch') === 'true') watches.push(url.searchParams);
      else if (url.searchParams.get('limit') === '1') counts.push(url.search);
      else if (url.pathname.endsWith('/budgets')) lists.push(url.search);
      const response = await fetch(input, init);
      return held && url.searchParams.has('sendInitialEvents') ? heldAfterFirstChunk(response, held) : response;
    },
  });
  return { api: { ...testApi(server.url), client }, lists, counts, watches };
}

function heldAfterFirstChunk(response: Response, held: Promise<void>): Response {
  const reader = response.body!.getReader();
  let chunks = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (chunks++ > 0) await held;
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

function watchBudgets(api: TestApi, namespace: string) {
  const registry = createWatchRegistry({ client: api.client, scheduler: timerScheduler(5), idleMs: 0 });
  registries.push(registry);
  const watch = registry.get({ ...NODUS_GROUP_VERSION, plural: 'budgets', namespace });
  const seen: ListWatchSnapshot<Held>[] = [];
  const stop = watch.subscribe(() => seen.push(watch.getSnapshot()));
  return { watch, seen, stop, registry };
}

const POLL = { timeout: 10_000 };

describe('a streamed list', () => {
  it('lists and watches with one request: every object, then the changes on the same stream', async () => {
    const { api, lists, watches } = counted(streaming);
    await api.seed('one-stream', 1234);
    const { watch } = watchBudgets(api, 'one-stream');
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    expect(watch.getSnapshot()).toMatchObject({ synced: true, size: 1234, listing: undefined });
    expect(watchState(watch)).toEqual(await testApi(streaming.url).serverState('one-stream'));
    const late = await api.createBudget('one-stream', 'late');
    await expect.poll(() => watch.get(late.metadata.uid!)?.metadata.name).toBe('late');
    expect(lists).toEqual([]);
    expect(watches).toHaveLength(1);
    expect(Object.fromEntries(watches[0]!)).toMatchObject({
      sendInitialEvents: 'true',
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: 'true',
    });
    expect(watches[0]!.has('resourceVersion')).toBe(false);
  });

  it('shows the first objects before the last arrive, and is live only once all are in', async () => {
    const { api } = counted(streaming);
    await api.seed('long-stream', 20_000);
    const { watch, seen } = watchBudgets(api, 'long-stream');
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    const partial = seen.filter((s) => !s.synced && s.size > 0);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0]!.size).toBeLessThan(20_000);
    expect(partial.every((s) => s.status === 'loading' && s.listing?.loaded === s.size)).toBe(true);
    expect(watch.getSnapshot().size).toBe(20_000);
  });

  it('says how many objects it is bringing, though a stream carries no count, and shows it while stalled', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, lists, counts } = counted(streaming, held);
    await api.seed('counted-stream', 5000);
    const { watch } = watchBudgets(api, 'counted-stream');
    // The first chunk is in, the rest held back: the count, asked meanwhile, gives the total.
    await expect.poll(() => watch.getSnapshot().listing?.total, POLL).toBe(5000);
    expect(watch.getSnapshot()).toMatchObject({ synced: false, status: 'loading' });
    expect(watch.getSnapshot().size).toBeLessThan(5000);
    release();
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    expect(watch.getSnapshot()).toMatchObject({ size: 5000, listing: undefined });
    expect(counts).toHaveLength(1);
    expect(lists).toEqual([]);
  });

  it('starts over when cut off before its end, and reads pages once cut off twice', async () => {
    const { api, lists, watches } = counted(streaming);
    await api.seed('cut-stream', 1500);
    // Every watch breaks after 400 events: no stream of 1,500 objects ever reaches its end.
    await api.setFaults({ dropWatchAfterEvents: 400 });
    const { watch } = watchBudgets(api, 'cut-stream');
    await expect.poll(() => watch.getSnapshot().synced, POLL).toBe(true);
    expect(watches.slice(0, 2).every((params) => params.get('sendInitialEvents') === 'true')).toBe(true);
    expect(lists.length).toBeGreaterThan(0);
    await api.clearFaults();
    await expect.poll(() => watchState(watch), POLL).toEqual(await testApi(streaming.url).serverState('cut-stream'));
    expect(watch.getSnapshot().size).toBe(1500);
  });

  it('lists again as one stream on a Refresh, keeping what it shows until the new list is in', async () => {
    const { api, lists, watches } = counted(streaming);
    await api.seed('refreshed', 30);
    const { watch, registry } = watchBudgets(api, 'refreshed');
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    const shown = watch.getSnapshot().items;
    await api.deleteBudget('refreshed', shown[0]!.metadata.name!);
    registry.relist(() => true);
    expect(watch.getSnapshot().items).toHaveLength(30);
    await expect.poll(() => watches.length).toBe(2);
    await expect.poll(() => watch.getSnapshot().size, POLL).toBe(29);
    expect(watch.getSnapshot().items[0]).toBe(shown[1]);
    expect(watches[1]!.get('sendInitialEvents')).toBe('true');
    expect(lists).toEqual([]);
  });
});

describe('a key that may list but not watch', () => {
  it('is shown the list, read page by page, and then why it is not kept live', async () => {
    const admin = testApi(streaming.url);
    await admin.seed('list-only', 30);
    const rbac = '/apis/rbac.authorization.k8s.io/v1/namespaces/list-only';
    const post = (path: string, body: unknown) => admin.client.request(path, { method: 'POST', body });
    await post(`${rbac}/roles`, {
      metadata: { name: 'lister' },
      rules: [{ verbs: ['get', 'list'], apiGroups: ['nodus.dev'], resources: ['budgets'] }],
    });
    await post('/apis/iam.nodus.dev/v1/users', { metadata: { name: 'lister' }, spec: { displayName: 'Lister' } });
    const key = await post('/apis/iam.nodus.dev/v1/apikeys', {
      metadata: { name: 'lister-key' },
      spec: { user: 'lister' },
    });
    await post(`${rbac}/rolebindings`, {
      metadata: { name: 'lister' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'lister' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'lister' }],
    });
    const secret = (key as { status: { secret: string } }).status.secret;
    const client = createApiClient({ baseUrl: streaming.url, apiKey: secret });
    const { watch } = watchBudgets({ ...admin, client }, 'list-only');
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('stale');
    expect(watch.getSnapshot()).toMatchObject({ synced: true, size: 30, error: { code: 403 } });
  });
});

describe('a server without streaming lists', () => {
  it('is listed page by page after its one refusal, and watched from the list', async () => {
    const { api, lists, watches } = counted(paging);
    await api.seed('paged', 1234);
    const { watch, registry } = watchBudgets(api, 'paged');
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    expect(watch.getSnapshot()).toMatchObject({ size: 1234, error: undefined, relists: 0 });
    expect(watchState(watch)).toEqual(await testApi(paging.url).serverState('paged'));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(watches.map((params) => params.get('sendInitialEvents'))).toEqual(['true', null]);
    // A Refresh does not ask again.
    registry.relist(() => true);
    await expect.poll(() => lists.length).toBeGreaterThanOrEqual(4);
    await expect.poll(() => watch.getSnapshot().status, POLL).toBe('live');
    expect(watches.filter((params) => params.has('sendInitialEvents'))).toHaveLength(1);
  });
});
