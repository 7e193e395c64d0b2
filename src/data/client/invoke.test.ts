/**
 * client.invoke against the real mock: the Function's answer resolves whatever its status code (a 500 too), the
 * API's refusal rejects as the usual ApiError, and an API that cannot be reached is a NetworkError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import type { ApiError } from './api-error.ts';
import { createApiClient, type ApiClient } from './client.ts';

const FUNCTIONS = '/apis/nodus.dev/v1/namespaces/default/functions';
let mock: MockServer;
let client: ApiClient;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, speed: 200, priceDrift: false });
  client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
});
afterAll(() => mock.close());

describe('client.invoke', () => {
  it('resolves with the Function’s answer, its headers and ids', async () => {
    const answer = await client.invoke('/apis/nodus.dev/v1/namespaces/platform/functions/echo/invoke', {
      body: '{"message":"hi"}',
      headers: { 'X-Trace': 't-1', Authorization: 'Bearer not-this-one' },
    });
    expect(answer.status).toBe(200);
    expect(answer.invocationId).toMatch(/^inv_/);
    expect(answer.requestId).toMatch(/^req_/);
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
    expect(answer.chargedUSD).toBe('0.0002');
    expect(answer.contentType).toBe('application/json');
    const body = JSON.parse(answer.bodyText) as { echo: unknown; headers: Record<string, string> };
    expect(body.echo).toEqual({ message: 'hi' });
    expect(body.headers['x-trace']).toBe('t-1');
  });

  it('resolves with a Function’s own 500: it is an answer, not an error of the API', async () => {
    await client.request(FUNCTIONS, {
      method: 'POST',
      body: {
        metadata: { name: 'failing' },
        spec: { image: 'nodus/node:22', handler: 'fail', resources: { cpu: 1, memoryGiB: 1 }, maxCostUSD: '5.00' },
      },
    });
    await expect
      .poll(async () => (await client.get<NodusObject>(`${FUNCTIONS}/failing`)).status?.phase, { timeout: 10_000 })
      .toBe('Running');
    const answer = await client.invoke(`${FUNCTIONS}/failing/invoke`, { body: '{}' });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.bodyText)).toMatchObject({ error: 'HandlerError' });
  });

  it('rejects with the API’s Status when it refuses', async () => {
    const error = await client
      .invoke('/apis/nodus.dev/v1/namespaces/vision/functions/classify/invoke', { body: '{}' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 409, reason: 'Conflict' });
    expect((error as ApiError).fix).toContain('spec.state to Running');
    expect((error as ApiError).requestId).toMatch(/^req_/);
  });

  it('rejects with a NetworkError when the API cannot be reached', async () => {
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: DEMO_API_KEY });
    const error = (await offline.invoke('/x/invoke', { body: '' }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(0);
  });
});
