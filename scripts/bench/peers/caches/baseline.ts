/**
 * Not a cache: a reader that only counts the lines of the watch stream (no JSON.parse, nothing kept), read with the
 * same fetch as ours. Its rate is the ceiling the mock and the connection put on both caches: a cache close to it
 * is limited by the transport, not by itself.
 */
import type { CacheClient, CacheTarget } from './cache-client.ts';

export function baselineReader(target: CacheTarget): CacheClient {
  const path = `${target.url}/apis/nodus.dev/v1/namespaces/${target.project}/jobs`;
  const headers = { Authorization: `Bearer ${target.apiKey}` };
  let resourceVersion = '';
  return {
    name: 'baseline: read lines only',
    async start() {
      const res = await fetch(`${path}?limit=1`, { headers });
      resourceVersion = ((await res.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    },
    async stop() {},
    async resume(events) {
      const controller = new AbortController();
      const res = await fetch(`${path}?watch=true&resourceVersion=${resourceVersion}`, { headers, signal: controller.signal });
      const reader = res.body!.getReader();
      let lines = 0;
      let before = new Uint8Array(0);
      let tail = new Uint8Array(0);
      while (lines < events) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended after ${lines} of ${events} lines`);
        for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
        before = tail;
        tail = value;
      }
      controller.abort();
      // The last line's version, to resume from next time (the only line parsed). It may have begun in the chunk
      // before the last (a line is far shorter than two chunks).
      const text = new TextDecoder().decode(Buffer.concat([before, tail])).trimEnd();
      const last = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as { object: { metadata: { resourceVersion: string } } };
      resourceVersion = last.object.metadata.resourceVersion;
    },
    size: () => Number.NaN,
  };
}
