/**
 * The log decoder's worker: turns the byte chunks of a log stream into parsed lines off the main thread, and sends
 * them back in batches at most every BATCH_MS, so a flood costs the page one small message per frame instead of
 * decoding, splitting and parsing megabytes between frames. See log-decoder.ts for the page's side.
 */
import { LineSplitter } from '../../../api/byte-stream.ts';
import { parseLine, type LogLine } from './log-line.ts';
import { BATCH_MS, pack, type DecoderReply, type DecoderRequest } from './log-decoder-protocol.ts';

// The worker's global scope, typed by hand: the project's TypeScript lib is the DOM's, not the WebWorker's.
const scope = self as unknown as {
  postMessage(message: DecoderReply): void;
  onmessage: ((event: MessageEvent<DecoderRequest>) => void) | null;
};

const splitter = new LineSplitter();
let batch: LogLine[] = [];
let bytes = 0;
let lastPost = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function post(): void {
  clearTimeout(timer);
  timer = undefined;
  lastPost = performance.now();
  if (batch.length === 0 && bytes === 0) return;
  scope.postMessage({ kind: 'lines', lines: pack(batch), bytes });
  batch = [];
  bytes = 0;
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'chunk') {
    for (const raw of splitter.push(message.bytes)) batch.push(parseLine(raw));
    bytes += message.bytes.byteLength;
    if (performance.now() - lastPost >= BATCH_MS) post();
    else timer ??= setTimeout(post, BATCH_MS);
    return;
  }
  // A clean end keeps a last line without "\n"; a broken stream drops its unfinished line (the resume re-reads it).
  const last = splitter.end();
  if (message.complete) for (const raw of last) batch.push(parseLine(raw));
  post();
  scope.postMessage({ kind: 'end' });
};
