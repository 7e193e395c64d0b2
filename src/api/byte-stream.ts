/**
 * A streamed read of a body that is not JSON (an object's log, GET .../log): the bytes as they arrive, so a log of
 * a million lines is never held whole by the client, plus `decodeLines` to turn them into whole lines however the
 * network chunked them. A connection that breaks midway is thrown as a NetworkError (code 0); a clean end is a
 * clean end. Leaving the loop (or aborting the signal) closes the request.
 * May import: src/shared only.
 */
import { connectionLost } from './api-error.ts';

export interface ByteStream extends AsyncIterable<Uint8Array> {
  readonly url: string;
  readonly requestId: string | undefined;
  /** From Content-Length, when the server sent one (a short log does; a streamed one does not). */
  readonly contentLength: number | undefined;
}

export interface ByteStreamContext {
  url: string;
  requestId: string | null;
  contentLength: string | null;
  signal?: AbortSignal | undefined;
}

export function byteStream(body: ReadableStream<Uint8Array>, context: ByteStreamContext): ByteStream {
  const length = context.contentLength === null ? Number.NaN : Number(context.contentLength);
  return {
    url: context.url,
    requestId: context.requestId ?? undefined,
    contentLength: Number.isFinite(length) && length >= 0 ? length : undefined,
    [Symbol.asyncIterator]: () => readBytes(body, context),
  };
}

async function* readBytes(body: ReadableStream<Uint8Array>, context: ByteStreamContext): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        if (context.signal?.aborted) throw context.signal.reason ?? cause;
        throw connectionLost(context.url, cause, 'stream');
      }
      if (chunk.done) return;
      yield chunk.value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/**
 * Whole lines (without their "\n") from byte chunks, yielded a chunk's worth at a time so that a caller pays per
 * network chunk, not per line. A chunk may end mid-line or mid-character; a last line without "\n" is yielded
 * at the end (a log cut by limitBytes ends that way).
 */
export async function* decodeLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) yield lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield [rest];
}
