/** The console's server passes a terminal's WebSocket through to the API, and the API's refusal back as it was. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createConsoleServer } from './server.ts';

let upstream: Server;
let server: Server;
let base: string;
let dist: string;

function listen(s: Server): Promise<number> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'nodus-upgrade-test-'));
  upstream = createServer();
  const wss = new WebSocketServer({ noServer: true, handleProtocols: () => 'v5.channel.k8s.io' });
  upstream.on('upgrade', (req, socket, head) => {
    if (req.url?.includes('stopped')) {
      const body = '{"kind":"Status","status":"Failure","reason":"Conflict","code":409,"message":"not running"}';
      socket.end(
        `HTTP/1.1 409 Conflict\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(`${req.url} ${req.headers['sec-websocket-protocol']}`);
      ws.on('message', (data: Buffer) => ws.send(Buffer.concat([Buffer.from('echo:'), data])));
    });
  });
  const port = await listen(upstream);
  server = createConsoleServer({ dist, apiUrl: `http://127.0.0.1:${port}` });
  base = `ws://127.0.0.1:${await listen(server)}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => upstream.close(r));
  rmSync(dist, { recursive: true, force: true });
});

it('joins the browser and the API once the API switches protocols, subprotocols included', async () => {
  const ws = new WebSocket(`${base}/apis/nodus.dev/v1/namespaces/p/sandboxes/s/exec?command=sh`, [
    'v5.channel.k8s.io',
    'base64url.bearer.authorization.k8s.io.a2V5',
  ]);
  const messages: string[] = [];
  const two = new Promise<void>((resolve) =>
    ws.on('message', (data: Buffer) => {
      messages.push(data.toString());
      if (messages.length === 1) ws.send('hi');
      if (messages.length === 2) resolve();
    }),
  );
  await two;
  expect(ws.protocol).toBe('v5.channel.k8s.io');
  expect(messages).toEqual([
    '/apis/nodus.dev/v1/namespaces/p/sandboxes/s/exec?command=sh v5.channel.k8s.io,base64url.bearer.authorization.k8s.io.a2V5',
    'echo:hi',
  ]);
  ws.close();
});

it("hands back the API's refusal before the upgrade, and refuses paths that are not the API's", async () => {
  const refused = (url: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(url, ['v5.channel.k8s.io']);
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('error', () => undefined);
    });
  expect(await refused(`${base}/apis/nodus.dev/v1/namespaces/p/sandboxes/stopped/exec`)).toBe(409);
  expect(await refused(`${base}/projects/p`)).toBe(404);
});
