/**
 * An invocation of a Function (`POST .../functions/{name}/invoke`): sent once, never retried (the Function may
 * have acted), and answered either by the Function (the answer carries Nodus-Invocation-Id, whatever its status
 * code: its 500 is a result to show, not an error) or by the API refusing it (no such header: thrown as the
 * usual ApiError with the Status's reason, fix and requestId).
 */
import {
  HEADER_INVOCATION_CHARGE,
  HEADER_INVOCATION_DURATION,
  HEADER_INVOCATION_ID,
  HEADER_REQUEST_ID,
} from '@/shared/protocol.ts';
import { errorFromResponse, networkError } from './api-error.ts';

export interface InvokeOptions {
  /** The request body as sent (text). */
  body: string;
  /** Defaults to application/json. */
  contentType?: string;
  /** Extra request headers (Authorization is the client's and cannot be set here). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What the Function answered. */
export interface InvokeAnswer {
  status: number;
  statusText: string;
  /** Response headers, lower-cased names, in the order received. */
  headers: [string, string][];
  bodyText: string;
  contentType: string | undefined;
  invocationId: string;
  requestId: string | undefined;
  /** The Function's time as the API measured it (Nodus-Duration-Ms). */
  durationMs: number | undefined;
  chargedUSD: string | undefined;
}

export interface InvokeTransport {
  baseUrl: string;
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}

export async function invokeOnce(transport: InvokeTransport, options: InvokeOptions): Promise<InvokeAnswer> {
  const { url } = transport;
  const headers: Record<string, string> = {
    ...options.headers,
    ...transport.headers,
    Accept: '*/*',
    'Content-Type': options.contentType ?? 'application/json',
  };
  let response: Response;
  let text: string;
  try {
    response = await transport.fetch(url, { method: 'POST', headers, body: options.body, signal: options.signal });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw networkError('POST', url, cause);
  }
  const invocationId = response.headers.get(HEADER_INVOCATION_ID);
  if (invocationId === null) {
    throw errorFromResponse({
      method: 'POST',
      url,
      httpStatus: response.ok ? 502 : response.status,
      statusText: response.statusText,
      headers: response.headers,
      bodyText: text,
      baseUrl: transport.baseUrl,
    });
  }
  const duration = Number(response.headers.get(HEADER_INVOCATION_DURATION));
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    bodyText: text,
    contentType: response.headers.get('content-type') ?? undefined,
    invocationId,
    requestId: response.headers.get(HEADER_REQUEST_ID) ?? undefined,
    durationMs: Number.isFinite(duration) && response.headers.has(HEADER_INVOCATION_DURATION) ? duration : undefined,
    chargedUSD: response.headers.get(HEADER_INVOCATION_CHARGE) ?? undefined,
  };
}
