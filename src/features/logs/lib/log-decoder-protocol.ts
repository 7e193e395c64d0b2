/** The messages between the page and the log decoder's worker (log-decoder.ts, log-decoder.worker.ts). */
import type { WireHead, WireRequest } from '@/data/worker-fetch.ts';

/** Batches sent and not yet taken by the page: the worker holds the rest until the page catches up. */
export const MAX_UNACKED = 2;

/** A block of whole lines: their UTF-8 bytes and, per line, its start, its text's start and its end (ByteBlock). */
export interface WireBlock {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

export type DecoderRequest =
  /** Make the log's request (the page's URL and headers, the key among them) and report the answer. */
  | ({ kind: 'fetch' } & WireRequest)
  /** Read the answer's body into lines: the bytes stay in the worker, only blocks of lines come back. */
  | { kind: 'read' }
  /** The page has taken a batch. */
  | { kind: 'ack' };

export type DecoderReply =
  /** The answer's status and headers; its body as text when it is not a log to read (an error's Status). */
  | ({ kind: 'answer'; body?: string } & WireHead)
  /** The request failed before any answer (what fetch rejects with). */
  | { kind: 'unreachable'; message: string }
  /** Blocks of lines (transferred). */
  | { kind: 'lines'; blocks: WireBlock[] }
  /** Every line has been sent and taken: nothing more comes from this worker. */
  | { kind: 'end' }
  /** The body broke off (after the lines before it were sent). */
  | { kind: 'broken'; message: string };
