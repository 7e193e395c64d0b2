/**
 * The API client's transport for a long list's later pages (ApiClientConfig.pageTransport): a fetch whose
 * request is made, and whose body is read and decoded, by the list pages' worker (page-fetcher.ts says why). The
 * answer comes back whole: a Response with its text beside it (src/data/client/read-body.ts). One worker serves
 * every list, started with the transport so that it is ready when a list's second page is due.
 *
 * Where there is no Worker (Node, the unit tests) there is no transport and the client fetches on the page. A
 * worker that fails (its script did not load) is not the reason a list fails: what it was asked is fetched on
 * the page, and so is everything after.
 */
import { answerWithBody, type PageInit } from '../client/index.ts';
import type { PageReply, PageRequest } from './page-fetch-protocol.ts';
import { abortError, unreachableError, wireRequest } from '../worker-fetch.ts';

interface Pending {
  url: string;
  init: RequestInit | undefined;
  resolve: (response: Response | Promise<Response>) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

let worker: Worker | undefined;
let failed = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | undefined {
  if (worker || failed || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./page-fetch.worker.ts', import.meta.url), { type: 'module', name: 'list-pages' });
  } catch {
    failed = true;
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<PageReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    waiting.cleanup();
    if (reply.kind === 'unreachable') {
      waiting.reject(unreachableError(reply.message));
      return;
    }
    waiting.resolve(
      answerWithBody(
        { status: reply.status, statusText: reply.statusText, headers: reply.headers },
        { text: reply.text, ...(reply.head ? { head: reply.head } : {}) },
      ),
    );
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failed = true;
    worker?.terminate();
    worker = undefined;
    // What was asked of it is asked again on the page.
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.cleanup();
      waiting.resolve(globalThis.fetch(waiting.url, waiting.init));
    }
  };
  return worker;
}

/** A fetch made by the list pages' worker, or undefined where no worker can run. */
export function pageTransport(): typeof fetch | undefined {
  if (!startWorker()) return undefined;
  return (input, init) => fetchInWorker(input, init);
}

function fetchInWorker(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const { url, headers } = wireRequest(input, init);
  const target = startWorker();
  if (!target) return globalThis.fetch(url, init);
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const id = nextId++;
  const absolute = new URL(url, globalThis.location?.href).href;
  const following = [...((init as PageInit | undefined)?.following ?? [])];
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => {
      if (!pending.delete(id)) return;
      target.postMessage({ kind: 'abort', id } satisfies PageRequest);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, { url, init, resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) });
    target.postMessage({ kind: 'fetch', id, url: absolute, headers, following } satisfies PageRequest);
  });
}
