/**
 * Invoking a Function: POST .../functions/{name}/invoke passes the body to the mock's handler (echo, fail, slow,
 * chosen by spec.handler) and its answer back, marked as the Function's by the invocation headers; refusals of
 * the API are Statuses without them. Each invocation is charged to the Function's costUSD.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import { status, withMockApi, type Api } from './harness.ts';

const api = withMockApi({ speed: 200, priceDrift: false });

const FUNCTIONS = '/apis/nodus.dev/v1/namespaces/default/functions';
const invokePath = (name: string, project = 'default') =>
  `/apis/nodus.dev/v1/namespaces/${project}/functions/${name}/invoke`;

async function runningFunction(a: Api, name: string, spec: Record<string, unknown> = {}): Promise<NodusObject> {
  const created = await a.post(FUNCTIONS, {
    apiVersion: 'nodus.dev/v1',
    kind: 'Function',
    metadata: { name },
    spec: { image: 'nodus/node:22', resources: { cpu: 1, memoryGiB: 1 }, maxCostUSD: '100.00', ...spec },
  });
  expect(created.status).toBe(201);
  await expect
    .poll(async () => (await a.get<NodusObject>(`${FUNCTIONS}/${name}`)).body.status?.phase, { timeout: 10_000 })
    .toBe('Running');
  return (await a.get<NodusObject>(`${FUNCTIONS}/${name}`)).body;
}

describe('invoking a Function', () => {
  it('echoes the body with the method, chosen headers and the time, marked as the Function’s answer', async () => {
    await runningFunction(api, 'echoer', { handler: 'app.echo' });
    const res = await api.post(invokePath('echoer'), { hello: 'world' }, { headers: { 'X-Trace': 't-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('nodus-invocation-id')).toMatch(/^inv_[0-9a-z]{26}$/);
    expect(Number(res.headers.get('nodus-duration-ms'))).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('nodus-charged-usd')).toBe('0.0002');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const body = res.body as Record<string, unknown>;
    expect(body.echo).toEqual({ hello: 'world' });
    expect(body.method).toBe('POST');
    expect(body.headers).toMatchObject({ 'content-type': 'application/json', 'x-trace': 't-1' });
    expect(body.headers).not.toHaveProperty('authorization');
    expect(Date.parse(String(body.receivedAt))).not.toBeNaN();
  });

  it('echoes a body that is not JSON as text, and answers for any handler it does not know like echo', async () => {
    const res = await api.call('POST', invokePath('webhook-router', 'platform'), {
      raw: 'plain words',
      contentType: 'text/plain',
    });
    expect(res.status).toBe(200);
    expect((res.body as Record<string, unknown>).echo).toBe('plain words');
  });

  it('passes a failing handler’s 500 and error body through, still marked as the Function’s', async () => {
    await runningFunction(api, 'failer', { handler: 'fail' });
    const res = await api.post(invokePath('failer'), {});
    expect(res.status).toBe(500);
    expect(res.headers.get('nodus-invocation-id')).toMatch(/^inv_/);
    expect(res.body).toMatchObject({ error: 'HandlerError', function: 'failer' });
    expect((res.body as Record<string, unknown>).kind).toBeUndefined();
  });

  it('answers a slow handler after sleepMs, and cuts it off at spec.timeoutSeconds with a 504 Timeout', async () => {
    await runningFunction(api, 'sleeper', { handler: 'jobs.slow', timeoutSeconds: 1, concurrency: 2 });
    const started = Date.now();
    const quick = await api.post(invokePath('sleeper'), { sleepMs: 300 });
    expect(quick.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Number(quick.headers.get('nodus-duration-ms'))).toBeGreaterThanOrEqual(290);

    const cut = await api.post(invokePath('sleeper'), { sleepMs: 5000 });
    expect(cut.status).toBe(504);
    expect(status(cut).reason).toBe('Timeout');
    expect(status(cut).fix).toContain('spec.timeoutSeconds');
    expect(cut.headers.get('nodus-invocation-id')).toMatch(/^inv_/);
    expect(Number(cut.headers.get('nodus-duration-ms'))).toBeGreaterThanOrEqual(990);
    expect(Number(cut.headers.get('nodus-duration-ms'))).toBeLessThan(4000);
  });

  it('answers 429 with Retry-After beyond spec.concurrency × replicas at once', async () => {
    await runningFunction(api, 'single', { handler: 'slow', concurrency: 1, minReplicas: 0 });
    const first = api.post(invokePath('single'), { sleepMs: 1500 });
    let busy: Awaited<typeof first> | undefined;
    await expect
      .poll(async () => (busy = await api.post(invokePath('single'), { sleepMs: 0 })).status, { timeout: 5000 })
      .toBe(429);
    expect(busy!.headers.get('retry-after')).toBe('1');
    expect(busy!.headers.get('nodus-invocation-id')).toBeNull();
    expect(status(busy!).reason).toBe('TooManyRequests');
    expect((await first).status).toBe(200);
    expect((await api.post(invokePath('single'), { sleepMs: 0 })).status).toBe(200);
  });
});

describe('refusals of the API, told apart by the missing invocation header', () => {
  it('refuses a Stopped Function with 409, its phase and how to start it', async () => {
    const res = await api.post(invokePath('classify', 'vision'), { x: 1 });
    expect(res.status).toBe(409);
    expect(res.headers.get('nodus-invocation-id')).toBeNull();
    const s = status(res);
    expect(s.reason).toBe('Conflict');
    expect(s.message).toContain('is Stopped');
    expect(s.details?.causes).toEqual([{ field: 'status.phase', reason: 'NotRunning', message: 'Stopped' }]);
    expect(s.fix).toContain('spec.state to Running');
    expect(s.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers 404 for a Function that does not exist, and for kinds that take no invocations', async () => {
    const missing = await api.post(invokePath('nope'), {});
    expect(missing.status).toBe(404);
    expect(missing.headers.get('nodus-invocation-id')).toBeNull();
    const job = await api.post('/apis/nodus.dev/v1/namespaces/nlp/jobs/anything/invoke', {});
    expect(job.status).toBe(404);
    expect(status(job).message).toContain('only Functions answer requests');
  });

  it('takes POST only', async () => {
    const res = await api.get(invokePath('echo', 'platform'));
    expect(res.status).toBe(405);
    expect(status(res).reason).toBe('MethodNotAllowed');
  });

  it('refuses a body over 1 MiB with 413 before the Function sees it', async () => {
    const before = (await api.get<NodusObject>('/apis/nodus.dev/v1/namespaces/platform/functions/echo')).body;
    const res = await api.call('POST', invokePath('echo', 'platform'), {
      raw: 'x'.repeat(1024 * 1024 + 1),
      contentType: 'application/octet-stream',
    });
    expect(res.status).toBe(413);
    expect(status(res).reason).toBe('RequestEntityTooLarge');
    expect(res.headers.get('nodus-invocation-id')).toBeNull();
    const after = (await api.get<NodusObject>('/apis/nodus.dev/v1/namespaces/platform/functions/echo')).body;
    expect(Number(after.status?.costUSD)).toBeLessThan(Number(before.status?.costUSD) + 0.01);
  });
});

describe('charges per invocation', () => {
  it('adds the price book’s function.request to status.costUSD and the usage report', async () => {
    expect((await api.post('/_mock/price-book', { rates: { 'function.request': '1.00' } })).status).toBe(200);
    const fn = await runningFunction(api, 'billed', { handler: 'echo' });
    const before = Number(fn.status?.costUSD ?? 0);
    const res = await api.post(invokePath('billed'), {});
    expect(res.headers.get('nodus-charged-usd')).toBe('1.00');
    const after = (await api.get<NodusObject>(`${FUNCTIONS}/billed`)).body;
    expect(Number(after.status?.costUSD)).toBeGreaterThanOrEqual(before + 1);
    expect(Number(after.status?.costUSD)).toBeLessThan(before + 1.5);
    // Stopped, nothing more accrues: the usage report, from the ledger, adds up to costUSD exactly.
    await api.patch(`${FUNCTIONS}/billed`, { spec: { state: 'Stopped' } });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${FUNCTIONS}/billed`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Stopped');
    const stopped = (await api.get<NodusObject>(`${FUNCTIONS}/billed`)).body;
    const report = await api.get<{ status: { totalUSD: string } }>(
      '/apis/usage.nodus.dev/v1/namespaces/default/usage?window=24h&object=Function/billed',
    );
    expect(report.status).toBe(200);
    expect(Number(report.body.status.totalUSD)).toBe(Number(stopped.status?.costUSD));
    expect(Number(report.body.status.totalUSD)).toBeGreaterThanOrEqual(1);
  });

  it('refuses an invocation that would pass spec.maxCostUSD with 409 and how to raise it', async () => {
    expect((await api.post('/_mock/price-book', { rates: { 'function.request': '1.00' } })).status).toBe(200);
    await runningFunction(api, 'capped', { handler: 'echo', maxCostUSD: '1.50' });
    expect((await api.post(invokePath('capped'), {})).status).toBe(200);
    const refused = await api.post(invokePath('capped'), {});
    expect(refused.status).toBe(409);
    expect(refused.headers.get('nodus-invocation-id')).toBeNull();
    expect(status(refused).message).toContain('spec.maxCostUSD');
    expect(status(refused).fix).toContain('Raise spec.maxCostUSD');
  });
});

describe('discovery and CORS', () => {
  it('lists functions/invoke with the verb create', async () => {
    const res = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/apis/nodus.dev/v1');
    const invoke = res.body.resources.find((r) => r.name === 'functions/invoke');
    expect(invoke?.verbs).toEqual(['create']);
    expect(res.body.resources.some((r) => r.name === 'jobs/invoke')).toBe(false);
  });

  it('lets an allowed page read the invocation headers', async () => {
    const res = await fetch(api.url(invokePath('echo', 'platform')), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${DEMO_API_KEY}`,
        Origin: 'http://localhost:5173',
        'Content-Type': 'text/plain',
      },
      body: 'hi',
    });
    expect(res.status).toBe(200);
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['Nodus-Invocation-Id', 'Nodus-Duration-Ms', 'Nodus-Charged-USD', 'X-Request-Id'])
      expect(exposed).toContain(header);
  });
});

describe('endpoints', () => {
  it('says what a Running Sandbox exposes, each port with its URL, and nothing once it stops', async () => {
    const SANDBOXES = '/apis/nodus.dev/v1/namespaces/default/sandboxes';
    await api.post(SANDBOXES, {
      apiVersion: 'nodus.dev/v1',
      kind: 'Sandbox',
      metadata: { name: 'web' },
      spec: {
        image: 'nodus/python:3.12',
        resources: { cpu: 1, memoryGiB: 1 },
        ports: [
          { port: 8080, public: true },
          { port: 5432, protocol: 'TCP' },
        ],
      },
    });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${SANDBOXES}/web`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Running');
    const running = (await api.get<NodusObject>(`${SANDBOXES}/web`)).body.status!;
    expect(running.endpoints).toEqual([
      { port: 8080, protocol: 'HTTP', public: true, url: 'https://8080-web--default.nodus.run' },
      { port: 5432, protocol: 'TCP', public: false, url: 'tcp://web.default.internal:5432' },
    ]);
    expect(running.url).toBe('https://8080-web--default.nodus.run');
    await api.patch(`${SANDBOXES}/web`, { spec: { state: 'Stopped' } });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${SANDBOXES}/web`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Stopped');
    const stopped = (await api.get<NodusObject>(`${SANDBOXES}/web`)).body.status!;
    expect(stopped.endpoints).toEqual([]);
    expect(stopped.url).toBeUndefined();
  });

  it('gives a Running Function its public URL', async () => {
    const fn = await runningFunction(api, 'served');
    expect(fn.status?.url).toBe('https://served--default.fn.nodus.run');
    expect(fn.status?.endpoints).toEqual([
      { port: 8080, protocol: 'HTTP', public: true, url: 'https://served--default.fn.nodus.run' },
    ]);
  });
});
