/**
 * LogSession against the real mock: a stream that breaks midway is resumed from the last line's second, and the
 * lines held are exactly the server's, none twice, none lost. The break is made by cutting the real response
 * after a few chunks (the mock's faults cut watches, not logs).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, networkError, type ApiClient, type ByteStream } from '@/data/client/index.ts';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { WatchShare } from '@/data/watch/share/share.ts';
import { MemoryLocks } from '@/data/watch/share/testing.ts';
import type { Channel } from '@/data/watch/share/wire.ts';
import { FLOOD_REDRAW_MS, LogSession } from './log-session.ts';

let mock: MockServer;
let client: ApiClient;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, controller: false });
  client = createApiClient({ baseUrl: mock.url, apiKey: DEMO_API_KEY });
});
afterAll(async () => {
  await mock.close();
});

const PATH = '/apis/nodus.dev/v1/namespaces/default/jobs/log-flood/log';

/** The real client, whose first answer breaks after `chunks` chunks like a dropped connection. */
function breakingClient(chunks: number): { client: Pick<ApiClient, 'stream'>; calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  return {
    calls,
    client: {
      async stream(path, options) {
        calls.push({ ...options?.params });
        const stream = await client.stream(path, options);
        if (calls.length > 1) return stream;
        const cut: ByteStream = {
          url: stream.url,
          requestId: stream.requestId,
          contentLength: stream.contentLength,
          async *[Symbol.asyncIterator]() {
            let n = 0;
            for await (const chunk of stream) {
              if (n++ === chunks) throw networkError('GET', stream.url, new Error('connection reset'));
              yield chunk;
            }
          },
        };
        return cut;
      },
    },
  };
}

function until(session: LogSession, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const off = session.subscribe(() => {
      if (done()) {
        off();
        resolve();
      }
    });
  });
}

/** A log stream fed by the test, line by line, through the client's own ByteStream shape. */
function fedClient(): { client: Pick<ApiClient, 'stream'>; push: (lines: number) => void } {
  const queue: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  let n = 0;
  return {
    push: (lines) => {
      queue.push(new TextEncoder().encode(Array.from({ length: lines }, () => `line ${++n}\n`).join('')));
      wake?.();
    },
    client: {
      stream: async (path) => ({
        url: path,
        requestId: 'req-fed',
        contentLength: undefined,
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const chunk = queue.shift();
            if (chunk) yield chunk;
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        },
      }),
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LogSession', { timeout: 60_000 }, () => {
  it('follows a log only with a slot of the browser’s budget: waits, saying so, until another log lets go', async () => {
    // One slot, two tabs' followed logs, through the same share the console's watches use.
    const locks = new MemoryLocks();
    const channels: Channel[] = [];
    const share = (tab: string) =>
      new WatchShare({
        env: {
          locks: locks.tab(),
          tab,
          visible: () => true,
          channel: (name) => {
            const channel = new BroadcastChannel(name) as unknown as Channel;
            channels.push(channel);
            return channel;
          },
        },
        scope: () => 'test',
        host: () => 'test',
        budget: 1,
      });
    const [one, two] = [share('one'), share('two')];
    const follow = (through: WatchShare) =>
      new LogSession({
        client: fedClient().client,
        path: PATH,
        tail: 100,
        capacity: 1000,
        pageSize: 100,
        phase: () => 'Running',
        lease: (signal, waiting) => through.lease('a log', signal, waiting),
      });
    const first = follow(one);
    first.start();
    await expect.poll(() => first.status.kind).toBe('following');
    const second = follow(two);
    second.start();
    await expect.poll(() => second.status.kind).toBe('queued');
    first.dispose();
    await expect.poll(() => second.status.kind).toBe('following');
    second.dispose();
    one.close();
    two.close();
    for (const channel of channels) channel.close();
  });

  it('redraws a flood at most every FLOOD_REDRAW_MS, and lines at a readable rate at the next frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const runFrames = () => frames.splice(0).forEach((callback) => callback(performance.now()));
    const { client: fed, push } = fedClient();
    const session = new LogSession({
      client: fed,
      path: PATH,
      tail: 'all',
      capacity: 100_000,
      pageSize: 1000,
      phase: () => 'Running',
    });
    session.start();

    // Lines are shown at the next frame; 500 more a frame later are a flood (30,000 a second).
    push(500);
    await expect.poll(() => frames.length).toBe(1);
    runFrames();
    expect(session.received).toBe(500);
    push(500);
    await expect.poll(() => frames.length).toBe(1);
    runFrames();
    expect(session.received).toBe(1_000);
    const floodShownAt = performance.now();

    // More of the flood: no frame is asked for until FLOOD_REDRAW_MS have passed since the last redraw.
    push(500);
    await expect.poll(() => session.waitingLines).toBe(500);
    expect(frames).toHaveLength(0);
    await expect.poll(() => frames.length, { timeout: 2_000 }).toBe(1);
    expect(performance.now() - floodShownAt).toBeGreaterThanOrEqual(FLOOD_REDRAW_MS - 1);
    runFrames();
    expect(session.received).toBe(1_500);

    // The flood ebbs: the first few lines still wait their turn, after which every frame shows what came.
    push(5);
    await expect.poll(() => frames.length, { timeout: 2_000 }).toBe(1);
    runFrames();
    expect(session.received).toBe(1_505);
    push(5);
    await expect.poll(() => session.waitingLines).toBe(5);
    expect(frames).toHaveLength(1);
    runFrames();
    expect(session.received).toBe(1_510);
    session.dispose();
  });

  it('redraws a flood only at frames: a frame that already ran leaves no timer to redraw the next lines early', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let inFrame = false;
    const runFrames = () => {
      inFrame = true;
      frames.splice(0).forEach((callback) => callback(performance.now()));
      inFrame = false;
    };
    const { client: fed, push } = fedClient();
    const session = new LogSession({
      client: fed,
      path: PATH,
      tail: 'all',
      capacity: 100_000,
      pageSize: 1000,
      phase: () => 'Running',
    });
    // Lines shown outside a frame, by how many were shown then.
    const offFrame: number[] = [];
    let shown = 0;
    session.subscribe(() => {
      if (session.received !== shown && !inFrame) offFrame.push(session.received);
      shown = session.received;
    });
    session.start();
    push(500);
    await expect.poll(() => frames.length).toBe(1);
    runFrames();
    push(500);
    await expect.poll(() => frames.length).toBe(1);
    runFrames();
    expect(session.received).toBe(1_000);

    // A flood: the next redraw waits FLOOD_REDRAW_MS, then for a frame, and only the frame shows the lines.
    push(500);
    await expect.poll(() => frames.length, { timeout: 2_000 }).toBe(1);
    expect(session.received).toBe(1_000);
    runFrames();
    expect(session.received).toBe(1_500);
    expect(offFrame).toEqual([]);

    // With no frames at all (a hidden tab), the timer still shows the lines.
    push(500);
    await expect.poll(() => session.received, { timeout: 2_000 }).toBe(2_000);
    expect(offFrame).toEqual([2_000]);
    session.dispose();
  });

  it('resumes a dropped stream without a line twice or a line lost', async () => {
    const tail = 20_000;
    const expected = (
      await (
        await fetch(`${mock.url}${PATH}?tailLines=${tail}&timestamps=true`, {
          headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
        })
      ).text()
    )
      .split('\n')
      .slice(0, -1);
    const { client: breaking, calls } = breakingClient(3);
    const session = new LogSession({
      client: breaking,
      path: PATH,
      tail,
      capacity: 100_000,
      pageSize: 1000,
      phase: () => 'Succeeded',
    });
    session.start();
    await until(session, () => session.status.kind === 'ended' || session.status.kind === 'error');
    expect(session.status.kind).toBe('ended');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ timestamps: true });
    expect(String(calls[1]?.sinceTime)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const held = session.ring.slice().map((line) => `${line.ts} ${line.text}`);
    expect(held.length).toBe(expected.length);
    expect(held).toEqual(expected);
    session.dispose();
  });

  it('the whole log read into a smaller ring is not "at the start": Load older reaches the lines it evicted', async () => {
    // A finished Job's log: a running one's (train-a) may gain a line between the two reads compared below.
    const path = '/apis/nodus.dev/v1/namespaces/default/jobs/hello-world/log';
    const whole = (
      await (
        await fetch(`${mock.url}${path}?timestamps=true`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } })
      ).text()
    )
      .split('\n')
      .slice(0, -1);
    expect(whole.length).toBeGreaterThan(300);
    const session = new LogSession({
      client,
      path,
      tail: 'all',
      capacity: 200,
      pageSize: 100,
      phase: () => 'Succeeded',
    });
    session.start();
    await until(session, () => session.status.kind === 'ended');
    expect(session.received).toBe(whole.length);
    expect(session.ring.size).toBe(200);
    expect(session.atStart).toBe(false);
    await session.loadOlder();
    // Load older put the 100 lines before the oldest held in front (pushing the newest out of the small ring).
    expect(session.ring.slice(0, 100).map((l) => `${l.ts} ${l.text}`)).toEqual(whole.slice(-300, -200));
    session.dispose();
  });

  it('a whole log that arrives faster than it is drawn, more than the ring holds, is not "at the start"', async () => {
    // The real answer cut into one chunk per line, all read before the first redraw: the oldest lines are dropped
    // before they reach the ring (they would be evicted anyway), which must also say the start is no longer held.
    const path = '/apis/nodus.dev/v1/namespaces/default/jobs/hello-world/log';
    const small: Pick<ApiClient, 'stream'> = {
      async stream(streamPath, options) {
        const stream = await client.stream(streamPath, options);
        return {
          url: stream.url,
          requestId: stream.requestId,
          contentLength: stream.contentLength,
          async *[Symbol.asyncIterator]() {
            // A line per chunk: the blocks dropped leave exactly a ring's worth, so nothing is evicted from it.
            for await (const chunk of stream) {
              let at = 0;
              for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, at)) {
                yield chunk.subarray(at, end + 1);
                at = end + 1;
              }
              if (at < chunk.length) yield chunk.subarray(at);
            }
          },
        };
      },
    };
    const session = new LogSession({
      client: small,
      path,
      tail: 'all',
      capacity: 100,
      pageSize: 100,
      phase: () => 'Succeeded',
    });
    session.start();
    await until(session, () => session.status.kind === 'ended');
    expect(session.received).toBeGreaterThan(300);
    expect(session.ring.size).toBe(100);
    expect(session.atStart).toBe(false);
    session.dispose();
  });

  it('pages back with Load older, aligned on the oldest held line, and stops at the start of the log', async () => {
    // A finished Job's log, which no line joins between the session's reads and the test's.
    const path = '/apis/nodus.dev/v1/namespaces/default/jobs/hello-world/log';
    const session = new LogSession({
      client,
      path,
      tail: 100,
      capacity: 100_000,
      pageSize: 400,
      phase: () => 'Succeeded',
    });
    session.start();
    await until(session, () => session.status.kind === 'ended');
    const whole = (
      await (
        await fetch(`${mock.url}${path}?timestamps=true`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } })
      ).text()
    )
      .split('\n')
      .slice(0, -1);
    await session.loadOlder();
    expect(session.ring.size).toBe(Math.min(500, whole.length));
    expect(session.ring.slice().map((l) => `${l.ts} ${l.text}`)).toEqual(whole.slice(-session.ring.size));
    while (!session.atStart) await session.loadOlder();
    expect(session.ring.slice().map((l) => `${l.ts} ${l.text}`)).toEqual(whole);
    session.dispose();
  });
});
