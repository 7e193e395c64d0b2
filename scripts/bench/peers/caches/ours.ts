/**
 * Our watch cache (src/data/watch ListWatch) as the console runs it, with a timer in place of animation frames
 * (Node has none): events are queued on arrival and applied in a flush every 16 ms. An event counts as applied
 * when the flush that applied it has run and notified its subscriber, which reads the snapshot as the table does
 * (its changes, or all its objects when it has none), so the figure includes that cost.
 */
import { createApiClient } from '../../../../src/data/client/index.ts';
import { ListWatch } from '../../../../src/data/watch/list-watch.ts';
import type { Held } from '../../../../src/data/watch/object-index.ts';
import { timerScheduler } from '../../../../src/data/watch/scheduler.ts';
import type { CacheClient, CacheTarget } from './cache-client.ts';

/** `rows`: the same cache holding rows (the printed cells and metadata, `as: 'table'`) instead of the objects. */
export function ourCache(target: CacheTarget, rows = false): CacheClient {
  const client = createApiClient({ baseUrl: target.url, apiKey: target.apiKey });
  const watch = new ListWatch<Held>({
    client,
    target: {
      group: 'nodus.dev',
      version: 'v1',
      plural: 'jobs',
      namespace: target.project,
      ...(rows ? { as: 'table' as const } : {}),
    },
    scheduler: timerScheduler(16),
    pageSize: target.pageSize,
  });
  let onFlush: (() => void) | undefined;
  watch.subscribe(() => {
    const snapshot = watch.getSnapshot();
    // As the table does: it applies the changes when the snapshot has them, and reads every object when not.
    if (snapshot.changes === undefined) void snapshot.items.length;
    onFlush?.();
  });
  const until = (done: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      onFlush = () => {
        const snapshot = watch.getSnapshot();
        if (snapshot.status === 'stale') reject(snapshot.error ?? new Error('the watch went stale'));
        else if (done()) {
          onFlush = undefined;
          resolve();
        }
      };
    });
  return {
    name: rows ? 'ours, holding rows (src/data/watch)' : 'ours (src/data/watch)',
    async start() {
      const live = until(() => watch.getSnapshot().status === 'live');
      watch.start();
      await live;
    },
    async stop() {
      watch.stop();
    },
    async resume(events) {
      const base = watch.receivedEvents;
      const applied = until(() => watch.receivedEvents - base >= events);
      watch.start();
      await applied;
    },
    size: () => watch.getSnapshot().size,
  };
}
