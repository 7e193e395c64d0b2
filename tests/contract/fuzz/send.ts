/**
 * Sends one fuzz case and brings back what the server answered, or why nothing came back (a hang, a dropped
 * connection). node:http sends what it accepts to send (any method token, any body); the rest (bad request lines,
 * control characters in headers, lower-case methods, CONNECT) goes over a bare socket, byte for byte.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { DEMO_API_KEY } from '@/shared/protocol.ts';

export interface FuzzCase {
  category: string;
  /** What the case tries, for the failure report. */
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send no Authorization header. */
  noAuth?: boolean;
  /** Bytes written to a bare socket instead of a request made by node:http. */
  raw?: Buffer;
  /** Run just before the case is sent; may rewrite it from the server's current state (a fresh resourceVersion). */
  prepare?: (c: FuzzCase) => FuzzCase;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** A 200 streamed without a length (a watch, a followed log): `body` holds what arrived first. */
  stream: boolean;
}

export type Outcome = { ok: true; responses: FuzzResponse[] } | { ok: false; error: string };

export const CASE_TIMEOUT_MS = 5000;
/** How long a stream is read before it is dropped: enough for an ERROR event written with the headers. */
const STREAM_PEEK_MS = 15;

export const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * The case's deadline; returns its cancel. The server shares this process, so a loop that stood still (a
 * collection, a busy CI host) would fire the timer before I/O that was already waiting: time the loop lost does
 * not count against the server, and one turn of I/O goes through before the case fails.
 */
function expire(fail: () => void): () => void {
  let last = performance.now();
  let lost = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last > 500) lost += now - last - 100;
    last = now;
  }, 100);
  let cancelled = false;
  let timer = setTimeout(check, CASE_TIMEOUT_MS);
  function check(): void {
    setImmediate(() => {
      if (cancelled) return;
      if (lost > 0) {
        timer = setTimeout(check, lost);
        lost = 0;
        return;
      }
      clearInterval(ticker);
      fail();
    });
  }
  return () => {
    cancelled = true;
    clearTimeout(timer);
    clearInterval(ticker);
  };
}

/** What the agent held when a case timed out: a queue behind stuck sockets reads differently from a slow server. */
function agentLoad(): string {
  const count = (d: NodeJS.ReadOnlyDict<unknown[]>): number =>
    Object.values(d).reduce((n, l) => n + (l?.length ?? 0), 0);
  return `agent: ${count(agent.sockets)} sockets in use, ${count(agent.requests)} requests queued`;
}

function flatHeaders(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function viaHttp(port: number, c: FuzzCase): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {
      ...(c.noAuth ? {} : { Authorization: `Bearer ${DEMO_API_KEY}` }),
      ...c.headers,
    };
    const lower = Object.keys(headers).map((h) => h.toLowerCase());
    if (c.body !== undefined && !lower.includes('content-length') && !lower.includes('transfer-encoding')) {
      headers['Content-Length'] = Buffer.byteLength(c.body);
    }
    let settled = false;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      deadline();
      resolve(outcome);
    };
    const req = request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      const stream = res.statusCode === 200 && res.headers['content-length'] === undefined;
      let ended = false;
      const done = (): void =>
        finish({
          ok: true,
          responses: [
            { status: res.statusCode ?? 0, headers: flatHeaders(res.headers), body: Buffer.concat(chunks), stream },
          ],
        });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        ended = true;
        done();
      });
      res.on('error', done);
      if (stream) {
        setTimeout(() => {
          done();
          // A stream still open is dropped; one that ended gave its socket back to the agent, which must stay.
          if (!ended) req.destroy();
        }, STREAM_PEEK_MS);
      }
    });
    const deadline = expire(() => {
      finish({ ok: false, error: `no answer within ${CASE_TIMEOUT_MS} ms; ${agentLoad()}` });
      req.destroy();
    });
    req.on('error', (error) => finish({ ok: false, error: `connection failed: ${error.message}` }));
    req.end(c.body);
  });
}

/** Splits what a bare socket received into responses (Content-Length or chunked bodies). */
export function parseResponses(data: Buffer): FuzzResponse[] {
  const out: FuzzResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine = '', ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let bodyStart = end + 4;
    if (status === 100) {
      at = bodyStart;
      continue;
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      out.push({ status, headers, body: data.subarray(bodyStart, bodyStart + length), stream: false });
      at = bodyStart + length;
    } else if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = data.indexOf('\r\n', bodyStart);
        if (lineEnd < 0) break;
        const size = parseInt(data.subarray(bodyStart, lineEnd).toString('latin1'), 16);
        if (!(size > 0)) {
          bodyStart = lineEnd + 4;
          break;
        }
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        bodyStart = lineEnd + 2 + size + 2;
      }
      out.push({ status, headers, body: Buffer.concat(parts), stream: status === 200 });
      at = bodyStart;
    } else {
      out.push({ status, headers, body: data.subarray(bodyStart), stream: false });
      break;
    }
  }
  return out;
}

function viaSocket(port: number, bytes: Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      deadline();
      socket.destroy();
      resolve(outcome);
    };
    const deadline = expire(() => finish({ ok: false, error: `no answer within ${CASE_TIMEOUT_MS} ms` }));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const responses = parseResponses(Buffer.concat(chunks));
      finish(
        responses.length > 0
          ? { ok: true, responses }
          : { ok: false, error: 'the connection closed without an answer' },
      );
    });
    socket.end(bytes);
  });
}

export function send(port: number, c: FuzzCase): Promise<Outcome> {
  return c.raw ? viaSocket(port, c.raw) : viaHttp(port, c);
}
