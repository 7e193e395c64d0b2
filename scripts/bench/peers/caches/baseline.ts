/**
 * Not caches: readers that only count the lines of the watch stream (no JSON.parse, nothing kept). `baselineReader`
 * reads with fetch, as ours does (Node's fetch: undici, WHATWG streams); `httpBaselineReader` with node:http, the
 * transport client-node's informer uses (node-fetch). Their rates are the ceilings the mock and each transport put
 * on a cache: a cache close to its ceiling is limited by its transport, not by itself.
 */
import http from 'node:http';
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

export function httpBaselineReader(target: CacheTarget): CacheClient {
  const fetchReader = baselineReader(target);
  const path = `${target.url}/apis/nodus.dev/v1/namespaces/${target.project}/jobs`;
  const headers = { Authorization: `Bearer ${target.apiKey}` };
  let resourceVersion = '';
  return {
    name: 'baseline over node:http: read lines only',
    async start() {
      const res = await fetch(`${path}?limit=1`, { headers });
      resourceVersion = ((await res.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    },
    async stop() {},
    resume(events) {
      return new Promise<void>((resolve, reject) => {
        const request = http.get(`${path}?watch=true&resourceVersion=${resourceVersion}`, { headers }, (res) => {
          let lines = 0;
          let before: Buffer = Buffer.alloc(0);
          let tail: Buffer = Buffer.alloc(0);
          res.on('data', (value: Buffer) => {
            if (lines >= events) return;
            for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
            before = tail;
            tail = value;
            if (lines < events) return;
            request.destroy();
            const text = Buffer.concat([before, tail]).toString('utf8').trimEnd();
            const last = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as { object: { metadata: { resourceVersion: string } } };
            resourceVersion = last.object.metadata.resourceVersion;
            resolve();
          });
          res.on('end', () => reject(new Error(`the stream ended after ${lines} of ${events} lines`)));
        });
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
    },
    size: () => fetchReader.size(),
  };
}
