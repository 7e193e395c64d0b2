/**
 * createApiClient: the typed fetch wrapper every API call goes through. It adds the bearer key, turns every
 * failure into an ApiError, follows `continue` tokens so callers get whole lists, retries what is safe to retry
 * (retry.ts) and opens watch streams (watch.ts).
 * May import: src/shared only.
 */
import { ulid } from 'ulid';
import { HEADER_IDEMPOTENCY_KEY, HEADER_REQUEST_ID, type NodusObject, type ObjectList } from '../shared/protocol.ts';
import { ApiError, errorFromResponse, invalidStreamError, networkError } from './api-error.ts';
import { withRetry, type RetryOptions } from './retry.ts';
import { byteStream, type ByteStream } from './byte-stream.ts';
import { watchStream, type WatchStream } from './watch.ts';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: string;
  params?: QueryParams;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Reads (GET, HEAD) are retried on a connection error, 429 and 503 for up to 5 minutes; `false` asks for one
   * attempt (a health probe), an object tunes the policy or listens to each retry. Writes are retried only with
   * an `idempotencyKey`, or when the caller passes `retry` knowing the write is safe to repeat (a dry-run).
   */
  retry?: boolean | RetryOptions;
  /**
   * Sent as the Idempotency-Key header. The server answers a repeat of the same request with the first answer,
   * so a create with a key is retried like a read; an error that escapes carries the key (`idempotencyKey`) to
   * finish the create later with the same call.
   */
  idempotencyKey?: string;
  /**
   * Called with each successful answer's HTTP code and headers, before the body is returned: for what a body
   * cannot carry (a dry-run's ETag, Warning headers, Idempotent-Replayed).
   */
  onResponse?: (response: { status: number; headers: Headers }) => void;
}

export interface ListOptions<T = unknown> {
  params?: QueryParams;
  /** Page size asked of the server; the client follows `continue` until the list is whole. */
  limit?: number;
  /**
   * Later pages double in size up to this (default: `limit`, no growth): the first page stays small so a view
   * shows it soon, and a long list then takes fewer round trips (half, from 500 to 1,000). Kubernetes takes a new
   * limit with each `continue`.
   */
  maxLimit?: number;
  signal?: AbortSignal;
  /** Each page is retried on its own (a 503 on page 37 does not start the list again); see RequestOptions. */
  retry?: boolean | RetryOptions;
  /**
   * Called with each page as it arrives, before the next is asked for, so a view can show the first rows of a
   * long list while the rest is on its way. `remaining` is the server's remainingItemCount when it sends one.
   */
  onPage?: (items: readonly T[], progress: { loaded: number; remaining: number | undefined }) => void;
}

export interface WatchOptions {
  /** labelSelector, fieldSelector: the same as the list the watch follows. */
  params?: QueryParams;
  /** Changes after this version (a list's metadata.resourceVersion, or the last event's); omit for ADDED of all. */
  resourceVersion?: string;
  /** Periodic BOOKMARK events carrying the version reached, to resume from. On unless false. */
  allowWatchBookmarks?: boolean;
  /** Ask the server to end the stream after this long. */
  timeoutSeconds?: number;
  /** Aborting ends the request, before or after it has opened. */
  signal?: AbortSignal;
  /** Opening the stream is retried like a read; a stream that breaks later is the caller's to resume. */
  retry?: boolean | RetryOptions;
}

export interface ApiClientConfig {
  /** Origin (and optional path prefix) of the API; '' means same origin. */
  baseUrl: string;
  /** The bearer key, or a function read on every request so a changed key applies at once. */
  apiKey: string | (() => string | undefined);
  /** For tests and non-browser callers; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  list<T>(path: string, options?: ListOptions<T>): Promise<ObjectList<T>>;
  /** Resolves once the server has answered 200 and streams from then on; rejects with an ApiError otherwise. */
  watch<T = NodusObject>(path: string, options?: WatchOptions): Promise<WatchStream<T>>;
  /**
   * A GET whose body is not JSON (an object's log), streamed: resolves once the server answered 2xx, rejects with
   * the ApiError of any other answer. Opening is retried like a read; a body that breaks later is the caller's.
   */
  stream(path: string, options?: StreamOptions): Promise<ByteStream>;
}

export interface StreamOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  retry?: boolean | RetryOptions;
}

export const DEFAULT_PAGE_SIZE = 500;

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readKey = typeof config.apiKey === 'function' ? config.apiKey : () => config.apiKey as string;

  /** The headers of every call, the key read afresh each time so that a changed key applies at once. */
  function headersFor(extra: Record<string, string> | undefined): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    const key = readKey();
    if (key) headers.Authorization = `Bearer ${key}`;
    return headers;
  }

  async function send(method: string, url: string, init: Omit<RequestInit, 'method'>): Promise<Response> {
    try {
      return await doFetch(url, { ...init, method });
    } catch (cause) {
      // A cancelled request is not an API error; let the caller (TanStack Query) see the abort as such.
      if (init.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const safe = method === 'GET' || method === 'HEAD' || options.idempotencyKey !== undefined;
    const retry = options.retry ?? safe;
    const once = () => requestOnce<T>(method, path, options);
    try {
      return retry === false ? await once() : await withRetry(once, { ...(retry === true ? {} : retry), signal: options.signal });
    } catch (error) {
      if (error instanceof ApiError && options.idempotencyKey !== undefined) error.idempotencyKey = options.idempotencyKey;
      throw error;
    }
  }

  async function requestOnce<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const url = buildUrl(baseUrl, path, options.params);
    const headers = headersFor(options.headers);
    if (options.idempotencyKey !== undefined) headers[HEADER_IDEMPOTENCY_KEY] = options.idempotencyKey;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }

    const response = await send(method, url, { headers, body, signal: options.signal });

    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }
    const failure = { method, url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, bodyText: text, baseUrl };
    if (!response.ok) throw errorFromResponse(failure);
    options.onResponse?.({ status: response.status, headers: response.headers });
    if (response.status === 204 || text === '') return undefined as T;
    try {
      const parsed = JSON.parse(text) as unknown;
      // A 2xx that carries a failed Status is still a failure.
      if (isFailureStatus(parsed)) throw errorFromResponse(failure);
      return parsed as T;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw errorFromResponse(failure);
    }
  }

  async function list<T>(path: string, options: ListOptions<T> = {}): Promise<ObjectList<T>> {
    let limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const maxLimit = Math.max(limit, options.maxLimit ?? limit);
    const seen = new Set<string>();
    let token: string | undefined;
    let first: ObjectList<T> | undefined;
    const items: T[] = [];
    do {
      const page: ObjectList<T> = await request<ObjectList<T>>(path, {
        params: { ...options.params, limit, continue: token },
        signal: options.signal,
        ...(options.retry === undefined ? {} : { retry: options.retry }),
      });
      first ??= page;
      const pageItems = page.items ?? [];
      items.push(...pageItems);
      token = page.metadata?.continue || undefined;
      limit = Math.min(maxLimit, limit * 2);
      options.onPage?.(pageItems, { loaded: items.length, remaining: token ? page.metadata?.remainingItemCount : 0 });
      // A server that hands back a token twice would loop forever; stop rather than hang.
      if (token !== undefined) {
        if (seen.has(token)) break;
        seen.add(token);
      }
    } while (token);
    // Every page of a paginated list is one snapshot, so the first page's resourceVersion is the list's.
    return { ...first, metadata: { resourceVersion: first.metadata?.resourceVersion ?? '' }, items };
  }

  async function watch<T>(path: string, options: WatchOptions = {}): Promise<WatchStream<T>> {
    const url = buildUrl(baseUrl, path, {
      ...options.params,
      watch: true,
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: options.allowWatchBookmarks ?? true,
      timeoutSeconds: options.timeoutSeconds,
    });
    const open = async (): Promise<{ response: Response; body: ReadableStream<Uint8Array> }> => {
      const response = await send('GET', url, { headers: headersFor(undefined), signal: options.signal });
      if (response.ok && response.body) return { response, body: response.body };
      let bodyText = '';
      try {
        bodyText = await response.text();
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw networkError('GET', url, cause);
      }
      if (response.ok) throw invalidStreamError(url, 'no body', response.headers.get(HEADER_REQUEST_ID));
      throw errorFromResponse({ method: 'GET', url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, bodyText, baseUrl });
    };
    const retry = options.retry ?? true;
    const { response, body } = retry === false ? await open() : await withRetry(open, { ...(retry === true ? {} : retry), signal: options.signal });
    return watchStream<T>(body, { url, requestId: response.headers.get(HEADER_REQUEST_ID), baseUrl, signal: options.signal });
  }

  async function stream(path: string, options: StreamOptions = {}): Promise<ByteStream> {
    const url = buildUrl(baseUrl, path, options.params);
    const open = async (): Promise<ByteStream> => {
      const response = await send('GET', url, { headers: headersFor({ Accept: 'text/plain, */*' }), signal: options.signal });
      const requestId = response.headers.get(HEADER_REQUEST_ID);
      if (response.ok && response.body) return byteStream(response.body, { url, requestId, contentLength: response.headers.get('Content-Length'), signal: options.signal });
      let bodyText = '';
      try {
        bodyText = await response.text();
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw networkError('GET', url, cause);
      }
      // An empty 200 (no body at all) is an empty log.
      if (response.ok) return byteStream(new Blob([]).stream(), { url, requestId, contentLength: '0', signal: options.signal });
      throw errorFromResponse({ method: 'GET', url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, bodyText, baseUrl });
    };
    const retry = options.retry ?? true;
    return retry === false ? open() : withRetry(open, { ...(retry === true ? {} : retry), signal: options.signal });
  }

  return {
    baseUrl,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    list,
    watch,
    stream,
  };
}

/** A fresh Idempotency-Key: send it with a create, and again with every retry of that same create. */
export function newIdempotencyKey(): string {
  return ulid();
}

export function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

function isFailureStatus(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Status' &&
    (value as { status?: unknown }).status === 'Failure'
  );
}
