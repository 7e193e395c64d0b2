/**
 * A bare watch client for load tests: node:http with a caller's Agent (so a thousand can be open at once), each
 * event kept small (type, name, resourceVersion, when it arrived), and the socket pausable, to play a client that
 * stops reading.
 */
import { request, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { DEMO_API_KEY } from '@/shared/protocol.ts';

export interface SeenEvent {
  type: string;
  name: string;
  rv: number;
  /** performance.now() when the line was parsed. */
  at: number;
}

export interface RawWatch {
  events: SeenEvent[];
  bytes: number;
  /** Resolves when the server ends the stream (or the connection breaks). */
  ended: Promise<void>;
  pause: () => void;
  resume: () => void;
  close: () => void;
  /** Resolves once `count` events have arrived; rejects if the stream ends first. */
  waitFor: (count: number) => Promise<void>;
}

const VERSION = '"resourceVersion":"';

/** The event of a line without parsing it: only its object's resourceVersion (the first in the line). */
function skimmed(line: string): SeenEvent {
  const at = line.indexOf(VERSION);
  const rv = at === -1 ? Number.NaN : Number(line.slice(at + VERSION.length, line.indexOf('"', at + VERSION.length)));
  return { type: '', name: '', rv, at: performance.now() };
}

/** `skim`: read only each event's resourceVersion, for crowds whose JSON parsing would be the test's bottleneck. */
export function openRawWatch(
  port: number,
  path: string,
  agent: Agent,
  options: { skim?: boolean } = {},
): Promise<RawWatch> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request({
      host: '127.0.0.1',
      port,
      path,
      agent,
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        reject(new Error(`watch ${path} answered ${res.statusCode}`));
        res.resume();
        return;
      }
      const events: SeenEvent[] = [];
      const waiters: { count: number; resolve: () => void; reject: (e: Error) => void }[] = [];
      let finished = false;
      let buffer = '';
      const state: RawWatch = {
        events,
        bytes: 0,
        ended: new Promise<void>((done) => {
          const end = (): void => {
            finished = true;
            for (const w of waiters.splice(0))
              w.reject(new Error(`the watch ended after ${events.length} of ${w.count} events`));
            done();
          };
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
        }),
        pause: () => res.pause(),
        resume: () => res.resume(),
        close: () => req.destroy(),
        waitFor: (count) => {
          if (events.length >= count) return Promise.resolve();
          if (finished) return Promise.reject(new Error(`the watch ended after ${events.length} of ${count} events`));
          return new Promise((ok, fail) => waiters.push({ count, resolve: ok, reject: fail }));
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        state.bytes += Buffer.byteLength(chunk);
        buffer += chunk;
        let start = 0;
        let nl: number;
        while ((nl = buffer.indexOf('\n', start)) >= 0) {
          const line = buffer.slice(start, nl);
          start = nl + 1;
          if (!line.trim()) continue;
          if (options.skim) {
            events.push(skimmed(line));
            continue;
          }
          const event = JSON.parse(line) as {
            type: string;
            object: { metadata?: { name?: string; resourceVersion?: string } };
          };
          events.push({
            type: event.type,
            name: event.object.metadata?.name ?? '',
            rv: Number(event.object.metadata?.resourceVersion),
            at: performance.now(),
          });
        }
        buffer = buffer.slice(start);
        for (let i = waiters.length - 1; i >= 0; i--) {
          if (events.length >= waiters[i]!.count) waiters.splice(i, 1)[0]!.resolve();
        }
      });
      resolve(state);
    });
    req.end();
  });
}
