/**
 * Connections hold the server only as long as a client uses them: half-sent headers, half-sent bodies, silence and
 * idle keep-alive connections are closed after their timeouts, the number of connections is bounded (and the log
 * says so when connections are refused), while a watch runs as long as it likes.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { connectionBound, openFileLimit } from '@/mock/http/connections.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { withMockApi } from './harness.ts';

const LIMITS = { headersTimeoutMs: 300, requestTimeoutMs: 600, idleTimeoutMs: 300, checkIntervalMs: 50 };
const api = withMockApi({ controller: false, connections: { ...LIMITS, maxConnections: undefined } }, { fresh: false });
const AUTH = `Authorization: Bearer ${DEMO_API_KEY}\r\n`;

interface Opened {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

function open(port: number): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<string>((done) => socket.on('close', () => done(Buffer.concat(chunks).toString())));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, closed }));
  });
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

async function tracked(port: number): Promise<Opened> {
  const opened = await open(port);
  sockets.push(opened.socket);
  return opened;
}

describe('timeouts', () => {
  it('closes a connection that sends half its headers, and says the request did not arrive in time', async () => {
    const { socket, closed } = await tracked(api.server().port);
    socket.write('GET /apis/nodus.dev/v1/jobs HTTP/1.1\r\nHost: x\r\n');
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('the request did not arrive in time');
  });

  it('closes a connection that sends nothing at all', async () => {
    const { closed } = await tracked(api.server().port);
    await closed;
  });

  it('closes a connection whose body stops halfway', async () => {
    const { socket, closed } = await tracked(api.server().port);
    socket.write(
      `POST /apis/nodus.dev/v1/namespaces/default/budgets HTTP/1.1\r\nHost: x\r\n${AUTH}` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"apiVersion":',
    );
    await closed;
    // Nothing half-read was stored.
    const list = await api.get<{ items: unknown[] }>('/apis/nodus.dev/v1/namespaces/default/budgets');
    expect(list.status).toBe(200);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const { socket, closed } = await tracked(api.server().port);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    expect(await closed).toMatch(/^HTTP\/1\.1 200 [\s\S]*ok$/);
  });

  it('lets a watch run past every timeout', async () => {
    const { socket, closed } = await tracked(api.server().port);
    const received: string[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    socket.write(`GET /apis/nodus.dev/v1/namespaces/default/budgets?watch=true HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n`);
    await vi.waitFor(() => expect(received.join('')).toMatch(/^HTTP\/1\.1 200 /));
    // A connection that goes silent at the same moment is closed after the timeouts; the watch outlives it.
    await (
      await tracked(api.server().port)
    ).closed;
    const made = await api.post('/apis/nodus.dev/v1/namespaces/default/budgets', {
      apiVersion: 'nodus.dev/v1',
      kind: 'Budget',
      metadata: { name: 'after-timeouts' },
      spec: { limitUSD: '5.00' },
    });
    expect(made.status, made.text).toBe(201);
    await vi.waitFor(() => expect(received.join('')).toContain('"name":"after-timeouts"'));
    socket.destroy();
    await closed;
  });

  it('delivers 2,500 headers whole: the API key after them is still read', async () => {
    const { socket, closed } = await tracked(api.server().port);
    const many = Array.from({ length: 2500 }, (_, i) => `x${i % 10}:1\r\n`).join('');
    socket.write(`GET /apis/nodus.dev/v1/jobs?limit=1 HTTP/1.1\r\nHost: x\r\n${many}${AUTH}Connection: close\r\n\r\n`);
    expect(await closed).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('the number of connections', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is bounded: one more is refused, the log says so once, and those open keep working', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      server = await startMockServer({ port: 0, controller: false, connections: { ...LIMITS, maxConnections: 3 } });
      const held = await Promise.all([tracked(server.port), tracked(server.port), tracked(server.port)]);
      const extra = [await tracked(server.port), await tracked(server.port)];
      for (const { closed } of extra) expect(await closed).toBe('');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/^refused 1 connection: 3 are open, the most this server accepts/);

      held[0]!.socket.write(`GET /version HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(await held[0]!.closed).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      warn.mockRestore();
    }
  });

  it('follows the open-file limit unless configured', () => {
    const limits = { ...LIMITS, maxConnections: undefined };
    expect(openFileLimit('Max open files            1024                 4096                 files\n')).toBe(1024);
    expect(connectionBound(limits, 1024)).toBe(960);
    expect(connectionBound(limits, 1_000_000)).toBe(8192);
    expect(connectionBound({ ...limits, maxConnections: 50 }, 1024)).toBe(50);
  });
});
