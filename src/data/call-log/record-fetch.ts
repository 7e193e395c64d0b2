/**
 * A `fetch` that records each call in the call log (call-log-store.ts) and otherwise changes nothing. The API
 * client takes it as its `fetch` option, so src/data/client stays unaware of the Support panel. Only the method, the
 * path, the answer's status, X-Request-Id and Status reason are kept: never a request header, so never the key.
 */
import { readBodyOf } from '../client/index.ts';
import { HEADER_REQUEST_ID, isStatus } from '@/shared/protocol.ts';
import { WAITING, type ApiCall } from './call-log-store.ts';

export interface CallSink {
  add: (call: ApiCall) => void;
  update: (id: number, patch: Partial<ApiCall>) => void;
  remove: (id: number) => void;
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
    // A write is the person's: kept while it waits, so that the health pill can say when one waits long.
    const waits = method !== 'GET' && method !== 'HEAD';
    if (waits) sink().add({ ...base, status: WAITING, durationMs: 0 });
    const settle = (call: Pick<ApiCall, 'status' | 'durationMs'> & Partial<ApiCall>) =>
      waits ? sink().update(id, call) : sink().add({ ...base, ...call });
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      // A call the console cancelled (a view went away) is not something to report.
      if (init?.signal?.aborted) {
        if (waits) sink().remove(id);
      } else settle({ status: 0, reason: 'NetworkError', durationMs: Math.round(performance.now() - started) });
      throw error;
    }
    const requestId = response.headers.get(HEADER_REQUEST_ID) ?? undefined;
    settle({ status: response.status, requestId, durationMs: Math.round(performance.now() - started) });
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
