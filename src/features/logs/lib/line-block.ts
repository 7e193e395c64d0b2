/**
 * Lines held a block at a time, not one object each. A followed firehose (85,000 lines a second on the benchmark)
 * made a LogLine and two strings per line on the page, then threw them away a second later when the ring evicted
 * them: most of the page's time went to copying them from the worker and collecting them as garbage. A
 * `ByteBlock` keeps a batch as the worker found it, the UTF-8 bytes and where each line starts, its text starts and
 * it ends, and makes a line's strings only when something reads it: the rows on screen, a search.
 */
import { MAX_STAMP_LENGTH, stampLength, type LogLine } from './log-line.ts';

export interface LineBlock {
  readonly length: number;
  line(index: number): LogLine;
}

/** Lines already parsed (Load older, a resume's filtered lines, the tests, decoding without a worker). */
export class ArrayBlock implements LineBlock {
  constructor(private readonly lines: readonly LogLine[]) {}

  get length(): number {
    return this.lines.length;
  }

  line(index: number): LogLine {
    return this.lines[index]!;
  }
}

const decoder = new TextDecoder();

/** Lines as bytes: `offsets` holds, per line, where it starts, where its text starts and where it ends. */
export class ByteBlock implements LineBlock {
  constructor(
    readonly bytes: Uint8Array,
    readonly offsets: Uint32Array,
  ) {}

  get length(): number {
    return this.offsets.length / 3;
  }

  line(index: number): LogLine {
    const at = index * 3;
    const start = this.offsets[at]!;
    const textStart = this.offsets[at + 1]!;
    const end = this.offsets[at + 2]!;
    // A timestamp is ASCII: one character per byte, and the space after it is not part of it.
    const ts = textStart > start ? String.fromCharCode(...this.bytes.subarray(start, textStart - 1)) : '';
    return { ts, text: decoder.decode(this.bytes.subarray(textStart, end)) };
  }
}

/**
 * Where the lines of `bytes` are (see ByteBlock): every line ends with "\n" except, when `lastUnended`, the last.
 * Runs in the worker: a line's timestamp is found from its first bytes, without decoding the line.
 */
export function indexLines(bytes: Uint8Array, lastUnended = false): Uint32Array {
  const offsets: number[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end === -1) {
      if (!lastUnended) break;
      end = bytes.length;
    }
    offsets.push(start, start + stampOf(bytes, start, end), end);
    start = end + 1;
  }
  return Uint32Array.from(offsets);
}

function stampOf(bytes: Uint8Array, start: number, end: number): number {
  // The same cheap check as parseLine's before building the prefix: year-"-" and date-"T".
  if (end - start <= 20 || bytes[start + 4] !== 45 || bytes[start + 10] !== 84) return 0;
  const prefix = String.fromCharCode(...bytes.subarray(start, Math.min(end, start + MAX_STAMP_LENGTH)));
  return stampLength(prefix);
}

/** Every line of a block, parsed: for the rare paths that need them all at once (a resume, Load older). */
export function linesOf(block: LineBlock): LogLine[] {
  const lines = new Array<LogLine>(block.length);
  for (let i = 0; i < block.length; i++) lines[i] = block.line(i);
  return lines;
}
