/**
 * A watch whose backlog alone is over the buffer limit (a client far behind) gets the events that fit, then a
 * clean end, and resumes from the last one until it has caught up. The limit used to close the watch before the
 * watch had finished setting up: close() threw, the connection was cut with nothing delivered, and a client
 * retrying from the same version met the same fate every time.
 */
import { Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { JOBS, job, withMockApi } from './harness.ts';
import { openRawWatch } from './fuzz/watch-client.ts';

const api = withMockApi({ controller: false, watchBufferBytes: 64 * 1024 });
const agent = new Agent({ keepAlive: false });
afterAll(() => agent.destroy());

describe('a watch far behind', () => {
  it('gets what fits in the buffer, a clean end, no subscription left behind, and catches up by resuming', async () => {
    const server = api.server();
    const from = (await api.get<ObjectList>(JOBS)).body.metadata.resourceVersion;
    const names: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await api.post<NodusObject>(
        JOBS,
        job(`behind-${i}`, {}, { annotations: { blob: 'x'.repeat(10_000) } }),
      );
      names.push(created.body.metadata.name!);
    }
    const listeners = server.state.store.listenerCount;
    const seen: string[] = [];
    let resumeFrom = Number(from);
    for (let attempt = 0; attempt < 20 && seen.length < names.length; attempt++) {
      const watch = await openRawWatch(server.port, `${JOBS}?watch=true&resourceVersion=${resumeFrom}`, agent);
      await watch.waitFor(names.length - seen.length).catch(() => undefined);
      watch.close();
      if (seen.length + watch.events.length < names.length) {
        // Cut off by its own backlog: some events, never none, and nothing left subscribed.
        expect(watch.events.length).toBeGreaterThan(0);
        expect(server.state.store.listenerCount).toBe(listeners);
      }
      seen.push(...watch.events.map((e) => e.name));
      resumeFrom = watch.events[watch.events.length - 1]?.rv ?? resumeFrom;
    }
    expect(seen).toEqual(names);
  });
});
