/** The messages between the page and the log decoder's worker (log-decoder.ts, log-decoder.worker.ts). */
import type { LogLine } from './log-line.ts';

/** The worker sends what it has parsed at most this often (ms): about one message per frame. */
export const BATCH_MS = 16;

export type DecoderRequest =
  /** The next bytes of the stream (transferred, not copied). */
  | { kind: 'chunk'; bytes: Uint8Array }
  /** No more bytes: `complete` when the stream ended cleanly (its last line counts even without "\n"). */
  | { kind: 'end'; complete: boolean };

export type DecoderReply =
  /** Lines parsed since the last reply (packed: see pack), and how many bytes of the chunks sent they came from. */
  | { kind: 'lines'; lines: PackedLines; bytes: number }
  /** Every line has been sent: nothing more comes from this worker. */
  | { kind: 'end' };

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
