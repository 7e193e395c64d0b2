import { describe, expect, it } from 'vitest';
import { JOBS, job, status, withMockApi, type Res } from './harness.ts';

const api = withMockApi();

function expectStatus(res: Res, code: number, reason: string): void {
  expect(res.status).toBe(code);
  const st = status(res);
  expect(st).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason });
  expect(st.message.length).toBeGreaterThan(10);
  expect(st.fix!.length).toBeGreaterThan(10);
  expect(st.docs).toMatch(new RegExp(`/docs/errors/${reason}$`));
  expect(st.requestId).toMatch(/^req_[0-9a-z]{26}$/);
  expect(res.headers.get('x-request-id')).toBe(st.requestId);
}

describe('errors', () => {
  it('answers unknown paths with a 404 Status', async () => {
    expectStatus(await api.get('/nope'), 404, 'NotFound');
    expectStatus(await api.get('/apis/nodus.dev/v1/namespaces/default/widgets'), 404, 'NotFound');
  });

  it('says where malformed JSON breaks', async () => {
    const res = await api.call('POST', JOBS, { raw: '{\n  "metadata": {"name": "x"},\n  "spec": {"image": }\n}' });
    expectStatus(res, 400, 'BadRequest');
    expect(status(res).message).toMatch(/line 3, column \d+/);
  });

  it('says where malformed YAML breaks', async () => {
    const res = await api.call('POST', JOBS, {
      raw: 'metadata:\n  name: x\nspec:\n  image: [unclosed\n',
      contentType: 'application/yaml',
    });
    expectStatus(res, 400, 'BadRequest');
    expect(status(res).message).toMatch(/YAML.*line \d+, column \d+/);
  });

  it('accepts YAML bodies', async () => {
    const res = await api.call('POST', JOBS, {
      raw: 'metadata:\n  name: from-yaml\nspec:\n  image: nodus/python:3.12\n',
      contentType: 'application/yaml',
    });
    expect(res.status).toBe(201);
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const big = JSON.stringify(job('big', { env: [{ name: 'X', value: 'x'.repeat(1024 * 1024) }] }));
    expectStatus(await api.call('POST', JOBS, { raw: big }), 413, 'RequestEntityTooLarge');
  });

  it('names unknown fields with 422', async () => {
    const res = await api.post(JOBS, job('unknown', { imagee: 'typo', resources: { gpus: 2 } }));
    expectStatus(res, 422, 'Invalid');
    const causes = status(res).details?.causes ?? [];
    expect(causes.map((c) => c.field)).toEqual(expect.arrayContaining(['spec.imagee', 'spec.resources.gpus']));
    expect(causes.find((c) => c.field === 'spec.imagee')?.message).toContain('did you mean "image"');
    const top = await api.post(JOBS, { ...job('unknown2'), extra: true });
    expect(status(top).details?.causes?.[0]?.field).toBe('extra');
  });

  it('drops unknown fields with a Warning under fieldValidation=Warn', async () => {
    const res = await api.post(`${JOBS}?fieldValidation=Warn`, job('warned', { imagee: 'typo' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('warning')).toContain('spec.imagee');
  });

  it('answers wrong content types with 415', async () => {
    expectStatus(
      await api.call('POST', JOBS, { raw: 'name=x', contentType: 'application/x-www-form-urlencoded' }),
      415,
      'UnsupportedMediaType',
    );
  });

  it('answers type errors, bad values and wrong kinds with causes', async () => {
    const res = await api.post(JOBS, job('types', { maxCostUSD: 40, retries: -1, state: 'Paused' }));
    expectStatus(res, 422, 'Invalid');
    expect(
      status(res)
        .details?.causes?.map((c) => c.field)
        .sort(),
    ).toEqual(['spec.maxCostUSD', 'spec.retries', 'spec.state']);
    const wrongKind = await api.post(JOBS, { ...job('k'), kind: 'Sandbox' });
    expectStatus(wrongKind, 400, 'BadRequest');
    const missing = await api.post(JOBS, job('img', { image: 'nodus/nothing:1.0' }));
    expect(status(missing).details?.causes?.[0]?.message).toContain('kubectl get images -n nodus');
  });

  it('answers unsupported methods with a Status', async () => {
    expectStatus(await api.call('PUT', JOBS, { body: job('x') }), 405, 'MethodNotAllowed');
  });

  it('serves the page each Status docs link points at', async () => {
    const res = await api.get('/nope');
    const docs = await fetch(status(res).docs!);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(await docs.text()).toContain('NotFound');
  });

  it('puts X-Request-Id on every response, successes included', async () => {
    const res = await api.get(JOBS);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await api.get('/healthz', { auth: null })).headers.get('x-request-id')).toMatch(/^req_/);
  });
});
