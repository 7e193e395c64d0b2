/**
 * The recording fetch under the real API client against the real mock: what the Support panel lists is what
 * went over the wire (status, reason, X-Request-Id), a watch is recorded once its headers arrive, and no
 * request header (so no key) is ever kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client/index.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { WAITING, type ApiCall } from './call-log-store.ts';
import { createRecordingFetch } from './record-fetch.ts';
import { buildSupportReport } from './support-report.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});

function recorder() {
  const calls: ApiCall[] = [];
  const sink = {
    add: (call: ApiCall) => void calls.unshift(call),
    update: (id: number, patch: Partial<ApiCall>) => {
      const i = calls.findIndex((c) => c.id === id);
      if (i >= 0) calls[i] = { ...calls[i]!, ...patch };
    },
    remove: (id: number) => {
      const i = calls.findIndex((c) => c.id === id);
      if (i >= 0) calls.splice(i, 1);
    },
  };
  return { calls, fetch: createRecordingFetch(() => sink) };
}

describe('createRecordingFetch', () => {
  it('records a success and a failure with the request id and the Status reason', async () => {
    const { calls, fetch } = recorder();
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY, fetch });
    await client.get('/api/v1/namespaces/default');
    const failure = await client.get('/apis/nodus.dev/v1/namespaces/default/jobs/no-such-job').catch((e: unknown) => e);

    await expect.poll(() => calls[0]?.reason).toBe('NotFound');
    const [missing, found] = calls;
    expect(found).toMatchObject({ method: 'GET', path: '/api/v1/namespaces/default', status: 200, watch: false });
    expect(found!.requestId).toMatch(/\S/);
    expect(missing).toMatchObject({
      status: 404,
      reason: 'NotFound',
      path: '/apis/nodus.dev/v1/namespaces/default/jobs/no-such-job',
    });
    expect(missing!.requestId).toBe((failure as { requestId?: string }).requestId);
    expect(missing!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records a watch when its headers arrive, while the stream is still open', async () => {
    const { calls, fetch } = recorder();
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY, fetch });
    const controller = new AbortController();
    const list = await client.list('/apis/nodus.dev/v1/namespaces/default/budgets');
    await client.watch('/apis/nodus.dev/v1/namespaces/default/budgets', {
      resourceVersion: list.metadata.resourceVersion,
      signal: controller.signal,
    });
    expect(calls[0]).toMatchObject({ method: 'GET', status: 200, watch: true });
    expect(calls[0]!.path).toContain('watch=true');
    controller.abort();
  });

  it('keeps a write while it waits for its answer, then records the answer in the same entry', async () => {
    const { calls, fetch } = recorder();
    const client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY, fetch });
    const path = '/apis/nodus.dev/v1/namespaces/default/budgets';
    await client.request('/_mock/faults', { method: 'POST', body: { latencyMs: 400, verbs: ['create'] } });
    calls.length = 0;
    try {
      const created = client.request(path, {
        method: 'POST',
        body: { metadata: { name: 'waits' }, spec: { limitUSD: '1.00' } },
      });
      await expect.poll(() => calls[0]).toMatchObject({ method: 'POST', status: WAITING, path });
      await created;
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', status: 201, path });
      expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(400);
      // A write the console gave up on is no call to report; a read is recorded once answered, as before.
      const stop = new AbortController();
      const given = client.request(path, { method: 'POST', body: {}, signal: stop.signal }).catch(() => undefined);
      await expect.poll(() => calls[0]?.status).toBe(WAITING);
      stop.abort();
      await given;
      expect(calls).toHaveLength(1);
    } finally {
      await client.request('/_mock/faults', { method: 'DELETE' });
    }
  });

  it('never keeps the key, and a call with no answer is recorded as such', async () => {
    const { calls, fetch } = recorder();
    const unauthorized = createApiClient({ baseUrl: mock.url, apiKey: 'a-secret-key-1234', fetch });
    await unauthorized.get('/api/v1/namespaces', { retry: false }).catch(() => undefined);
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'a-secret-key-1234', fetch });
    await closed.get('/api/v1/namespaces', { retry: false }).catch(() => undefined);

    await expect.poll(() => calls.find((c) => c.status === 401)?.reason).toBe('Unauthorized');
    expect(calls[0]).toMatchObject({ status: 0, reason: 'NetworkError' });
    expect(JSON.stringify(calls)).not.toContain('a-secret-key-1234');
  });
});

describe('buildSupportReport', () => {
  it('lists the failed calls with their request ids, and blanks out any secret', () => {
    const calls: ApiCall[] = [
      {
        id: 2,
        startedAt: Date.UTC(2026, 0, 1),
        method: 'GET',
        path: '/apis/x?token=nodus-dev-key',
        status: 404,
        reason: 'NotFound',
        requestId: 'req_abc',
        durationMs: 12,
        watch: false,
      },
      {
        id: 1,
        startedAt: Date.UTC(2026, 0, 1),
        method: 'GET',
        path: '/api/v1/namespaces',
        status: 200,
        requestId: 'req_ok',
        durationMs: 3,
        watch: false,
      },
    ];
    const report = buildSupportReport({
      calls,
      context: { name: 'local-mock', apiUrl: 'http://127.0.0.1:8001', org: 'demo' },
      health: 'ready · release abc',
      page: '/projects/nlp/jobs',
      userAgent: 'test',
      now: Date.UTC(2026, 0, 1, 12),
      secrets: [DEMO_API_KEY],
    });
    expect(report).toContain('Failed calls: 1 of the last 2');
    expect(report).toContain('req_abc');
    expect(report).toContain('NotFound');
    expect(report).toContain('/projects/nlp/jobs');
    expect(report).not.toContain(DEMO_API_KEY);
    expect(report).toContain('[redacted]');
  });
});
