/**
 * The header and request clocks hold while the server is busy: 150 watches that never read are being cut off under
 * churn, and meanwhile connections that send half their headers or half a body, and never read what they are
 * sent, are answered and closed all the same. A client that never reads used to keep its connection for ever: the
 * server had ended its side and waited for the client to end its own.
 */
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type ObjectList } from '@/shared/protocol.ts';
import { watchStats } from '@/mock/objects/watch-fanout.ts';
import { job, withMockApi } from './harness.ts';
import { openRawWatch, type RawWatch } from './fuzz/watch-client.ts';

const LIMITS = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, idleTimeoutMs: 65_000, checkIntervalMs: 100 };
const api = withMockApi(
  {
    controller: false,
    watchBufferBytes: 256 * 1024,
    watchBufferTotalBytes: 64 * 2 ** 20,
    watchStallSeconds: 0,
    connections: { ...LIMITS, maxConnections: undefined },
  },
  { fresh: false },
);
const agent = new Agent({ keepAlive: false, maxSockets: 2000 });
const sockets: Socket[] = [];
afterAll(() => {
  agent.destroy();
  for (const socket of sockets) socket.destroy();
});

const IDLE_WATCHES = 150;

/** A connection that writes `text` and then neither writes nor reads again. */
function silent(port: number, text: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.write(text);
  sockets.push(socket);
  return socket;
}

describe('connection clocks under load', () => {
  it('answers and closes half-sent requests, read or not, while 150 watches that never read are cut off', async () => {
    const server = api.server();
    expect((await api.post('/api/v1/namespaces', { metadata: { name: 'busy' } })).status).toBe(201);
    const path = '/apis/nodus.dev/v1/namespaces/busy/jobs';
    // Events of about 8 KB: a watch that never reads outgrows its buffer within a few seconds of churn.
    for (let i = 0; i < 20; i++)
      expect((await api.post(path, job(`j-${i}`, {}, { annotations: { blob: 'x'.repeat(8_000) } }))).status).toBe(201);
    const from = Number((await api.get<ObjectList>(path)).body.metadata.resourceVersion);
    const idle: RawWatch[] = [];
    while (idle.length < IDLE_WATCHES)
      idle.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, () =>
            openRawWatch(server.port, `${path}?watch=true&resourceVersion=${from}`, agent, { skim: true }),
          ),
        )),
      );
    for (const w of idle) w.pause();
    const baseline = server.openConnections() - IDLE_WATCHES;
    const churn = await api.post('/_mock/churn', { project: 'busy', kind: 'Job', eventsPerSecond: 200, seconds: 20 });
    expect(churn.status).toBe(202);

    // Two that never read: half the headers, and the headers with half the body.
    silent(server.port, 'GET /apis/nodus.dev/v1/jobs HTTP/1.1\r\nHost: x\r\n');
    silent(
      server.port,
      `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEMO_API_KEY}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"apiVersion":',
    );
    // And one that reads: it is told why.
    const reader = connect(server.port, '127.0.0.1');
    sockets.push(reader);
    const chunks: Buffer[] = [];
    reader.on('data', (chunk: Buffer) => chunks.push(chunk));
    const answered = new Promise<string>((done) => reader.on('close', () => done(Buffer.concat(chunks).toString())));
    reader.write('GET /apis/nodus.dev/v1/jobs HTTP/1.1\r\nHost: x\r\n');

    const answer = await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('the request did not arrive in time');
    await expect.poll(() => watchStats(server.state).cutOwn, { timeout: 20_000 }).toBe(IDLE_WATCHES);
    // Every half-sent request's connection is gone, and so is every watch cut off: none of them ever read.
    // (Up to one more: the test's own client may have opened a connection since the baseline was taken.)
    await expect.poll(() => server.openConnections() - baseline, { timeout: 10_000 }).toBeLessThanOrEqual(1);
    expect((await api.get('/healthz')).status).toBe(200);
  }, 60_000);
});
