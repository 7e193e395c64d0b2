/**
 * A streamed read of a body that is not JSON (an object's log, GET .../log): the bytes as they arrive, so a log of
 * a million lines is never held whole by the client (opened by open-stream.ts), plus `decodeLines` to turn them
 * into whole lines however the network chunked them (and `LineSplitter`, which a watch's lines are split by too).
 * May import: src/shared only.
 */

export interface ByteStream extends AsyncIterable<Uint8Array> {
  readonly url: string;
  readonly requestId: string | undefined;
  /** From Content-Length, when the server sent one (a short log does; a streamed one does not). */
  readonly contentLength: number | undefined;
  /**
   * The body itself, for a reader that knows where it is really read (a log's body stays in the worker that
   * fetched it: StreamOptions.transport), or undefined when it is already being read. Detaching does not lock it:
   * iterating still reads it. A body read elsewhere reports a broken connection itself (see connectionLost).
   */
  detach?(): ReadableStream<Uint8Array> | undefined;
}

/**
 * Whole lines (without their "\n") from byte chunks, however the network cut them: `push` returns the lines a
 * chunk completes, `end` the last line when it had no "\n" (a log cut by limitBytes ends that way). It splits on
 * the newline byte before decoding (0x0A is never part of a multi-byte UTF-8 character), so each chunk's complete
 * lines are decoded in one call and only the unfinished tail is kept, as bytes: no streaming decoder, and no
 * string concatenation per chunk, which made decoding a flood of a million lines cost seconds. The line a chunk
 * finishes is decoded on its own: joining the whole chunk to it copied every byte of a watch a second time.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder();
  /** The bytes of the unfinished line, in pieces: a line longer than many chunks is joined once, not per chunk. */
  private rest: Uint8Array[] = [];

  push(chunk: Uint8Array): string[] {
    const last = chunk.lastIndexOf(10);
    if (last === -1) {
      if (chunk.length > 0) this.rest.push(chunk.slice());
      return [];
    }
    let from = 0;
    let first: string | undefined;
    if (this.rest.length > 0) {
      // The unfinished line ends at this chunk's first newline: only that line is joined, not the whole chunk.
      const end = chunk.indexOf(10);
      first = this.decoder.decode(joinBytes([...this.rest, chunk.subarray(0, end)]));
      from = end + 1;
    }
    this.rest = last + 1 < chunk.length ? [chunk.slice(last + 1)] : [];
    const lines = from <= last ? this.decoder.decode(chunk.subarray(from, last)).split('\n') : [];
    if (first !== undefined) lines.unshift(first);
    return lines;
  }

  end(): string[] {
    const rest = this.rest;
    this.rest = [];
    return rest.length > 0 ? [this.decoder.decode(joinBytes(rest))] : [];
  }
}

/** The pieces as one array (the one piece itself when there is only one). */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The lines of a byte stream, a chunk's worth at a time, so that a caller pays per network chunk, not per line. */
export async function* decodeLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const splitter = new LineSplitter();
  for await (const chunk of chunks) {
    const lines = splitter.push(chunk);
    if (lines.length > 0) yield lines;
  }
  const last = splitter.end();
  if (last.length > 0) yield last;
}
