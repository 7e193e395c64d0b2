/**
 * The client against real HTTP: a throwaway node:http server stands in for answers the mock API never gives
 * (HTML from a proxy, paginated lists with a fixed shape), and a closed port gives a real network failure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

const seenAuth: (string | undefined)[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  seenAuth.push(req.headers.authorization);
  res.setHeader('X-Request-Id', 'req-test');
  if (url.pathname === '/html') {
    res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad gateway</h1>');
  } else if (url.pathname === '/status') {
    res.writeHead(403, { 'content-type': 'application/json' }).end(
      JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 403, reason: 'Forbidden', message: 'read-only', fix: 'Use another project.' }),
    );
  } else if (url.pathname === '/pages') {
    const page = Number(url.searchParams.get('continue') ?? '0');
    const next = page < 2 ? String(page + 1) : undefined;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ apiVersion: 'v1', kind: 'ThingList', metadata: { resourceVersion: `rv${page}`, continue: next }, items: [{ n: page, limit: url.searchParams.get('limit') }] }),
    );
  } else {
    res.writeHead(404).end();
  }
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createApiClient', () => {
  it('sends the key as a bearer header and throws the Status the server sent', async () => {
    const client = createApiClient({ baseUrl, apiKey: 'k-1' });
    const err = await client.get('/status').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 403, reason: 'Forbidden', fix: 'Use another project.', requestId: 'req-test', fromServer: true });
    expect(seenAuth.at(-1)).toBe('Bearer k-1');
  });

  it('turns an HTML error page into an ApiError with the response request id', async () => {
    const client = createApiClient({ baseUrl, apiKey: () => undefined });
    const err = await client.get('/html').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 502, reason: 'InternalError', requestId: 'req-test', fromServer: false });
    expect(seenAuth.at(-1)).toBeUndefined();
  });

  it('follows continue tokens and returns one list', async () => {
    const client = createApiClient({ baseUrl, apiKey: 'k' });
    const list = await client.list<{ n: number; limit: string }>('/pages', { limit: 2 });
    expect(list.items.map((i) => i.n)).toEqual([0, 1, 2]);
    expect(list.items.every((i) => i.limit === '2')).toBe(true);
    expect(list.metadata).toEqual({ resourceVersion: 'rv0' });
  });

  it('reports a refused connection as a NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    const err = await client.get('/healthz').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 0, reason: 'NetworkError' });
    expect((err as ApiError).message).toContain(`127.0.0.1:${port}/healthz`);
  });
});
