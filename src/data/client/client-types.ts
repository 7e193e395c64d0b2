/**
 * What the API client takes and gives: its options per call, its configuration and its interface.
 * May import: src/shared only.
 */
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import type { ByteStream } from './byte-stream.ts';
import type { RetryOptions } from './retry.ts';
import type { WatchStream } from './watch.ts';
import type { InvokeAnswer, InvokeOptions } from './invoke.ts';

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
  /** The browser's fetch priority: 'low' lets what a person waits for go first over the six connections. */
  priority?: RequestPriority;
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
   * Called with each page as it arrives, in order (the next ones may already be on their way: `list` reads
   * ahead), so a view can show the first rows of a long list while the rest is on its way. `remaining` is the
   * server's remainingItemCount when it sends one.
   */
  onPage?: (items: readonly T[], progress: { loaded: number; remaining: number | undefined }) => void;
  /** `'table'`: the list as the API prints it, its items RowObjects (rows.ts) instead of objects. */
  as?: 'table';
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
  /** `'table'`: each event's object a RowObject (rows.ts), read from the one-row Table the API sends. */
  as?: 'table';
}

export interface ApiClientConfig {
  /** Origin (and optional path prefix) of the API; '' means same origin. */
  baseUrl: string;
  /** The bearer key, or a function read on every request so a changed key applies at once. */
  apiKey: string | (() => string | undefined);
  /** For tests and non-browser callers; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Wraps a stream's own transport (StreamOptions.transport) as `fetch` is wrapped: the call log records both. */
  record?: (transport: typeof fetch) => typeof fetch;
  /**
   * Makes the requests for a list's pages after the first (the console's is a worker's: src/data/page-fetch). Its
   * `init` carries `following` (PageInit): the limits of the pages that may come next, so that it can ask for
   * them as soon as a page names its continue token. It may answer with the body already read and decoded
   * (read-body.ts). Recorded like `fetch` when `record` is given.
   */
  pageTransport?: typeof fetch;
}

/** A list page's request as a page transport gets it: `following` are the limits of the pages after it, in order. */
export type PageInit = RequestInit & { following?: readonly number[] };

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
  /**
   * A POST to an `invoke` subresource, sent once: resolves with the Function's answer (any status code), rejects
   * with the ApiError of the API's refusal (invoke.ts tells them apart).
   */
  invoke(path: string, options: InvokeOptions): Promise<InvokeAnswer>;
}

export interface StreamOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  retry?: boolean | RetryOptions;
  /**
   * Makes this call's request instead of the global fetch (a log's is made by its decoder's worker, so the body
   * is read there). It gets the same URL and headers, its answer is checked and turned into errors the same way,
   * and it is recorded like any other call (ApiClientConfig.record).
   */
  transport?: typeof fetch;
}
