/**
 * Which web pages may drive the mock from a browser, and where its links point. The demo key is public, so
 * CORS is what keeps a page on another origin from resetting the mock or injecting faults: only the console's
 * origins, the mock's own and configured ones are answered with CORS headers, and a write from any other is refused.
 * Links in error bodies come from the configuration, never from the Host header a client sends.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type Status } from '@/shared/protocol.ts';
import { withMockApi, type Api, type Res } from './harness.ts';
import { send } from './fuzz/send.ts';
import { statusProblem } from './fuzz/verdict.ts';

const CONFIGURED = 'https://console.example.com';
const FOREIGN = ['http://evil.example', 'null', 'http://localhost:5174', 'http://localhost:5173.evil.example'];
const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

function preflight(api: Api, origin: string, extra: Record<string, string> = {}): Promise<Res> {
  return api.call('OPTIONS', JOBS, {
    auth: null,
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type',
      ...extra,
    },
  });
}

function corsHeaders(res: Res): string[] {
  return [...res.headers.keys()].filter((name) => name.startsWith('access-control-allow'));
}

function expectForbidden(res: Res, origin: string): void {
  expect(res.status).toBe(403);
  expect(statusProblem(res.body, 403, res.headers.get('x-request-id') ?? undefined)).toBeUndefined();
  const status = res.body as Status;
  expect(status.reason).toBe('Forbidden');
  expect(status.message).toContain(JSON.stringify(origin));
  expect(status.fix).toContain('NODUS_MOCK_ALLOWED_ORIGINS=');
  expect(corsHeaders(res)).toEqual([]);
}

describe('CORS', () => {
  const api = withMockApi({ controller: false, allowedOrigins: [CONFIGURED] });

  it("answers a preflight from the console's origins, the mock's own and configured ones", async () => {
    const own = api.server().url;
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://127.0.0.1:4173', own, CONFIGURED]) {
      const res = await preflight(api, origin);
      expect(res.status, origin).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toContain('DELETE');
      expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('refuses a preflight from any other origin, null included, without an Access-Control-Allow header', async () => {
    for (const origin of FOREIGN) expectForbidden(await preflight(api, origin), origin);
  });

  it('grants Private Network Access to an allowed origin only', async () => {
    const pna = { 'Access-Control-Request-Private-Network': 'true' };
    const allowed = await preflight(api, CONFIGURED, pna);
    expect(allowed.headers.get('access-control-allow-private-network')).toBe('true');
    const foreign = await preflight(api, 'https://evil.example', pna);
    expect(foreign.headers.get('access-control-allow-private-network')).toBeNull();
    expectForbidden(foreign, 'https://evil.example');
    // Not asked, not given.
    expect((await preflight(api, CONFIGURED)).headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('refuses a write from a foreign page, a "simple" text/plain POST without preflight included', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'kept' } });
    for (const origin of FOREIGN) {
      // What a page can send without a preflight: no Authorization header, a text/plain body.
      const simple = await api.call('POST', '/_mock/reset', {
        auth: null,
        raw: '{}',
        contentType: 'text/plain',
        headers: { Origin: origin },
      });
      expectForbidden(simple, origin);
      // And with the public key, as it would after a preflight that CORS let through.
      expectForbidden(await api.call('POST', '/_mock/reset', { raw: '{}', headers: { Origin: origin } }), origin);
      expectForbidden(await api.post('/_mock/faults', { errorRate: 1 }, { headers: { Origin: origin } }), origin);
      expectForbidden(await api.del('/api/v1/namespaces/kept', { headers: { Origin: origin } }), origin);
    }
    expect((await api.get('/api/v1/namespaces/kept')).status).toBe(200);
    expect((await api.get<{ errorRate: number }>('/_mock/faults')).body).toMatchObject({ errorRate: 0 });
  });

  it('lets allowed pages and clients without Origin write, and only allowed pages read', async () => {
    const fromConsole = await api.post(
      '/api/v1/namespaces',
      { metadata: { name: 'from-console' } },
      {
        headers: { Origin: 'http://localhost:5173' },
      },
    );
    expect(fromConsole.status).toBe(201);
    expect(fromConsole.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(fromConsole.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect((await api.post('/api/v1/namespaces', { metadata: { name: 'from-curl' } })).status).toBe(201);
    // A foreign page's read is answered (it changes nothing) without CORS headers: its browser keeps the body.
    const read = await api.get(JOBS, { headers: { Origin: 'http://evil.example' } });
    expect(read.status).toBe(200);
    expect(corsHeaders(read)).toEqual([]);
    expect(read.headers.get('access-control-expose-headers')).toBeNull();
  });
});

describe('links in error bodies', () => {
  const api = withMockApi({ controller: false }, { fresh: false });

  it('point at the address the mock listens on, whatever Host the request names', async () => {
    for (const host of ['evil.example', 'evil.example:8001', '127.0.0.1:1']) {
      const outcome = await send(api.server().port, {
        category: 'regression',
        label: host,
        method: '(raw)',
        path: '',
        raw: Buffer.from(
          `GET ${JOBS}/missing HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${DEMO_API_KEY}\r\n\r\n`,
        ),
      });
      if (!outcome.ok) throw new Error(outcome.error);
      const body = JSON.parse(outcome.responses[0]!.body.toString('utf8')) as Status;
      expect(body.docs).toBe(`${api.server().url}/docs/errors/NotFound`);
    }
  });
});

describe('a mock with a public URL', () => {
  const api = withMockApi({ controller: false, publicUrl: 'https://nodus-mock.example/base' }, { fresh: false });

  it('writes its links from it and allows pages of that origin', async () => {
    const res = await api.get<Status>(`${JOBS}/missing`, { headers: { Host: 'evil.example' } });
    expect(res.body.docs).toBe('https://nodus-mock.example/base/docs/errors/NotFound');
    const pre = await preflight(api, 'https://nodus-mock.example');
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://nodus-mock.example');
  });
});
