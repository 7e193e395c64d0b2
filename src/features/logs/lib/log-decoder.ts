/**
 * The lines of a log stream, a batch of blocks at a time (line-block.ts). The work of a flood is done by a Web
 * Worker: the response body is transferred to it, so the ~120 MB of a million lines never cross the page's thread;
 * it finds the lines and their timestamps without decoding them and hands the bytes back as blocks. The page
 * stores blocks and decodes a line only when it shows or searches it. Measured on the benchmark's million-line
 * log: decoding, splitting and parsing on the page took 5.4 s of its 11.7 s; copying parsed lines back from a
 * worker still cost over a second and most of the garbage; reading the body on the page and posting its chunks
 * kept the page busy for most of the rest.
 *
 * Where a body cannot be transferred, the page reads it and posts the chunks (transferred). Where there is no
 * Worker (Node, the unit tests) or one failed to start, the lines are decoded on the page, in slices that give
 * the browser a turn every few milliseconds. A worker that fails says so (the view's Retry then decodes on the
 * page); every whole line before a broken stream is delivered before its error, so a resume starts right after
 * it.
 */
import { connectionLost, decodeLines, type ByteStream } from '../../../api/index.ts';
import { ArrayBlock, ByteBlock, type LineBlock } from './line-block.ts';
import type { DecoderReply, DecoderRequest } from './log-decoder-protocol.ts';
import { parseLine } from './log-line.ts';

/** Bytes sent to the worker and not yet parsed: reading waits above this (a worker slower than the network). */
const MAX_IN_FLIGHT = 8 * 1024 * 1024;
/** Decoding on the page gives the browser a turn this often (ms). */
const SLICE_MS = 6;

/** Set once a worker failed: later reads decode on the page rather than fail the same way again. */
let workerFailed = false;

function startWorker(): Worker | undefined {
  if (workerFailed || typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./log-decoder.worker.ts', import.meta.url), { type: 'module', name: 'log-decoder' });
  } catch {
    workerFailed = true;
    return undefined;
  }
}

export function decodeLogLines(chunks: ByteStream | AsyncIterable<Uint8Array>): AsyncGenerator<LineBlock[]> {
  const worker = startWorker();
  return worker ? decodeInWorker(worker, chunks) : decodeOnPage(chunks);
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

async function* decodeInWorker(worker: Worker, chunks: ByteStream | AsyncIterable<Uint8Array>): AsyncGenerator<LineBlock[]> {
  const ready: LineBlock[][] = [];
  /** The worker has sent everything (or failed). */
  let done = false;
  let failure: { error: unknown } | undefined;
  let inFlight = 0;
  /** The caller left the loop: stop reading. */
  let stopped = false;
  let wakeReader: (() => void) | undefined;
  let wakePump: (() => void) | undefined;
  const wake = (): void => {
    const reader = wakeReader;
    const pump = wakePump;
    wakeReader = wakePump = undefined;
    reader?.();
    pump?.();
  };

  const send = (message: DecoderRequest, transfer: Transferable[] = []): void => worker.postMessage(message, transfer);
  worker.onmessage = (event: MessageEvent<DecoderReply>) => {
    const reply = event.data;
    inFlight -= reply.bytes;
    if (reply.kind === 'lines') {
      if (reply.blocks.length > 0) ready.push(reply.blocks.map((b) => new ByteBlock(b.bytes, b.offsets)));
      send({ kind: 'ack' });
    } else {
      if (reply.kind === 'broken') failure ??= { error: connectionLost('url' in chunks ? chunks.url : 'the log', new Error(reply.message), 'stream') };
      done = true;
    }
    wake();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    workerFailed = true;
    failure ??= { error: new Error(`The log could not be decoded: its worker failed (${event.message || 'it did not start'}). Retry reads it without one.`) };
    done = true;
    wake();
  };

  const pump = async (): Promise<void> => {
    let complete = false;
    try {
      for await (const chunk of chunks) {
        while (inFlight > MAX_IN_FLIGHT && !stopped && !done) await new Promise<void>((resolve) => (wakePump = resolve));
        if (stopped || done) return;
        // Transferred, not copied; a view into a larger buffer is copied first (transferring would take the rest).
        const bytes = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
        inFlight += bytes.byteLength;
        send({ kind: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
      }
      complete = true;
    } catch (error) {
      failure ??= { error };
    } finally {
      if (!stopped && !done) send({ kind: 'end', complete });
    }
  };
  // The body goes to the worker whole where it can (a transferable stream): its bytes never cross the page.
  const body = 'detach' in chunks ? chunks.detach?.() : undefined;
  let transferred = false;
  if (body) {
    try {
      send({ kind: 'stream', body }, [body as unknown as Transferable]);
      transferred = true;
    } catch {
      // A browser that cannot transfer streams: the page reads and sends the chunks.
    }
  }
  if (!transferred) void pump();

  try {
    for (;;) {
      const next = ready.shift();
      if (next) yield next;
      else if (done) break;
      else await new Promise<void>((resolve) => (wakeReader = resolve));
    }
    if (failure) throw failure.error;
  } finally {
    stopped = true;
    wake();
    worker.terminate();
  }
}
