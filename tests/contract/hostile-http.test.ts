/**
 * Regressions the fuzz corpus found below the handlers: requests Node's parser refuses, Host headers that are no
 * host, CONNECT, unknown expectations, broken percent-encoding and clients that hang up mid-body. Each once got a
 * bare answer without a Status, no answer at all, a 500, or (for the Host header) ended the process.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { withMockApi } from './harness.ts';
import { send, type FuzzResponse } from './fuzz/send.ts';
import { statusProblem } from './fuzz/verdict.ts';

const api = withMockApi({ controller: false });
const AUTH = `Authorization: Bearer ${DEMO_API_KEY}\r\n`;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  consoleError.mockRestore();
});

/** Writes the bytes to a bare socket and returns the first answer. */
async function raw(bytes: string): Promise<FuzzResponse> {
  const outcome = await send(api.server().port, {
    category: 'regression',
    label: bytes.slice(0, 40),
    method: '(raw)',
    path: '',
    raw: Buffer.from(bytes, 'latin1'),
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.responses[0]!;
}

function expectStatus(res: FuzzResponse, code: number, reason: string): void {
  expect(res.status).toBe(code);
  const body: unknown = JSON.parse(res.body.toString('utf8'));
  expect(statusProblem(body, code, res.headers['x-request-id'])).toBeUndefined();
  expect(body).toMatchObject({ reason });
}

describe('requests that never reach a handler', () => {
  it('answers a Host header that is no host, instead of rejecting a promise nobody awaits', async () => {
    for (const host of ['[', 'a b', 'a@b:c:d', 'localhost:99999']) {
      const res = await raw(`GET /apis HTTP/1.1\r\nHost: ${host}\r\n${AUTH}\r\n`);
      expect(res.status).toBe(200);
    }
    expect((await api.get('/healthz')).status).toBe(200);
  });

  it('refuses an HTTP/1.1 request without Host with a Status', async () => {
    expectStatus(await raw(`GET /apis HTTP/1.1\r\n${AUTH}\r\n`), 400, 'BadRequest');
  });

  it('refuses a request target that is no URL path with a Status', async () => {
    expectStatus(await raw(`GET //[ HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`), 400, 'BadRequest');
  });

  it('answers what the HTTP parser refuses with a Status: unknown methods, huge headers, broken framing', async () => {
    expectStatus(await raw(`FOO /apis HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`), 405, 'MethodNotAllowed');
    expectStatus(await raw(`get /apis HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`), 405, 'MethodNotAllowed');
    const big = await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
    expectStatus(big, 400, 'BadRequest');
    expect(JSON.parse(big.body.toString('utf8'))).toMatchObject({ message: expect.stringContaining('16 KiB') });
    expectStatus(await raw(`POST /apis HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n${AUTH}\r\n`), 400, 'BadRequest');
    expectStatus(await raw(`GET /apis HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n${AUTH}\r\n`), 400, 'BadRequest');
  });

  it('refuses CONNECT with a Status instead of dropping the connection', async () => {
    expectStatus(await raw(`CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`), 405, 'MethodNotAllowed');
  });

  it('serves a request whose Expect header it does not know, instead of a bare 417', async () => {
    const res = await raw(`GET /apis HTTP/1.1\r\nHost: x\r\nExpect: the-unexpected\r\n${AUTH}\r\n`);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers a malformed percent-encoding in the path with a 400, not a 500', async () => {
    for (const path of [
      '/apis/nodus.dev/v1/namespaces/%E0%A4%A/jobs',
      '/api/v1/namespaces/%',
      '/apis/nodus.dev/v1/namespaces/default/jobs/%zz%',
    ]) {
      const res = await api.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reason: 'BadRequest', message: expect.stringContaining('percent-encoding') });
    }
  });

  it('logs no InternalError when a client breaks off a body mid-way, and answers it with a Status', async () => {
    const res = await raw(
      `POST /apis/nodus.dev/v1/namespaces/default/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${AUTH}\r\nzz\r\nabc\r\n0\r\n\r\n`,
    );
    expectStatus(res, 400, 'BadRequest');
    // The handler's read of the body fails when the socket closes; a request after that is answered after it.
    expect((await api.get('/healthz')).status).toBe(200);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
