/** A plain API call and a terminal's WebSocket handshake reach the API with the same forwarded headers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer } from './server.ts';

let upstream: Server;
let server: Server;
let upstreamHost: string;
let consoleHost: string;
let dist: string;
const seen: { plain?: IncomingHttpHeaders; upgrade?: IncomingHttpHeaders } = {};

/** What the browser sends either way, hop-by-hop headers included: those must stop at the console's server. */
const SENT = {
  Authorization: 'Bearer k-1',
  Cookie: 'a=1',
  'X-Request-Id': 'req-7',
  'Proxy-Authorization': 'Basic cHJveHk=',
  'Keep-Alive': 'timeout=5',
  TE: 'trailers',
};

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'nodus-upstream-test-'));
  upstream = createServer((req, res) => {
    seen.plain = req.headers;
    res.end('{}');
  });
  upstream.on('upgrade', (req, socket) => {
    seen.upgrade = req.headers;
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
  });
  upstreamHost = await listen(upstream);
  server = createConsoleServer({ dist, apiUrl: `http://${upstreamHost}/` });
  consoleHost = await listen(server);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => upstream.close(r));
  rmSync(dist, { recursive: true, force: true });
});

/** The headers the two requests have in common: less the WebSocket handshake's own. */
function common(headers: IncomingHttpHeaders | undefined): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => !/^(connection|upgrade|sec-websocket-.*)$/.test(name)),
  );
}

it('forwards the same headers for a plain call and for a WebSocket upgrade', async () => {
  const path = '/apis/nodus.dev/v1/namespaces/p/sandboxes/s/exec';
  await new Promise<void>((resolve, reject) => {
    const req = request(`http://${consoleHost}${path}`, { headers: SENT }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
  const refused = await new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://${consoleHost}${path}`, ['v5.channel.k8s.io'], { headers: SENT });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
  expect(refused).toBe(403);

  const plain = common(seen.plain);
  expect(plain).toEqual(common(seen.upgrade));
  expect(plain).toMatchObject({
    host: upstreamHost,
    'x-forwarded-host': consoleHost,
    'x-forwarded-proto': 'http',
    authorization: 'Bearer k-1',
    cookie: 'a=1',
    'x-request-id': 'req-7',
  });
  for (const hop of ['proxy-authorization', 'keep-alive', 'te']) expect(plain).not.toHaveProperty(hop);
  expect(seen.upgrade).toMatchObject({ connection: 'Upgrade', upgrade: 'websocket' });
});
