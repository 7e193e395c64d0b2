/**
 * A GET whose body is not JSON, streamed (`ApiClient.stream`: an object's log, a file's download): opened, checked
 * and turned into a ByteStream, or into the ApiError of any other answer. Only the views that read logs and files
 * stream, so this comes with their code, not with the first view's. A connection that breaks midway is thrown as
 * a NetworkError (code 0); a clean end is a clean end. Leaving the loop (or aborting the signal) closes the request.
 * May import: src/shared only.
 */
import { HEADER_REQUEST_ID } from '@/shared/protocol.ts';
import { connectionLost, errorFromResponse, networkError } from './api-error.ts';
import type { ByteStream } from './byte-stream.ts';
import type { StreamOptions } from './client-types.ts';
import { withRetry } from './retry.ts';

export interface StreamCall {
  baseUrl: string;
  url: string;
  /** Sends the GET (the client's own fetch, or the call's transport, recorded either way). */
  send: (signal: AbortSignal | undefined) => Promise<Response>;
}

export function openStream(call: StreamCall, options: StreamOptions): Promise<ByteStream> {
  const { url, baseUrl } = call;
  const open = async (): Promise<ByteStream> => {
    const response = await call.send(options.signal);
    const requestId = response.headers.get(HEADER_REQUEST_ID);
    if (response.ok && response.body)
      return byteStream(response.body, {
        url,
        requestId,
        contentLength: response.headers.get('Content-Length'),
        signal: options.signal,
      });
    let bodyText = '';
    try {
      bodyText = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError('GET', url, cause);
    }
    // An empty 200 (no body at all) is an empty log.
    if (response.ok)
      return byteStream(new Blob([]).stream(), { url, requestId, contentLength: '0', signal: options.signal });
    throw errorFromResponse({
      method: 'GET',
      url,
      httpStatus: response.status,
      statusText: response.statusText,
      headers: response.headers,
      bodyText,
      baseUrl,
    });
  };
  const retry = options.retry ?? true;
  return retry === false ? open() : withRetry(open, { ...(retry === true ? {} : retry), signal: options.signal });
}

interface ByteStreamContext {
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
    detach: () => (body.locked ? undefined : body),
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
