/**
 * A PUT of bytes with upload progress. fetch reports no progress of what it sends (a streamed request body needs
 * HTTP/2 and half-duplex, which the API's HTTP/1.1 does not give), so this one call goes through XMLHttpRequest:
 * `upload.onprogress` is what every browser reports. It adds the bearer key as a header (never in the URL) and
 * fails with the same ApiError as every other call. Writes are never retried here: the caller offers a retry.
 * May import: src/shared only.
 */
import { HEADER_REQUEST_ID } from '@/shared/protocol.ts';
import { errorFromResponse, networkError } from './api-error.ts';

export interface UploadConfig {
  baseUrl: string;
  apiKey: () => string | undefined;
}

export interface UploadOptions {
  /** More request headers (If-None-Match: * to refuse replacing a file). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Bytes sent so far of `total`; called as the browser reports them (a few times a second). */
  onProgress?: (sent: number, total: number) => void;
  /** The answer's code and request id, once it arrived (the call log records it). */
  onAnswer?: (answer: { status: number; requestId: string | undefined; reason?: string }) => void;
}

export interface UploadAnswer {
  status: number;
  requestId: string | undefined;
  /** The JSON the server answered with, if any. */
  body: unknown;
}

export function putBytes(
  config: UploadConfig,
  path: string,
  body: Blob,
  options: UploadOptions = {},
): Promise<UploadAnswer> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${path}`;
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortReason(options.signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    const key = config.apiKey();
    if (key) xhr.setRequestHeader('Authorization', `Bearer ${key}`);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      done();
      const headers = headersOf(xhr.getAllResponseHeaders());
      const text = xhr.responseText;
      const requestId = headers.get(HEADER_REQUEST_ID) ?? undefined;
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorFromResponse({
          method: 'PUT',
          url,
          httpStatus: xhr.status,
          statusText: xhr.statusText,
          headers,
          bodyText: text,
          baseUrl: config.baseUrl,
        });
        options.onAnswer?.({ status: xhr.status, requestId: error.requestId ?? requestId, reason: error.reason });
        reject(error);
        return;
      }
      options.onAnswer?.({ status: xhr.status, requestId });
      options.onProgress?.(body.size, body.size);
      resolve({ status: xhr.status, requestId, body: parseJson(text) });
    };
    xhr.onerror = () => {
      done();
      options.onAnswer?.({ status: 0, requestId: undefined, reason: 'NetworkError' });
      reject(networkError('PUT', url, new Error('the connection failed')));
    };
    xhr.onabort = () => {
      done();
      reject(
        options.signal ? abortReason(options.signal) : new DOMException('The upload was cancelled.', 'AbortError'),
      );
    };
    xhr.send(body);
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was cancelled.', 'AbortError');
}

/** The raw `name: value` lines of getAllResponseHeaders as Headers. */
export function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
