/**
 * A crowd of watches of one list, some of which never read (the CI-sized form of the benchmark's mock-crowd
 * scenario): the readers get every event in order, /healthz answers throughout, the watches that never read are cut
 * off, and what they held is released at once: the server's own count of unsent bytes falls back to about nothing.
 */
import { Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { ObjectList } from '@/shared/protocol.ts';
import { watchStats } from '@/mock/objects/watch-fanout.ts';
import { job, withMockApi } from './harness.ts';
import { openRawWatch, type RawWatch } from './fuzz/watch-client.ts';

// Well above what one churn tick sends (a reader on a busy host can be a second behind: the readers share this
// process with the server, and CI runs other files beside it on two cores), and well below what the watches that
// never read are sent in a few rounds.
const PER_WATCH = 1024 * 1024;
const api = withMockApi(
  { controller: false, watchBufferBytes: PER_WATCH, watchBufferTotalBytes: 64 * 2 ** 20, watchStallSeconds: 0 },
  { fresh: false },
);
const agent = new Agent({ keepAlive: false, maxSockets: 2000 });
afterAll(() => agent.destroy());

const READERS = 100;
const IDLE = 30;
const RATE = 100;
const SECONDS = 3;

async function openMany(count: number, url: string): Promise<RawWatch[]> {
  const watches: RawWatch[] = [];
  // In fifties: a burst of connections larger than the listen backlog would wait for retransmits.
  while (watches.length < count) {
    const batch = Math.min(50, count - watches.length);
    watches.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => openRawWatch(api.server().port, url, agent, { skim: true })),
      )),
    );
  }
  return watches;
}

describe('a crowd of watches, some that never read', () => {
  it('serves every reader every event in order, cuts off the watches that never read, and releases them', async () => {
    const server = api.server();
    const listeners = server.state.store.listenerCount;
    expect((await api.post('/api/v1/namespaces', { metadata: { name: 'crowd' } })).status).toBe(201);
    const path = '/apis/nodus.dev/v1/namespaces/crowd/jobs';
    // Events of about 8 KB, so that the output for a watch that never reads outgrows what the kernel's socket
    // buffers take for it (a few MB) within a few rounds of churn.
    for (let i = 0; i < 20; i++)
      expect((await api.post(path, job(`j-${i}`, {}, { annotations: { blob: 'x'.repeat(8_000) } }))).status).toBe(201);
    const from = Number((await api.get<ObjectList>(path)).body.metadata.resourceVersion);
    const url = `${path}?watch=true&resourceVersion=${from}`;
    const idle = await openMany(IDLE, url);
    for (const w of idle) w.pause();
    const readers = await openMany(READERS, url);
    expect(watchStats(server.state).live).toBe(READERS + IDLE);
    const cut = (): number => {
      const stats = watchStats(server.state);
      return stats.cutOwn + stats.cutStalled + stats.cutCrowd;
    };

    let written = 0;
    for (let round = 0; round < 10 && cut() < IDLE; round++) {
      const churn = await api.post('/_mock/churn', {
        project: 'crowd',
        kind: 'Job',
        eventsPerSecond: RATE,
        seconds: SECONDS,
      });
      expect(churn.status).toBe(202);
      written += RATE * SECONDS;
      // The churn runs for seconds: this probe meets the crowd at work.
      expect((await api.get('/healthz')).status).toBe(200);
      await Promise.all(readers.map((r) => r.waitFor(written)));
    }

    // Every reader: every event, each of a higher version than the one before, none cut off.
    expect(cut()).toBe(IDLE);
    for (const reader of readers) {
      const versions = reader.events.map((e) => e.rv);
      expect(versions).toHaveLength(written);
      expect(versions[0]).toBeGreaterThan(from);
      expect(versions.every((rv, i) => i === 0 || rv > versions[i - 1]!)).toBe(true);
    }
    // The watches that never read were cut off: reading at last, each finds its connection closed.
    for (const w of idle) w.resume();
    await Promise.all(idle.map((w) => w.ended));
    expect(idle.every((w) => w.events.length < written)).toBe(true);
    // What they held was dropped, not kept for a client that might read it one day.
    const stats = watchStats(server.state);
    expect(stats.live).toBe(READERS);
    expect(stats.watches).toBe(READERS);
    await expect.poll(() => watchStats(server.state).unsentBytes).toBeLessThan(PER_WATCH);
    expect((await api.get('/healthz')).status).toBe(200);

    for (const r of readers) r.close();
    await expect.poll(() => server.state.watchers.size, { timeout: 5000 }).toBe(0);
    expect(watchStats(server.state)).toMatchObject({ live: 0, watches: 0, unsentBytes: 0 });
    expect(server.state.store.listenerCount).toBe(listeners);
  });
});
