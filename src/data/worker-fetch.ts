/**
 * What a fetch made in a Web Worker needs on both sides, shared by the list pages' worker (page-fetch/) and the
 * log decoder's (src/features/logs): the request as it can be posted, the answer's head as it comes back, and
 * the errors the page then raises, the same ones `fetch` itself would. Framework-free and import-free, so that
 * both workers can bundle it.
 */

/** A request as a worker makes it: its URL and its headers as a record (a Headers object cannot be posted). */
export interface WireRequest {
  url: string;
  headers: Record<string, string>;
}

/** An answer's status line and headers, as they come back to the page. */
export interface WireHead {
  status: number;
  statusText: string;
  headers: [string, string][];
}

// The page's side.

/** The request a transport was handed, to post to its worker. */
export function wireRequest(input: RequestInfo | URL, init: RequestInit | undefined): WireRequest {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  return { url: String(input instanceof Request ? input.url : input), headers };
}

/** What an aborted request rejects with, as fetch does. */
export function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

/** What a request that got no answer rejects with, as fetch does (the client reads a TypeError as a network error). */
export function unreachableError(message: string): TypeError {
  return new TypeError(message);
}

// The worker's side.

export function headOf(response: Response): WireHead {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, statusText: response.statusText, headers };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
