/**
 * A double-ended ring of at most `capacity` lines, held as blocks (line-block.ts): what keeps a followed log's
 * memory flat and its page free of per-line garbage. Lines pushed at the back evict the oldest; lines put at the
 * front (Load older) evict the newest. Every line has a sequence number that never changes while it is held (the
 * row key), so a view can keep its place when lines come and go at either end. A block stays whole in memory
 * until its last held line is evicted: at most one block more than the lines counted.
 */
import { ArrayBlock, type LineBlock } from './line-block.ts';
import type { LogLine } from './log-line.ts';

interface Span {
  block: LineBlock;
  /** The block's lines [from, to) are held. */
  from: number;
  to: number;
}

export class LineRing {
  private spans: Span[] = [];
  /** Index of each span's first line (prefix sums), rebuilt after a change when a line is read by index. */
  private starts: number[] | undefined;
  private length = 0;
  /** Sequence number of the line at index 0. */
  private head = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be a whole number ≥ 1, not ${capacity}`);
  }

  get size(): number {
    return this.length;
  }

  /** Sequence number of the oldest line held (of the next line pushed, when empty). */
  get headSeq(): number {
    return this.head;
  }

  /** Sequence number one past the newest line held. */
  get endSeq(): number {
    return this.head + this.length;
  }

  /** The line at `index` (0 = oldest held), made from its block now, or undefined outside [0, size). */
  at(index: number): LogLine | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const starts = (this.starts ??= this.prefixSums());
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    const span = this.spans[lo]!;
    return span.block.line(span.from + index - starts[lo]!);
  }

  /** The line with sequence number `seq`, if still held. */
  bySeq(seq: number): LogLine | undefined {
    return this.at(seq - this.head);
  }

  /** Appends; returns how many of the oldest lines were evicted to make room. */
  pushBack(lines: LineBlock | readonly LogLine[]): number {
    const block = toBlock(lines);
    if (block.length === 0) return 0;
    this.spans.push({ block, from: 0, to: block.length });
    this.length += block.length;
    this.starts = undefined;
    let evicted = 0;
    while (this.length > this.capacity) {
      const first = this.spans[0]!;
      const drop = Math.min(first.to - first.from, this.length - this.capacity);
      first.from += drop;
      if (first.from === first.to) this.spans.shift();
      this.length -= drop;
      this.head += drop;
      evicted += drop;
    }
    return evicted;
  }

  /** Prepends `lines` (in order, oldest first); returns how many of the newest lines were evicted. */
  pushFront(lines: LineBlock | readonly LogLine[]): number {
    const block = toBlock(lines);
    const take = Math.min(block.length, this.capacity);
    if (take === 0) return 0;
    this.spans.unshift({ block, from: block.length - take, to: block.length });
    this.length += take;
    this.head -= take;
    this.starts = undefined;
    let evicted = 0;
    while (this.length > this.capacity) {
      const last = this.spans[this.spans.length - 1]!;
      const drop = Math.min(last.to - last.from, this.length - this.capacity);
      last.to -= drop;
      if (last.from === last.to) this.spans.pop();
      this.length -= drop;
      evicted += drop;
    }
    return evicted;
  }

  clear(): void {
    this.spans = [];
    this.starts = undefined;
    this.head += this.length;
    this.length = 0;
  }

  /** The held lines from `from` (index) on, oldest first: for tests and small slices. */
  slice(from = 0, to = this.length): LogLine[] {
    const out: LogLine[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.at(i)!);
    return out;
  }

  private prefixSums(): number[] {
    const starts = new Array<number>(this.spans.length);
    let at = 0;
    for (let i = 0; i < this.spans.length; i++) {
      starts[i] = at;
      at += this.spans[i]!.to - this.spans[i]!.from;
    }
    return starts;
  }
}

function toBlock(lines: LineBlock | readonly LogLine[]): LineBlock {
  return Array.isArray(lines) ? new ArrayBlock(lines as readonly LogLine[]) : (lines as LineBlock);
}
