/**
 * client.watch against the real mock: events as they happen, bookmarks, Expired as a thrown Status, a dropped
 * connection as a NetworkError, a 503 on open retried. The line splitting is also checked on a body cut at
 * awkward places, which a local server never does by itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject, type ObjectList } from '@/shared/protocol.ts';
import type { ApiError } from './api-error.ts';
import { createApiClient, type ApiClient } from './client.ts';
import type { RetryInfo } from './retry.ts';
import { readWatchBatches, readWatchEvents, type WatchObjectEvent } from './watch.ts';

const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';
let mock: MockServer;
let client: ApiClient;

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    demoData: false,
    controller: false,
    bookmarkSeconds: 0.1,
    historySeconds: 0.3,
  });
  client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
});
afterAll(() => mock.close());
afterEach(() => client.request('/_mock/faults', { method: 'DELETE' }));

const budget = (name: string) => ({ metadata: { name }, spec: { limitUSD: '1.00' } });
const create = (name: string) => client.request<NodusObject>(BUDGETS, { method: 'POST', body: budget(name) });
const listRv = async () => (await client.get<ObjectList>(BUDGETS)).metadata.resourceVersion;

/** Reads events until `until` says stop, then closes the stream by leaving the loop. */
async function collect(
  iterable: AsyncIterable<WatchObjectEvent>,
  until: (events: WatchObjectEvent[]) => boolean,
): Promise<WatchObjectEvent[]> {
  const events: WatchObjectEvent[] = [];
  for await (const event of iterable) {
    events.push(event);
    if (until(events)) break;
  }
  return events;
}

describe('client.watch', () => {
  it('streams the changes after a resourceVersion, then bookmarks carrying the version reached', async () => {
    const rv = await listRv();
    const stream = await client.watch(BUDGETS, { resourceVersion: rv });
    const a = await create('w-a');
    await client.request(`${BUDGETS}/w-a`, {
      method: 'PATCH',
      body: { metadata: { labels: { step: '1' } } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    await client.request(`${BUDGETS}/w-a`, { method: 'DELETE' });
    // Bookmarks come every 0.1 s, so one may fall between the changes on a busy host: the one after the delete counts.
    const events = await collect(stream, (e) => e.at(-1)?.type === 'BOOKMARK' && e.some((x) => x.type === 'DELETED'));
    const changes = events.filter((e) => e.type !== 'BOOKMARK');
    expect(changes.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    expect(changes.every((e) => e.object.metadata.uid === a.metadata.uid)).toBe(true);
    expect(Number(events.at(-1)!.object.metadata.resourceVersion)).toBeGreaterThanOrEqual(
      Number(changes[2]!.object.metadata.resourceVersion),
    );
    expect(stream.requestId).toMatch(/^req_/);
  });

  it('throws the Expired Status when the version is older than the kept history', async () => {
    const rv = await listRv();
    await create('old-1');
    // History is 0.3 s: once a later write has pushed old-1 out of it, resuming from before old-1 is Expired.
    const outcome = async () => {
      await create(`pusher-${Date.now()}`);
      try {
        await collect(await client.watch(BUDGETS, { resourceVersion: rv }), () => true);
        return 'resumed';
      } catch (error) {
        return (error as ApiError).reason;
      }
    };
    await expect.poll(outcome, { timeout: 5000, interval: 100 }).toBe('Expired');
    const err = await collect(await client.watch(BUDGETS, { resourceVersion: rv }), () => true).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: 'ApiError', code: 410, reason: 'Expired', fromServer: true });
    expect((err as ApiError).fix).toBeTruthy();
  });

  it('throws a NetworkError when the connection breaks midway, after the events that arrived', async () => {
    await client.request('/_mock/faults', { method: 'POST', body: { dropWatchAfterEvents: 2 } });
    const stream = await client.watch(BUDGETS, { resourceVersion: await listRv(), allowWatchBookmarks: false });
    const seen: string[] = [];
    const reading = collect(stream, (e) => {
      seen.push(e.at(-1)!.object.metadata.name ?? '');
      return false;
    }).catch((e: unknown) => e);
    await create('drop-1');
    await create('drop-2');
    const err = await reading;
    expect(seen).toEqual(['drop-1', 'drop-2']);
    expect(err).toMatchObject({ code: 0, reason: 'NetworkError' });
    expect((err as ApiError).message).toContain('lost its connection');
  });

  it('retries opening on 503, and rejects a 401 at once', async () => {
    await client.request('/_mock/faults', {
      method: 'POST',
      body: { errorRate: 1, errorCode: 503, retryAfterSeconds: 0, verbs: ['watch'] },
    });
    const retries: RetryInfo[] = [];
    const controller = new AbortController();
    const onRetry = (info: RetryInfo) => {
      retries.push(info);
      void client.request('/_mock/faults', { method: 'DELETE' });
    };
    const stream = await client.watch(BUDGETS, {
      resourceVersion: await listRv(),
      signal: controller.signal,
      retry: { onRetry },
    });
    expect(stream.requestId).toMatch(/^req_/);
    expect(retries[0]!.error).toMatchObject({ code: 503 });
    controller.abort();

    const stranger = createApiClient({ baseUrl: mock.url, apiKey: 'wrong' });
    await expect(stranger.watch(BUDGETS)).rejects.toMatchObject({ code: 401, reason: 'Unauthorized' });
  });
});

describe('readWatchEvents', () => {
  const context = { url: '/apis/x', requestId: 'req-1' };
  function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  }
  const line = (name: string) => `${JSON.stringify({ type: 'ADDED', object: { metadata: { name } } })}\n`;

  it('parses events however the body is chunked, across lines and multi-byte characters', async () => {
    const bytes = new TextEncoder().encode(line('ä-1') + line('日本-2') + line('three'));
    // Every cut point, including ones inside a UTF-8 sequence.
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const events = await collect(
        readWatchEvents(body([bytes.slice(0, cut), bytes.slice(cut)]), context),
        () => false,
      );
      expect(events.map((e) => e.object.metadata.name)).toEqual(['ä-1', '日本-2', 'three']);
    }
  });

  it('throws an InvalidResponse for a line that is not an event', async () => {
    const bytes = new TextEncoder().encode(`${line('fine')}<html>\n`);
    const seen: string[] = [];
    const err = await collect(readWatchEvents(body([bytes]), context), (e) => {
      seen.push(e.at(-1)!.object.metadata.name ?? '');
      return false;
    }).catch((e: unknown) => e);
    expect(seen).toEqual(['fine']);
    expect(err).toMatchObject({ reason: 'InvalidResponse', requestId: 'req-1' });
  });

  it("hands over a chunk's events together, and those before an ERROR line before throwing it", async () => {
    const expired = `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410, reason: 'Expired', message: 'too old' } })}\n`;
    const chunks = [line('a') + line('b') + line('c'), line('d') + expired + line('never')].map((t) =>
      new TextEncoder().encode(t),
    );
    const batches: string[][] = [];
    const err = await (async () => {
      for await (const batch of readWatchBatches<NodusObject>(body(chunks), context))
        batches.push(batch.map((e) => e.object.metadata.name ?? ''));
    })().catch((e: unknown) => e);
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
    expect(err).toMatchObject({ code: 410, reason: 'Expired' });
  });
});
