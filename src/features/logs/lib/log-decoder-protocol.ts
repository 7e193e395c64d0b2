/** The messages between the page and the log decoder's worker (log-decoder.ts, log-decoder.worker.ts). */
import type { LogLine } from './log-line.ts';

/** Lines that wait are sent at least this often (ms): about one batch per frame when the stream is slow. */
export const BATCH_MS = 16;
/** At most this many lines per batch: what the page unpacks and stores in a few milliseconds. */
export const MAX_BATCH_LINES = 2000;
/** Batches sent and not yet taken by the page: the worker holds the rest until the page catches up. */
export const MAX_UNACKED = 2;

export type DecoderRequest =
  /** The next bytes of the stream (transferred, not copied). */
  | { kind: 'chunk'; bytes: Uint8Array }
  /** No more bytes: `complete` when the stream ended cleanly (its last line counts even without "\n"). */
  | { kind: 'end'; complete: boolean }
  /** The page has taken a batch. */
  | { kind: 'ack' };

export type DecoderReply =
  /** Parsed lines (packed: see pack), and the bytes of the chunks sent that no longer wait in the worker. */
  | { kind: 'lines'; lines: PackedLines; bytes: number }
  /** Every line has been sent and taken: nothing more comes from this worker. */
  | { kind: 'end'; bytes: number };

/**
 * A batch of lines as two strings, the texts and the timestamps each joined with "\n" (which neither holds).
 * Copying a million small objects between threads cost the page 1.2 s on the benchmark's log; two strings per
 * batch are copied in one piece and split on the page in a fraction of that.
 */
export interface PackedLines {
  count: number;
  texts: string;
  stamps: string;
}

export function pack(lines: readonly LogLine[]): PackedLines {
  return { count: lines.length, texts: lines.map((line) => line.text).join('\n'), stamps: lines.map((line) => line.ts).join('\n') };
}

export function unpack(packed: PackedLines): LogLine[] {
  if (packed.count === 0) return [];
  const texts = packed.texts.split('\n');
  const stamps = packed.stamps.split('\n');
  const lines = new Array<LogLine>(packed.count);
  for (let i = 0; i < packed.count; i++) lines[i] = { ts: stamps[i] ?? '', text: texts[i] ?? '' };
  return lines;
}
