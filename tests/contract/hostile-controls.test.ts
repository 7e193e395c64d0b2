/**
 * The mock-only controls the console's hostile-input tests use to get text of their choosing where only the server
 * writes: a project annotated mock.nodus.dev/refuse-with answers with that Status text; an object annotated
 * mock.nodus.dev/outcome-message ends its run with that message. The text goes out as it came in (JSON escapes
 * it); rendering it inertly is the console's job.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, Status } from '@/shared/protocol.ts';
import { job, withMockApi } from './harness.ts';

const api = withMockApi({ speed: 100, finalizeSeconds: 0.1 });
const HOSTILE = '<img src=x onerror="window.__pwned=1">\u202Eevil\u200B \u001b[31mred\u001b[0m';

async function project(name: string, annotations: Record<string, string> = {}): Promise<void> {
  const res = await api.post('/api/v1/namespaces', { metadata: { name, annotations } });
  expect(res.status, res.text).toBe(201);
}

describe('mock.nodus.dev/refuse-with', () => {
  it("answers every request for the project's objects with a 500 carrying the given message, fix and docs", async () => {
    await project('refusing', {
      'mock.nodus.dev/refuse-with': JSON.stringify({
        message: HOSTILE,
        fix: `fix ${HOSTILE}`,
        docs: 'javascript:alert(1)',
      }),
    });
    for (const path of [
      '/apis/nodus.dev/v1/namespaces/refusing/jobs',
      '/apis/nodus.dev/v1/namespaces/refusing/jobs?watch=true',
      '/apis/nodus.dev/v1/namespaces/refusing/budgets/b',
    ]) {
      const res = await api.get<Status>(path);
      expect(res.status, path).toBe(500);
      expect(res.body).toMatchObject({
        kind: 'Status',
        reason: 'InternalError',
        code: 500,
        message: HOSTILE,
        fix: `fix ${HOSTILE}`,
        docs: 'javascript:alert(1)',
      });
      expect(res.body.requestId).toEqual(expect.any(String));
    }
    const write = await api.post<Status>('/apis/nodus.dev/v1/namespaces/refusing/jobs', job('j'));
    expect(write.status).toBe(500);
    // The project itself still answers, and other projects are untouched.
    expect((await api.get('/api/v1/namespaces/refusing')).status).toBe(200);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/default/jobs')).status).toBe(200);
  });

  it('takes a value that is not JSON as the message, with the usual fix and docs', async () => {
    await project('refusing-plain', { 'mock.nodus.dev/refuse-with': 'plain <b>text</b>' });
    const res = await api.get<Status>('/apis/nodus.dev/v1/namespaces/refusing-plain/jobs');
    expect(res.body).toMatchObject({
      reason: 'InternalError',
      message: 'plain <b>text</b>',
      fix: expect.stringMatching(/requestId/),
      docs: expect.stringMatching(/\/docs\/errors\/InternalError$/),
    });
  });
});

describe('mock.nodus.dev/outcome-message', () => {
  it('ends the run with the given message in status.message and the Ready condition', async () => {
    const annotations = {
      'mock.nodus.dev/run-seconds': '5',
      'mock.nodus.dev/outcome': 'Failed',
      'mock.nodus.dev/outcome-message': HOSTILE,
    };
    const path = '/apis/nodus.dev/v1/namespaces/default/jobs/hostile-end';
    expect(
      (await api.post('/apis/nodus.dev/v1/namespaces/default/jobs', job('hostile-end', {}, { annotations }))).status,
    ).toBe(201);
    await expect
      .poll(async () => (await api.get<NodusObject>(path)).body.status?.phase, { timeout: 10_000 })
      .toBe('Failed');
    const done = (await api.get<NodusObject>(path)).body;
    expect(done.status?.message).toBe(HOSTILE);
    expect(done.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      message: HOSTILE,
    });
  });
});
