/**
 * The lines of a log stream, a batch of blocks at a time (line-block.ts). The work of a flood is done by a Web
 * Worker, which makes the log's request itself (`logTransport`, the API client's transport for the call): the
 * ~120 MB of a million lines are read off the network in the worker and never cross the page's thread. It finds
 * the lines and their timestamps without decoding them and hands the bytes back as blocks; the page stores blocks
 * and decodes a line only when it shows or searches it. Decoding on the page, copying parsed lines back, or
 * handing the worker the page's response body (Chromium pipes it through the page) each cost the page far more:
 * docs/PERFORMANCE.md, "The log is decoded where it is read".
 *
 * Where there is no Worker (Node, the unit tests) or one failed, the lines are decoded on the page, in slices that
 * give the browser a turn every few milliseconds. A worker that fails says so (the view's Retry then decodes on
 * the page); every whole line before a broken stream is delivered before its error, so a resume starts right
 * after it.
 */
import { connectionLost, decodeLines, type ByteStream } from '@/data/client/index.ts';
import { ArrayBlock, ByteBlock, type LineBlock } from './line-block.ts';
import type { DecoderReply, DecoderRequest } from './log-decoder-protocol.ts';
import { parseLine } from './log-line.ts';
import { abortError, unreachableError, wireRequest } from '@/data/worker-fetch.ts';

/** Decoding on the page gives the browser a turn this often (ms). */
const SLICE_MS = 6;

/** Set once a worker failed: later reads decode on the page rather than fail the same way again. */
let workerFailed = false;

/** The bodies that stay in a worker: what a transport's Response carries instead of bytes. */
const inWorker = new WeakMap<ReadableStream<Uint8Array>, Worker>();

/** Answers that carry no body by definition (a Response made with one would throw). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function startWorker(): Worker | undefined {
  if (workerFailed || typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./log-decoder.worker.ts', import.meta.url), { type: 'module', name: 'log-decoder' });
  } catch {
    workerFailed = true;
    return undefined;
  }
}

/**
 * A fetch for one log request, made by a new decoder worker (pass it as the API client's `transport`), or
 * undefined where no worker can run: the client then fetches on the page as usual. The answer's status and
 * headers come to the page, so the client checks it and reports errors as always; a log's body stays in the
 * worker, and `decodeLogLines` reads it there.
 */
export function logTransport(): typeof fetch | undefined {
  if (workerFailed || typeof Worker === 'undefined') return undefined;
  return (input, init) => fetchInWorker(input, init);
}

function fetchInWorker(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const { url, headers } = wireRequest(input, init);
  const worker = startWorker();
  if (!worker) return globalThis.fetch(url, init);
  const signal = init?.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const stop = (): void => {
      worker.terminate();
      reject(abortError(signal));
    };
    if (signal?.aborted) return stop();
    // Aborting later (the view went away before its lines were read) ends the worker and its request too.
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<DecoderReply>) => {
      const reply = event.data;
      if (reply.kind === 'unreachable') {
        worker.terminate();
        reject(unreachableError(reply.message));
      } else if (reply.kind === 'answer') {
        const head = { status: reply.status, statusText: reply.statusText, headers: reply.headers };
        if (reply.body !== undefined || NULL_BODY_STATUSES.has(reply.status)) {
          worker.terminate();
          resolve(new Response(NULL_BODY_STATUSES.has(reply.status) ? null : (reply.body ?? ''), head));
          return;
        }
        // A stand-in body: the bytes are the worker's. Reading it on the page would be a mistake, and says so.
        const body = new ReadableStream<Uint8Array>({
          pull: (controller) =>
            controller.error(new Error('This log is read by its worker (decodeLogLines), not on the page.')),
        });
        inWorker.set(body, worker);
        resolve(new Response(body, head));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      workerFailed = true;
      worker.terminate();
      reject(new TypeError(`the log's worker failed (${event.message || 'it did not start'})`));
    };
    worker.postMessage({ kind: 'fetch', url, headers } satisfies DecoderRequest);
  });
}

export function decodeLogLines(chunks: ByteStream | AsyncIterable<Uint8Array>): AsyncGenerator<LineBlock[]> {
  // detach() hands over a body nobody reads yet; one that a worker holds is read there.
  const body = 'detach' in chunks ? chunks.detach?.() : undefined;
  const worker = body ? inWorker.get(body) : undefined;
  return worker ? decodeInWorker(worker, 'url' in chunks ? chunks.url : 'the log') : decodeOnPage(chunks);
}

async function* decodeOnPage(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<LineBlock[]> {
  let slice = performance.now();
  for await (const raw of decodeLines(chunks)) {
    yield [new ArrayBlock(raw.map(parseLine))];
    // Chunks already buffered resolve as microtasks: without a turn, a flood would parse megabytes in one task.
    if (performance.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      slice = performance.now();
    }
  }
}

async function* decodeInWorker(worker: Worker, url: string): AsyncGenerator<LineBlock[]> {
  const ready: LineBlock[][] = [];
  /** The worker has sent everything (or failed). */
  let done = false;
  let failure: { error: unknown } | undefined;
  let wakeReader: (() => void) | undefined;
  const wake = (): void => {
    const reader = wakeReader;
    wakeReader = undefined;
    reader?.();
  };

  const send = (message: DecoderRequest): void => worker.postMessage(message);
  worker.onmessage = (event: MessageEvent<DecoderReply>) => {
    const reply = event.data;
    if (reply.kind === 'lines') {
      if (reply.blocks.length > 0) ready.push(reply.blocks.map((b) => new ByteBlock(b.bytes, b.offsets)));
      send({ kind: 'ack' });
    } else if (reply.kind === 'broken' || reply.kind === 'end') {
      if (reply.kind === 'broken') failure ??= { error: connectionLost(url, new Error(reply.message), 'stream') };
      done = true;
    }
    wake();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    workerFailed = true;
    failure ??= {
      error: new Error(
        `The log could not be decoded: its worker failed (${event.message || 'it did not start'}). Retry reads it without one.`,
      ),
    };
    done = true;
    wake();
  };
  send({ kind: 'read' });

  try {
    for (;;) {
      const next = ready.shift();
      if (next) yield next;
      else if (done) break;
      else await new Promise<void>((resolve) => (wakeReader = resolve));
    }
    if (failure) throw failure.error;
  } finally {
    worker.terminate();
  }
}
