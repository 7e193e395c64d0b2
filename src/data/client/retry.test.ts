/**
 * Retries against the real mock, which injects 503 and 429 with Retry-After (POST /_mock/faults): reads are
 * retried and wait as long as the server asks, writes are not retried unless sent with an Idempotency-Key,
 * and a refused connection is retried until a server answers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { ApiError } from './api-error.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { newIdempotencyKey } from './idempotency.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryInfo } from './retry.ts';

const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';
let mock: MockServer;
let client: ApiClient;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, demoData: false, controller: false });
  client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
});
afterAll(() => mock.close());
afterEach(() => clearFaults());

async function devCall(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}
const setFaults = (faults: Record<string, unknown>) => devCall('POST', '/_mock/faults', faults);
const clearFaults = () => devCall('DELETE', '/_mock/faults');
const failedSoFar = async () => ((await devCall('GET', '/_mock/faults')).injected as { failed: number }).failed;

/** Records each retry; the first one turns the faults off, so the retry after it succeeds. */
function recoverOnFirstRetry() {
  const retries: RetryInfo[] = [];
  let cleared: Promise<unknown> = Promise.resolve();
  return {
    retries,
    cleared: () => cleared,
    onRetry: (info: RetryInfo) => {
      retries.push(info);
      if (retries.length === 1) cleared = clearFaults();
    },
  };
}

describe('retries of reads', () => {
  it('retries a 503 and waits as long as Retry-After says before the next attempt', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 1 });
    const probe = recoverOnFirstRetry();
    const started = Date.now();
    const list = await client.get<{ items: NodusObject[] }>(BUDGETS, { retry: { onRetry: probe.onRetry } });
    await probe.cleared();
    expect(list.items).toEqual([]);
    expect(probe.retries).toHaveLength(1);
    expect(probe.retries[0]!.error).toMatchObject({ code: 503, reason: 'ServiceUnavailable', retryAfterSeconds: 1 });
    // Our own first backoff is 250-500 ms: only Retry-After makes it a second.
    expect(probe.retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('retries a 429 with exponential backoff when Retry-After is 0', async () => {
    await setFaults({ errorRate: 1, errorCode: 429, retryAfterSeconds: 0 });
    const probe = recoverOnFirstRetry();
    await expect(client.get(BUDGETS, { retry: { onRetry: probe.onRetry } })).resolves.toMatchObject({
      kind: 'BudgetList',
    });
    expect(probe.retries[0]!.error).toMatchObject({ code: 429, reason: 'TooManyRequests', retryAfterSeconds: 0 });
    expect(probe.retries[0]!.delayMs).toBeGreaterThan(0);
  });

  it('gives up when the time budget is spent, with the last error', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0 });
    const retries: RetryInfo[] = [];
    const err = await client
      .get(BUDGETS, { retry: { maxElapsedMs: 400, initialDelayMs: 20, onRetry: (info) => retries.push(info) } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 503 });
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries.map((r) => r.attempt)).toEqual(retries.map((_, i) => i + 1));
    expect(retries.every((r) => r.startedAt === retries[0]!.startedAt)).toBe(true);
  });

  it('makes one attempt when asked not to retry (a health probe)', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0 });
    const before = await failedSoFar();
    await expect(client.get(BUDGETS, { retry: false })).rejects.toMatchObject({ code: 503 });
    expect(await failedSoFar()).toBe(before + 1);
  });

  it('stops waiting at once when the caller aborts', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 60 });
    const controller = new AbortController();
    const pending = client.get(BUDGETS, { signal: controller.signal, retry: { onRetry: () => controller.abort() } });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('retries a refused connection until a server answers', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    let late: MockServer | undefined;
    let starting: Promise<MockServer> | undefined;
    const offline = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: DEMO_API_KEY });
    const retries: RetryInfo[] = [];
    try {
      const list = await offline.get<{ items: unknown[] }>(BUDGETS, {
        retry: {
          initialDelayMs: 200,
          onRetry: (info) => {
            retries.push(info);
            starting ??= startMockServer({ port, demoData: false, controller: false });
          },
        },
      });
      late = await starting;
      expect(list.items).toEqual([]);
      expect(retries[0]!.error).toMatchObject({ code: 0, reason: 'NetworkError' });
    } finally {
      late ??= await starting;
      await late?.close();
    }
  });
});

describe('retries through a gateway', () => {
  it('retries a 502 and a 504 from a proxy whose API is down, until the API answers', async () => {
    let calls = 0;
    // What a reverse proxy (or the dev server) answers while the API behind it is unreachable: no Status.
    const gateway = createServer((_req, res) => {
      calls++;
      if (calls === 1) return res.writeHead(502, { 'Content-Type': 'text/plain' }).end();
      if (calls === 2) return res.writeHead(504, { 'Content-Type': 'text/html' }).end('<h1>Gateway Timeout</h1>');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          kind: 'BudgetList',
          apiVersion: 'nodus.dev/v1',
          metadata: { resourceVersion: '7' },
          items: [],
        }),
      );
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const behind = createApiClient({
        baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        apiKey: DEMO_API_KEY,
      });
      const retries: RetryInfo[] = [];
      const list = await behind.get<{ items: unknown[] }>(BUDGETS, {
        retry: { initialDelayMs: 20, onRetry: (info) => retries.push(info) },
      });
      expect(list.items).toEqual([]);
      expect(retries.map((r) => r.error.code)).toEqual([502, 504]);
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });
});

describe('retries of writes', () => {
  it('never retries a create sent without an Idempotency-Key', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0 });
    const before = await failedSoFar();
    const err = await client
      .request(BUDGETS, { method: 'POST', body: { metadata: { name: 'once' }, spec: { limitUSD: '1.00' } } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 503, idempotencyKey: undefined });
    expect(await failedSoFar()).toBe(before + 1);
  });

  it('retries a create sent with an Idempotency-Key, and creates it once', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0, verbs: ['create'] });
    const probe = recoverOnFirstRetry();
    const key = newIdempotencyKey();
    const body = { metadata: { name: 'keyed' }, spec: { limitUSD: '1.00' } };
    const created = await client.request<NodusObject>(BUDGETS, {
      method: 'POST',
      body,
      idempotencyKey: key,
      retry: { onRetry: probe.onRetry },
    });
    expect(created.metadata.name).toBe('keyed');
    expect(probe.retries).toHaveLength(1);
    // The same key again is the same create: the server replays it rather than making a second object.
    const again = await client.request<NodusObject>(BUDGETS, { method: 'POST', body, idempotencyKey: key });
    expect(again.metadata.uid).toBe(created.metadata.uid);
    const list = await client.list<NodusObject>(BUDGETS);
    expect(list.items.filter((b) => b.metadata.name === 'keyed')).toHaveLength(1);
  });

  it('hands back the Idempotency-Key when a keyed create fails for good, to finish it later', async () => {
    await setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0, verbs: ['create'] });
    const key = newIdempotencyKey();
    const err = await client
      .request(BUDGETS, {
        method: 'POST',
        body: { metadata: { name: 'later' } },
        idempotencyKey: key,
        retry: { maxElapsedMs: 100, initialDelayMs: 10 },
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 503, idempotencyKey: key });
  });
});

describe('backoffDelay', () => {
  const policy = DEFAULT_RETRY_POLICY;
  it('doubles, with half of it random, up to the ceiling', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, undefined, policy, () => 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((n) => backoffDelay(n, undefined, policy, () => 1))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(30, undefined, policy, () => 1)).toBe(policy.maxDelayMs);
  });
  it('never comes back before Retry-After, and spreads clients told the same', () => {
    expect(backoffDelay(1, 5, policy, () => 0)).toBe(5000);
    expect(backoffDelay(1, 5, policy, () => 1)).toBe(5500);
  });
});
