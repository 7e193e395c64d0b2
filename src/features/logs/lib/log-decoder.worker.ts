/**
 * The log decoder's worker: turns the byte chunks of a log stream into parsed lines off the main thread and sends
 * them back in batches the page can take in one short task: at most MAX_BATCH_LINES lines, at least every
 * BATCH_MS while lines wait, and never more than MAX_UNACKED batches the page has not taken yet (it acks each).
 * A worker faster than the page keeps the rest here; the page in turn stops reading the network while too many
 * bytes wait (log-decoder.ts), so a flood slows the stream rather than the page. See log-decoder.ts.
 */
import { LineSplitter } from '../../../api/byte-stream.ts';
import { parseLine, type LogLine } from './log-line.ts';
import { BATCH_MS, MAX_BATCH_LINES, MAX_UNACKED, pack, type DecoderReply, type DecoderRequest } from './log-decoder-protocol.ts';

// The worker's global scope, typed by hand: the project's TypeScript lib is the DOM's, not the WebWorker's.
const scope = self as unknown as {
  postMessage(message: DecoderReply): void;
  onmessage: ((event: MessageEvent<DecoderRequest>) => void) | null;
};

const splitter = new LineSplitter();
let waiting: LogLine[] = [];
/** Bytes of the chunks parsed whose lines have not all been sent yet (reported with the next batch). */
let bytes = 0;
let unacked = 0;
let ended = false;
let lastPost = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function send(): void {
  clearTimeout(timer);
  timer = undefined;
  while (unacked < MAX_UNACKED && waiting.length > 0) {
    const due = ended || waiting.length >= MAX_BATCH_LINES || performance.now() - lastPost >= BATCH_MS;
    if (!due) {
      timer = setTimeout(send, BATCH_MS);
      return;
    }
    const lines = waiting.length > MAX_BATCH_LINES ? waiting.slice(0, MAX_BATCH_LINES) : waiting;
    waiting = lines === waiting ? [] : waiting.slice(MAX_BATCH_LINES);
    // The chunks' bytes go with the batch that empties what they held, so the page's count of bytes waiting stays
    // an upper bound.
    const done = waiting.length === 0 ? bytes : 0;
    bytes -= done;
    unacked++;
    lastPost = performance.now();
    scope.postMessage({ kind: 'lines', lines: pack(lines), bytes: done });
  }
  if (ended && waiting.length === 0 && unacked === 0) {
    scope.postMessage({ kind: 'end', bytes });
    bytes = 0;
    ended = false;
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'chunk') {
    for (const raw of splitter.push(message.bytes)) waiting.push(parseLine(raw));
    bytes += message.bytes.byteLength;
  } else if (message.kind === 'ack') {
    unacked--;
  } else {
    // A clean end keeps a last line without "\n"; a broken stream drops its unfinished line (the resume re-reads it).
    const last = splitter.end();
    if (message.complete) for (const raw of last) waiting.push(parseLine(raw));
    ended = true;
  }
  send();
};
