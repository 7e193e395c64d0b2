/**
 * Not caches: readers that only count the lines of the watch stream (no JSON.parse, nothing kept). `baselineReader`
 * reads with fetch, as ours does (Node's fetch: undici, WHATWG streams); `httpBaselineReader` with node:http, the
 * transport client-node's informer uses (node-fetch). Their rates are the ceilings the mock and each transport put
 * on a cache: a cache close to its ceiling is limited by its transport, not by itself. `parseReader` reads with
 * fetch and `JSON.parse`s every line, keeping nothing: what any cache must do at the least, the ceiling ours is
 * held to. `keepReader` does the same and also holds every object by uid, listed first as a cache lists: what
 * holding the objects costs by itself (the garbage collector's work on a heap of 50,000 objects replaced one
 * by one), which no cache avoids and the parse ceiling leaves out. `parseRowsReader` is `parseReader` on the stream
 * the console's tables watch (`as=Table`: each event a one-row Table of printed cells and metadata): the ceiling
 * of ours holding rows.
 */
import http from 'node:http';
import { TABLE_ACCEPT, TABLE_PARAMS } from '../../../../src/data/client/rows.ts';
import type { CacheClient, CacheTarget } from './cache-client.ts';

/** Reads a watch from `url` until `events` lines have come; resolves with the bytes of the last two chunks. */
type ReadLines = (url: string, headers: Record<string, string>, events: number) => Promise<Uint8Array>;

interface JobList {
  items: { metadata: { uid: string } }[];
  metadata: { resourceVersion: string; continue?: string };
}

/**
 * A reader of the Jobs' watch. It starts from the version of a one-object list, or, given `list`, hands it every
 * page of the whole list (as a cache lists) and starts from the list's version. Given `rows`, it reads Tables
 * (`as=Table`), as the console's tables do.
 */
function lineCounter(
  target: CacheTarget,
  name: string,
  readLines: ReadLines,
  options: { list?: (page: JobList) => void; rows?: boolean } = {},
): CacheClient {
  const { list, rows = false } = options;
  // As rows, every request asks for a Table; its metadata carries the version as a list's does.
  const table = rows ? `${new URLSearchParams(TABLE_PARAMS)}&` : '';
  const path = `${target.url}/apis/nodus.dev/v1/namespaces/${target.project}/jobs`;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${target.apiKey}`,
    ...(rows ? { Accept: TABLE_ACCEPT } : {}),
  };
  let resourceVersion = '';
  return {
    name,
    async start() {
      let next: string | undefined = '';
      do {
        const query: string =
          table + (list ? `limit=${target.pageSize}${next ? `&continue=${encodeURIComponent(next)}` : ''}` : 'limit=1');
        const page = (await (await fetch(`${path}?${query}`, { headers })).json()) as JobList;
        list?.(page);
        resourceVersion = page.metadata.resourceVersion;
        next = list ? page.metadata.continue : undefined;
      } while (next);
    },
    async stop() {},
    async resume(events) {
      const tail = await readLines(`${path}?${table}watch=true&resourceVersion=${resourceVersion}`, headers, events);
      // The last line's version, to resume from next time (the only line parsed). It may have begun in the chunk
      // before the last (a line is far shorter than two chunks).
      const text = new TextDecoder().decode(tail).trimEnd();
      const last = JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as {
        object: { metadata: { resourceVersion: string } };
      };
      resourceVersion = last.object.metadata.resourceVersion;
    },
    size: () => Number.NaN,
  };
}

/** Counts the lines of each chunk until there are `events`; keeps the last two chunks. */
class Lines {
  count = 0;
  private before: Uint8Array = new Uint8Array(0);
  private last: Uint8Array = new Uint8Array(0);

  add(chunk: Uint8Array): void {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.count++;
    this.before = this.last;
    this.last = chunk;
  }

  tail(): Uint8Array {
    return Buffer.concat([this.before, this.last]);
  }
}

export function baselineReader(target: CacheTarget): CacheClient {
  return lineCounter(target, 'baseline: read lines only', async (url, headers, events) => {
    const controller = new AbortController();
    const res = await fetch(url, { headers, signal: controller.signal });
    const reader = res.body!.getReader();
    const lines = new Lines();
    while (lines.count < events) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended after ${lines.count} of ${events} lines`);
      lines.add(value);
    }
    controller.abort();
    return lines.tail();
  });
}

/** Reads with fetch and parses each whole line as a watch event; nothing is kept. */
export function parseReader(target: CacheTarget): CacheClient {
  return lineCounter(
    target,
    'baseline: read and JSON.parse each event',
    parseLines(() => undefined),
  );
}

/** As parseReader, on the stream of rows (`as=Table`) the console's tables watch. */
export function parseRowsReader(target: CacheTarget): CacheClient {
  return lineCounter(
    target,
    'baseline: read and JSON.parse each event as rows',
    parseLines(() => undefined),
    { rows: true },
  );
}

/** As parseReader, and every object is held by uid: listed first, then each event's replacing the one before. */
export function keepReader(target: CacheTarget): CacheClient {
  const held = new Map<string, unknown>();
  const client = lineCounter(
    target,
    'baseline: read, JSON.parse and hold each object',
    parseLines((event) => held.set(event.object.metadata.uid, event.object)),
    {
      list: (page) => {
        for (const object of page.items) held.set(object.metadata.uid, object);
      },
    },
  );
  return { ...client, size: () => held.size };
}

interface ParsedEvent {
  type?: string;
  object: { metadata: { uid: string } };
}

/**
 * Reads with fetch and parses each whole line as a watch event, handing it to `onEvent`. Each chunk is cut at its
 * last newline byte and its complete lines decoded in one call, the cheapest way to get at the lines' text.
 */
function parseLines(onEvent: (event: ParsedEvent) => void): ReadLines {
  return async (url, headers, events) => {
    const controller = new AbortController();
    const res = await fetch(url, { headers, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const lines = new Lines();
    let parsed = 0;
    let rest: Uint8Array = new Uint8Array(0);
    while (parsed < events) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended after ${parsed} of ${events} events`);
      lines.add(value);
      const last = value.lastIndexOf(10);
      if (last === -1) {
        rest = Buffer.concat([rest, value]);
        continue;
      }
      const head = rest.length > 0 ? Buffer.concat([rest, value.subarray(0, last)]) : value.subarray(0, last);
      rest = value.slice(last + 1);
      for (const line of decoder.decode(head).split('\n')) {
        if (line === '') continue;
        const event = JSON.parse(line) as ParsedEvent;
        if (!event.type) continue;
        onEvent(event);
        parsed++;
      }
    }
    controller.abort();
    return lines.tail();
  };
}

export function httpBaselineReader(target: CacheTarget): CacheClient {
  return lineCounter(target, 'baseline over node:http: read lines only', (url, headers, events) => {
    return new Promise<Uint8Array>((resolve, reject) => {
      const request = http.get(url, { headers }, (res) => {
        const lines = new Lines();
        res.on('data', (chunk: Buffer) => {
          if (lines.count >= events) return;
          lines.add(chunk);
          if (lines.count < events) return;
          request.destroy();
          resolve(lines.tail());
        });
        res.on('end', () => reject(new Error(`the stream ended after ${lines.count} of ${events} lines`)));
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
  });
}
