/** The messages between the page and the log decoder's worker (log-decoder.ts, log-decoder.worker.ts). */

/** Batches sent and not yet taken by the page: the worker holds the rest until the page catches up. */
export const MAX_UNACKED = 2;

/** A block of whole lines: their UTF-8 bytes and, per line, its start, its text's start and its end (ByteBlock). */
export interface WireBlock {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

export type DecoderRequest =
  /** The response body itself (transferred): the worker reads the network, and no byte crosses the page. */
  | { kind: 'stream'; body: ReadableStream<Uint8Array> }
  /** Or, where a body cannot be transferred, the page's chunks one by one (transferred, not copied). */
  | { kind: 'chunk'; bytes: Uint8Array }
  /** No more bytes: `complete` when the stream ended cleanly (its last line counts even without "\n"). */
  | { kind: 'end'; complete: boolean }
  /** The page has taken a batch. */
  | { kind: 'ack' };

export type DecoderReply =
  /** Blocks of lines (transferred), and the bytes of the chunks sent that no longer wait in the worker. */
  | { kind: 'lines'; blocks: WireBlock[]; bytes: number }
  /** Every line has been sent and taken: nothing more comes from this worker. */
  | { kind: 'end'; bytes: number }
  /** The body the worker read broke off (after the lines before it were sent). */
  | { kind: 'broken'; bytes: number; message: string };
