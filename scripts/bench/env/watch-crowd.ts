/**
 * A crowd of watches on one list, in a process of its own (forked by the mock-crowd scenario): readers that read
 * every event and check it, and idle watches that never read a byte. The parent probes /healthz and samples the
 * mock's memory from its own event loop, so that what it measures is the mock's delay, not this process's.
 * A reader checks each event's resourceVersion: every one must be higher than the one before (in order, none
 * repeated); with the count of events that makes "every event, in order".
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_API_KEY } from '../../../src/shared/protocol.ts';

export interface CrowdConfig {
  url: string;
  path: string;
  resourceVersion: string;
  readers: number;
  idle: number;
  /** Events every reader must get. */
  expected: number;
}

export interface CrowdReport {
  /** Events at the reader that got fewest, among those not cut off. */
  fewest: number;
  complete: number;
  /** Readers that saw an event whose version was not above the one before. */
  outOfOrder: number;
  /** Readers whose stream ended (cut off by the mock) before every event. */
  readersCut: number;
  idleCut: number;
}

export type CrowdMessage = { type: 'ready' } | { type: 'complete' } | { type: 'report'; report: CrowdReport };

interface Reader {
  count: number;
  last: number;
  outOfOrder: boolean;
  ended: boolean;
  tail: Buffer | undefined;
}

const PATTERN = Buffer.from('"resourceVersion":"');
const NL = 10;

/** Counts the lines of a chunk and checks their versions increase; the first resourceVersion is the object's. */
export function readLines(reader: Reader, chunk: Buffer): void {
  let start = 0;
  if (reader.tail) {
    // The line the last chunk ended in: joined on its own, so the chunk itself is never copied.
    const nl = chunk.indexOf(NL);
    if (nl === -1) {
      reader.tail = Buffer.concat([reader.tail, chunk]);
      return;
    }
    line(reader, Buffer.concat([reader.tail, chunk.subarray(0, nl + 1)]), 0, reader.tail.length + nl);
    reader.tail = undefined;
    start = nl + 1;
  }
  for (let nl = chunk.indexOf(NL, start); nl !== -1; nl = chunk.indexOf(NL, start)) {
    line(reader, chunk, start, nl);
    start = nl + 1;
  }
  if (start < chunk.length) reader.tail = Buffer.from(chunk.subarray(start));
}

function line(reader: Reader, data: Buffer, start: number, end: number): void {
  const at = data.indexOf(PATTERN, start);
  let rv = 0;
  if (at !== -1 && at < end)
    for (let i = at + PATTERN.length; i < end && data[i]! >= 48 && data[i]! <= 57; i++) rv = rv * 10 + data[i]! - 48;
  if (rv <= reader.last) reader.outOfOrder = true;
  reader.last = rv;
  reader.count++;
}

function open(config: CrowdConfig, agent: Agent, onResponse: (res: IncomingMessage) => void): Promise<void> {
  const url = new URL(`${config.path}?watch=true&resourceVersion=${config.resourceVersion}`, config.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Authorization: `Bearer ${DEMO_API_KEY}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`watch answered ${res.statusCode}`));
      onResponse(res);
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(config: CrowdConfig): Promise<void> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const readers: Reader[] = [];
  const idle: { ended: boolean; res?: IncomingMessage }[] = [];
  let completeSent = false;
  const checkComplete = (): void => {
    if (completeSent || !readers.every((r) => r.ended || r.count >= config.expected)) return;
    completeSent = true;
    process.send?.({ type: 'complete' } satisfies CrowdMessage);
  };
  // In hundreds: the mock's listen backlog is 511, and a thousand SYNs at once would wait for retransmits.
  for (let opened = 0; opened < config.readers + config.idle;) {
    const batch: Promise<void>[] = [];
    for (let i = 0; i < 100 && opened < config.readers + config.idle; i++, opened++) {
      if (opened < config.readers) {
        const reader: Reader = {
          count: 0,
          last: Number(config.resourceVersion),
          outOfOrder: false,
          ended: false,
          tail: undefined,
        };
        readers.push(reader);
        batch.push(
          open(config, agent, (res) => {
            res.on('data', (chunk: Buffer) => {
              readLines(reader, chunk);
              if (reader.count >= config.expected) checkComplete();
            });
            const end = (): void => {
              reader.ended = true;
              checkComplete();
            };
            res.on('end', end);
            res.on('close', end);
            res.on('error', end);
          }),
        );
      } else {
        const watch: { ended: boolean; res?: IncomingMessage } = { ended: false };
        idle.push(watch);
        batch.push(
          open(config, agent, (res) => {
            // Never reads: the socket's receive buffer fills and the mock's output for it queues up.
            res.pause();
            watch.res = res;
            const end = (): void => void (watch.ended = true);
            res.on('end', end);
            res.on('close', end);
            res.on('error', end);
          }),
        );
      }
    }
    await Promise.all(batch);
  }
  process.send?.({ type: 'ready' } satisfies CrowdMessage);

  process.on('message', (message: { type?: string }) => {
    if (message.type === 'report') void report();
  });
  // A socket that is not read never learns that the mock closed it: the idle watches read at last, and those the
  // mock had cut off end once they have read what the kernel held for them.
  const report = async (): Promise<void> => {
    for (const watch of idle) watch.res?.resume();
    // Those cut off end one after another as they read what the kernel held (megabytes each); those still open
    // never do: wait while they keep ending, up to 30 s.
    const deadline = performance.now() + 30_000;
    let ended = -1;
    for (let quiet = 0; quiet < 10 && performance.now() < deadline && idle.some((w) => !w.ended);) {
      await sleep(100);
      const now = idle.filter((w) => w.ended).length;
      quiet = now === ended ? quiet + 1 : 0;
      ended = now;
    }
    const kept = readers.filter((r) => !(r.ended && r.count < config.expected));
    const result: CrowdReport = {
      fewest: kept.length ? Math.min(...kept.map((r) => r.count)) : 0,
      complete: readers.filter((r) => r.count === config.expected && !r.outOfOrder).length,
      outOfOrder: readers.filter((r) => r.outOfOrder).length,
      readersCut: readers.length - kept.length,
      idleCut: idle.filter((w) => w.ended).length,
    };
    process.send?.({ type: 'report', report: result } satisfies CrowdMessage);
  };
  process.on('disconnect', () => {
    agent.destroy();
    process.exit(0);
  });
}

if (process.argv[2]) void main(JSON.parse(process.argv[2]) as CrowdConfig);
