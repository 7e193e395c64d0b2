/**
 * The client against real HTTP. The real mock API answers everything it can (Status errors, paged lists, auth);
 * a throwaway node:http server stands in only for what the API never sends (an HTML page from a proxy), and a
 * closed port gives a real network failure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../mock/server.ts';
import { DEMO_API_KEY, type NodusObject } from '../shared/protocol.ts';
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

describe('createApiClient', () => {
  it('sends the key as a bearer header and returns typed objects', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const job = await client.get<NodusObject>('/apis/nodus.dev/v1/namespaces/default/jobs/train-a');
    expect(job.metadata.name).toBe('train-a');
  });

  it('throws the Status the API sent, with its reason, fix, docs and requestId', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const err = await client
      .request('/apis/nodus.dev/v1/namespaces/nodus/jobs', { method: 'POST', body: { metadata: { name: 'x' }, spec: { image: 'nodus/python:3.12' } } })
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

  it('asks for bigger pages after the first, up to maxLimit, and still returns every object once', async () => {
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
    const sizes: number[] = [];
    const list = await client.list<NodusObject>('/apis/nodus.dev/v1/jobs', { limit: 1, maxLimit: 4, onPage: (items) => sizes.push(items.length) });
    const direct = await client.get<{ items: NodusObject[] }>('/apis/nodus.dev/v1/jobs', { params: { limit: 1000 } });
    expect(direct.items.length).toBeGreaterThan(7);
    expect(sizes.slice(0, 4)).toEqual([1, 2, 4, 4]);
    expect(list.items.map((i) => i.metadata.uid)).toEqual(direct.items.map((i) => i.metadata.uid));
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
