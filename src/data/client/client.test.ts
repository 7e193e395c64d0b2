/**
 * The client against real HTTP. The real mock API answers everything it can (Status errors, paged lists, auth);
 * a throwaway node:http server stands in only for what the API never sends (an HTML page from a proxy), and a
 * closed port gives a real network failure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

const proxy = createServer((_req, res) => {
  res.setHeader('X-Request-Id', 'req-proxy');
  res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad gateway</h1>');
});

let mock: MockServer;
let proxyUrl = '';
beforeAll(async () => {
  mock = await startMockServer({ port: 0, controller: false });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

/**
 * A pass-through proxy to the mock that sends each list page's head and first items at once, then holds the rest
 * of the body until the page after it is asked for (or 2 s pass). It counts which of the two released each page.
 */
async function startHoldingProxy(target: string) {
  const held = new Map<string, () => void>();
  const stats = { pages: 0, releasedByNextRequest: 0, open: 0, mostOpen: 0 };
  const server = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('continue');
    if (token) held.get(token)?.();
    void (async () => {
      const upstream = await fetch(`${target}${req.url}`, {
        headers: { authorization: req.headers.authorization ?? '' },
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const next = (JSON.parse(body.toString('utf8')) as { metadata?: { continue?: string } }).metadata?.continue;
      stats.pages++;
      stats.open++;
      stats.mostOpen = Math.max(stats.mostOpen, stats.open);
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      const split = body.indexOf('"items"') + 40;
      res.write(body.subarray(0, split));
      const finish = () => {
        held.delete(next ?? '');
        clearTimeout(timer);
        stats.open--;
        res.end(body.subarray(split));
      };
      const timer = setTimeout(finish, next ? 2_000 : 0);
      if (next) {
        held.set(next, () => {
          stats.releasedByNextRequest++;
          finish();
        });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get pages() {
      return stats.pages;
    },
    get releasedByNextRequest() {
      return stats.releasedByNextRequest;
    },
    get mostOpen() {
      return stats.mostOpen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('createApiClient', () => {
  it('sends the key as a bearer header and returns typed objects', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const job = await client.get<NodusObject>('/apis/nodus.dev/v1/namespaces/default/jobs/train-a');
    expect(job.metadata.name).toBe('train-a');
  });

  it('throws the Status the API sent, with its reason, fix, docs and requestId', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const err = await client
      .request('/apis/nodus.dev/v1/namespaces/nodus/jobs', {
        method: 'POST',
        body: { metadata: { name: 'x' }, spec: { image: 'nodus/python:3.12' } },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 403, reason: 'Forbidden', fromServer: true });
    const apiError = err as ApiError;
    expect(apiError.message).toContain('read-only');
    expect(apiError.fix).toContain('your own projects');
    expect(apiError.docs).toMatch(/\/docs\/errors\/Forbidden$/);
    expect(apiError.requestId).toMatch(/^req_/);
  });

  it('throws Unauthorized when the key is wrong or missing', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: () => undefined });
    await expect(client.get('/apis/nodus.dev/v1/jobs')).rejects.toMatchObject({ code: 401, reason: 'Unauthorized' });
  });

  it('follows continue tokens and returns one list', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const list = await client.list<NodusObject>('/apis/nodus.dev/v1/jobs', { limit: 2 });
    const direct = await client.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/jobs', { params: { limit: 1000 } });
    expect(list.items.length).toBeGreaterThan(2);
    expect(list.items.map((i) => i.metadata.uid)).toEqual(direct.items.map((i) => i.metadata.uid));
    expect(list.metadata.continue).toBeUndefined();
  });

  it('takes a list of 250,000 sent as one page by an API that ignores limit', async () => {
    const items = Array.from({ length: 250_000 }, (_, i) => `{"metadata":{"name":"o${i}","uid":"u${i}"}}`);
    const body = `{"kind":"JobList","apiVersion":"nodus.dev/v1","metadata":{"resourceVersion":"9"},"items":[${items.join(',')}]}`;
    const whole = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise<void>((resolve) => whole.listen(0, '127.0.0.1', resolve));
    try {
      const client = createApiClient({
        baseUrl: `http://127.0.0.1:${(whole.address() as AddressInfo).port}`,
        apiKey: DEMO_API_KEY,
      });
      const list = await client.list<NodusObject>('/apis/nodus.dev/v1/jobs', { limit: 500 });
      expect(list.items).toHaveLength(250_000);
      expect(list.items.at(-1)?.metadata.uid).toBe('u249999');
    } finally {
      await new Promise<void>((resolve) => whole.close(() => resolve()));
    }
  });

  it('asks for bigger pages after the first, up to maxLimit, and still returns every object once', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const sizes: number[] = [];
    const list = await client.list<NodusObject>('/apis/nodus.dev/v1/jobs', {
      limit: 1,
      maxLimit: 4,
      onPage: (items) => sizes.push(items.length),
    });
    const direct = await client.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/jobs', { params: { limit: 1000 } });
    expect(direct.items.length).toBeGreaterThan(7);
    expect(sizes.slice(0, 4)).toEqual([1, 2, 4, 4]);
    expect(list.items.map((i) => i.metadata.uid)).toEqual(direct.items.map((i) => i.metadata.uid));
  });

  it('asks for the next pages while a page after the first is still arriving, up to two ahead, in order', async () => {
    const seeder = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    await seeder.request('/api/v1/namespaces', { method: 'POST', body: { metadata: { name: 'paged' } } });
    await seeder.request('/_mock/seed', { method: 'POST', body: { project: 'paged', kind: 'Budget', count: 50 } });
    const path = '/apis/nodus.dev/v1/namespaces/paged/budgets';
    const gate = await startHoldingProxy(mock.url);
    try {
      const client = createApiClient({ baseUrl: gate.url, apiKey: DEMO_API_KEY });
      const list = await client.list<NodusObject>(path, { limit: 10 });
      const direct = await seeder.get<{ items: NodusObject[] }>(path, { params: { limit: 1000 } });
      expect(list.items.map((i) => i.metadata.uid)).toEqual(direct.items.map((i) => i.metadata.uid));
      // Five pages. The first is read whole (it waited for the gate's 2 s); each of the next three held back the
      // rest of its body until the page after it was asked for, which only a client that reads the head before
      // the items does.
      expect(gate.pages).toBe(5);
      expect(gate.releasedByNextRequest).toBe(3);
      // At most two pages ahead of the one being read: never more than three answers open at once.
      expect(gate.mostOpen).toBeLessThanOrEqual(3);
    } finally {
      await gate.close();
    }
  });

  it('turns an HTML error page into an ApiError with the response request id', async () => {
    const client = createApiClient({ baseUrl: proxyUrl, apiKey: 'k' });
    // One attempt: a 502 is retried otherwise (retry.test.ts), and this gateway answers 502 for good.
    const err = await client.get('/apis/nodus.dev/v1/jobs', { retry: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 502, reason: 'InternalError', requestId: 'req-proxy', fromServer: false });
  });

  it('reports a refused connection as a NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    // One attempt: reads are otherwise retried on a refused connection (retry.test.ts).
    const err = await client.get('/healthz', { retry: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 0, reason: 'NetworkError' });
    expect((err as ApiError).message).toContain(`127.0.0.1:${port}/healthz`);
  });
});
