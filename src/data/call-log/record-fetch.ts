/**
 * A `fetch` that records each call in the call log (call-log-store.ts) and otherwise changes nothing. The API
 * client takes it as its `fetch` option, so src/data/client stays unaware of the Support panel. Only the method, the
 * path, the answer's status, X-Request-Id and Status reason are kept: never a request header, so never the key.
 */
import { readBodyOf } from '../client/index.ts';
import { HEADER_REQUEST_ID, isStatus } from '@/shared/protocol.ts';
import type { ApiCall } from './call-log-store.ts';

export interface CallSink {
  add: (call: ApiCall) => void;
  update: (id: number, patch: Partial<ApiCall>) => void;
}

let nextId = 1;

/** An id for a recorded call; calls made without fetch (an upload's XMLHttpRequest) take theirs here too. */
export function newCallId(): number {
  return nextId++;
}

export function createRecordingFetch(
  sink: () => CallSink,
  inner: typeof fetch = (i, init) => globalThis.fetch(i, init),
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const id = newCallId();
    const startedAt = Date.now();
    const started = performance.now();
    const base = { id, startedAt, method, path: pathOf(url), watch: isWatch(url) };
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      // A call the console cancelled (a view went away) is not something to report.
      if (!init?.signal?.aborted) {
        sink().add({ ...base, status: 0, reason: 'NetworkError', durationMs: Math.round(performance.now() - started) });
      }
      throw error;
    }
    const requestId = response.headers.get(HEADER_REQUEST_ID) ?? undefined;
    sink().add({ ...base, status: response.status, requestId, durationMs: Math.round(performance.now() - started) });
    if (!response.ok) {
      // A body a worker read comes beside the answer (src/data/client/read-body.ts); any other is read from a copy.
      const read = readBodyOf(response);
      void (read ? Promise.resolve(reasonOf(read.text)) : readReason(response.clone())).then(
        (reason) => reason && sink().update(id, { reason }),
      );
    }
    return response;
  };
}

async function readReason(response: Response): Promise<string | undefined> {
  try {
    return reasonOf(await response.text());
  } catch {
    return undefined;
  }
}

function reasonOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    return isStatus(body) ? body.reason : undefined;
  } catch {
    return undefined;
  }
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function isWatch(url: string): boolean {
  return /[?&]watch=(?:true|1)(?:&|$)/.test(url);
}
