/**
 * The log decoder's worker: makes the log's request itself, so its body is read here and no byte of it crosses the
 * page's thread, and finds the lines in its bytes, and each line's timestamp, without decoding them. Lines go
 * back as blocks (the bytes and where each line is, transferred, not copied); the page makes a line's strings
 * only when it shows or searches it (line-block.ts). At most MAX_UNACKED batches wait for the page at a time (it
 * acks each): a worker faster than the page keeps a few blocks, then stops reading the body, so a flood slows the
 * stream rather than the page.
 */
import { joinBytes } from '@/data/client/byte-stream.ts';
import { indexLines } from './line-block.ts';
import { MAX_UNACKED, type DecoderReply, type DecoderRequest, type WireBlock } from './log-decoder-protocol.ts';
import { headOf, messageOf } from '@/data/worker-fetch.ts';

// The worker's global scope, typed by hand: the project's TypeScript lib is the DOM's, not the WebWorker's.
const scope = self as unknown as {
  postMessage(message: DecoderReply, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<DecoderRequest>) => void) | null;
};

/** The bytes of the line not yet ended, in pieces: a line longer than many chunks is joined once. */
let rest: Uint8Array[] = [];
let waiting: WireBlock[] = [];
let unacked = 0;
/** The answer whose body `read` takes. */
let answer: Response | undefined;
let ended = false;
/** Reading the body waits here while the page has batches to take. */
let resumeReading: (() => void) | undefined;
/** Blocks kept while the page is behind, before reading the body pauses. */
const MAX_WAITING_BLOCKS = 16;

function block(region: Uint8Array, lastUnended: boolean): void {
  const offsets = indexLines(region, lastUnended);
  if (offsets.length > 0) waiting.push({ bytes: region, offsets });
}

function take(chunk: Uint8Array): void {
  const last = chunk.lastIndexOf(10);
  if (last === -1) {
    if (chunk.length > 0) rest.push(chunk);
    return;
  }
  // The chunk's own buffer carries its whole lines to the page; the unfinished tail is copied out first.
  const tail = last + 1 < chunk.length ? chunk.slice(last + 1) : undefined;
  block(rest.length > 0 ? joinBytes([...rest, chunk.subarray(0, last + 1)]) : chunk.subarray(0, last + 1), false);
  rest = tail ? [tail] : [];
}

function send(): void {
  if (unacked < MAX_UNACKED && waiting.length > 0) {
    const blocks = waiting;
    waiting = [];
    unacked++;
    const transfer = new Set<ArrayBufferLike>();
    for (const b of blocks) transfer.add(b.bytes.buffer).add(b.offsets.buffer);
    scope.postMessage({ kind: 'lines', blocks }, [...transfer] as Transferable[]);
  }
  if (ended && waiting.length === 0 && unacked === 0) {
    ended = false;
    scope.postMessage({ kind: 'end' }, []);
  }
}

async function read(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      while (unacked >= MAX_UNACKED && waiting.length >= MAX_WAITING_BLOCKS)
        await new Promise<void>((resolve) => (resumeReading = resolve));
      const { done, value } = await reader.read();
      if (done) break;
      take(value);
      send();
    }
  } catch (error) {
    // What was whole before the break goes first, all at once; the unfinished line is re-read by the resume.
    rest = [];
    unacked = 0;
    send();
    scope.postMessage({ kind: 'broken', message: messageOf(error) }, []);
    return;
  }
  if (rest.length > 0) block(joinBytes(rest), true);
  rest = [];
  ended = true;
  send();
}

async function request(url: string, headers: Record<string, string>): Promise<void> {
  try {
    const response = await fetch(url, { headers });
    const head = headOf(response);
    // A log to read stays here until the page asks for its lines; anything else (an error's Status) goes as text.
    if (response.ok && response.body) {
      answer = response;
      scope.postMessage({ kind: 'answer', ...head }, []);
    } else {
      scope.postMessage({ kind: 'answer', ...head, body: await response.text() }, []);
    }
  } catch (error) {
    scope.postMessage({ kind: 'unreachable', message: messageOf(error) }, []);
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'fetch') {
    void request(message.url, message.headers);
  } else if (message.kind === 'read') {
    const body = answer?.body;
    answer = undefined;
    if (body) void read(body);
  } else {
    unacked--;
    const resume = resumeReading;
    resumeReading = undefined;
    resume?.();
    send();
  }
};
