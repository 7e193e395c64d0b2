/**
 * One watch cache in a process of its own, driven by its parent (watch-cache.ts) over IPC: each cache gets a fresh
 * V8 (no JIT warmed by the other, no garbage left by it) and a core apart from the mock. Steps: list and watch,
 * report the list time and the heap holding the objects; then, per burst, resume and report how long the burst
 * took to apply.
 */
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';
import { baselineReader, httpBaselineReader, keepReader, parseReader, parseRowsReader } from './caches/baseline.ts';
import type { CacheClient, CacheTarget } from './caches/cache-client.ts';
import { clientNodeCache } from './caches/client-node.ts';
import { ourCache } from './caches/ours.ts';

export type ParentMessage = { type: 'burst'; events: number } | { type: 'exit' };
export type ChildMessage =
  | { type: 'synced'; name: string; listMs: number; heapMB: number; objects: number }
  | { type: 'applied'; ms: number }
  | { type: 'failed'; message: string };

const [which, url, project, pageSize] = process.argv.slice(2);
const target: CacheTarget = {
  url: url ?? '',
  apiKey: DEMO_API_KEY,
  project: project ?? '',
  pageSize: Number(pageSize ?? 500),
};
const readers: Record<string, (target: CacheTarget) => CacheClient> = {
  'client-node': clientNodeCache,
  baseline: baselineReader,
  'baseline-http': httpBaselineReader,
  'baseline-parse': parseReader,
  'baseline-keep': keepReader,
  'baseline-parse-rows': parseRowsReader,
  ours: ourCache,
  'ours-rows': (t) => ourCache(t, true),
};
const cache: CacheClient = (readers[which ?? ''] ?? ourCache)(target);

const send = (message: ChildMessage): void => {
  process.send?.(message);
};

/** A failure as the parent reports it: which cache, and where it was thrown. */
function failure(error: unknown): ChildMessage {
  return {
    type: 'failed',
    message: `${cache.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  };
}

function heapAfterGc(): number {
  // Started with --expose-gc: the heap that holds the objects, not garbage from parsing them.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

try {
  const started = performance.now();
  await cache.start();
  const listMs = performance.now() - started;
  await cache.stop();
  send({ type: 'synced', name: cache.name, listMs, heapMB: heapAfterGc(), objects: cache.size() });
} catch (error) {
  send(failure(error));
  process.exit(1);
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'exit') process.exit(0);
  void (async () => {
    try {
      const started = performance.now();
      await cache.resume(message.events);
      const ms = performance.now() - started;
      await cache.stop();
      send({ type: 'applied', ms });
    } catch (error) {
      send(failure(error));
    }
  })();
});
process.on('disconnect', () => process.exit(0));
