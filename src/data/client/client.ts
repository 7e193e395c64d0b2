/**
 * createApiClient: the typed fetch wrapper every API call goes through. It adds the bearer key, turns every
 * failure into an ApiError, follows `continue` tokens so callers get whole lists, retries what is safe to retry
 * (retry.ts) and opens watch streams (watch.ts).
 * May import: src/shared only.
 */
import { HEADER_IDEMPOTENCY_KEY, HEADER_REQUEST_ID, type ObjectList } from '@/shared/protocol.ts';
import { ApiError, errorFromResponse, invalidStreamError, invalidTableError, networkError } from './api-error.ts';
import { isTable, RowReader, TABLE_ACCEPT, TABLE_PARAMS } from './rows.ts';
import { withRetry } from './retry.ts';
import type { ListHead } from './list-head.ts';
import { readBodyOf } from './read-body.ts';
import type { ByteStream } from './byte-stream.ts';
import { watchStream, type WatchStream } from './watch.ts';
import type {
  ApiClient,
  ApiClientConfig,
  ListOptions,
  PageInit,
  QueryParams,
  RequestOptions,
  StreamOptions,
  WatchOptions,
} from './client-types.ts';

export type {
  ApiClient,
  ApiClientConfig,
  ListOptions,
  PageInit,
  QueryParams,
  RequestOptions,
  StreamOptions,
  WatchOptions,
} from './client-types.ts';

export const DEFAULT_PAGE_SIZE = 500;

/** What `list` adds to a page's request (see `request`). */
interface ListPageCall {
  onHead: ((head: ListHead) => void) | undefined;
  via: typeof fetch | undefined;
  following: readonly number[];
  /** Set for a list of rows (`as: 'table'`): the page is a Table, read into rows as `items`. */
  rows: RowReader | undefined;
}
/** How many pages of a list are asked for beyond the one being read (see `list`). */
export const LIST_PAGES_AHEAD = 2;

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readKey = typeof config.apiKey === 'function' ? config.apiKey : () => config.apiKey as string;
  const pageVia = config.pageTransport && (config.record ? config.record(config.pageTransport) : config.pageTransport);

  /** The headers of every call, the key read afresh each time so that a changed key applies at once. */
  function headersFor(extra: Record<string, string> | undefined): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    const key = readKey();
    if (key) headers.Authorization = `Bearer ${key}`;
    return headers;
  }

  async function send(
    method: string,
    url: string,
    init: Omit<PageInit, 'method'>,
    via: typeof fetch = doFetch,
  ): Promise<Response> {
    try {
      return await via(url, { ...init, method });
    } catch (cause) {
      // A cancelled request is not an API error; let the caller (TanStack Query) see the abort as such.
      if (init.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }
  }

  /**
   * `page`, for lists: `onHead` is called with the list's metadata as soon as its first bytes arrive
   * (list-head.ts); `via` and `following` are what a page transport makes the request with (PageInit).
   */
  async function request<T>(path: string, options: RequestOptions = {}, page?: ListPageCall): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const safe = method === 'GET' || method === 'HEAD' || options.idempotencyKey !== undefined;
    const retry = options.retry ?? safe;
    const once = () => requestOnce<T>(method, path, options, page);
    try {
      return retry === false
        ? await once()
        : await withRetry(once, { ...(retry === true ? {} : retry), signal: options.signal });
    } catch (error) {
      if (error instanceof ApiError && options.idempotencyKey !== undefined)
        error.idempotencyKey = options.idempotencyKey;
      throw error;
    }
  }

  async function requestOnce<T>(
    method: string,
    path: string,
    options: RequestOptions,
    page: ListPageCall | undefined,
  ): Promise<T> {
    const onHead = page?.onHead;
    const url = buildUrl(baseUrl, path, options.params);
    const headers = headersFor(options.headers);
    if (options.idempotencyKey !== undefined) headers[HEADER_IDEMPOTENCY_KEY] = options.idempotencyKey;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }

    const init = { headers, body, signal: options.signal, ...(options.priority ? { priority: options.priority } : {}) };
    const response = await send(method, url, page?.via ? { ...init, following: page.following } : init, page?.via);
    let text: string;
    const read = readBodyOf(response);
    try {
      if (read) {
        // A transport read the body already (a worker's): its head comes with it.
        text = read.text;
        if (onHead && response.ok && read.head) onHead(read.head);
      } else {
        // Loaded with the first page read on the page itself past the first: a browser's go through a worker.
        text =
          onHead && response.ok && response.body
            ? await (await import('./list-head.ts')).readTextWithHead(response.body, onHead)
            : await response.text();
      }
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }
    const failure = {
      method,
      url,
      httpStatus: response.status,
      statusText: response.statusText,
      headers: response.headers,
      bodyText: text,
      baseUrl,
    };
    if (!response.ok) throw errorFromResponse(failure);
    options.onResponse?.({ status: response.status, headers: response.headers });
    if (response.status === 204 || text === '') return undefined as T;
    try {
      const parsed = JSON.parse(text) as unknown;
      // A 2xx that carries a failed Status is still a failure.
      if (isFailureStatus(parsed)) throw errorFromResponse(failure);
      if (page?.rows) return rowsPage(parsed, page.rows, url, response.headers.get(HEADER_REQUEST_ID)) as T;
      return parsed as T;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw errorFromResponse(failure);
    }
  }

  /**
   * Every page, in order. A page is asked for as soon as the one before it names its `continue` token in its head
   * (list-head.ts), up to LIST_PAGES_AHEAD pages beyond the one being read: while a page's items arrive and are
   * parsed, the server is already answering the next ones. Pages are still taken in order, so a failure is the
   * first failing page's, and the list is one snapshot.
   */
  async function list<T>(path: string, options: ListOptions<T> = {}): Promise<ObjectList<T>> {
    const firstLimit = options.limit ?? DEFAULT_PAGE_SIZE;
    const maxLimit = Math.max(firstLimit, options.maxLimit ?? firstLimit);
    const limitOf = (index: number) => Math.min(maxLimit, firstLimit * 2 ** index);
    interface Asked {
      token: string | undefined;
      index: number;
      page: Promise<ObjectList<T>>;
      /** The next page's token, from this page's head once it arrived. */
      next?: string;
      abort: AbortController;
      settled: boolean;
    }
    const rows = options.as === 'table' ? new RowReader() : undefined;
    /** The page being read first, then those asked for ahead of it, in order. */
    let chain: Asked[] = [];
    const asked = new Set<string>();
    const ask = (token: string | undefined, index: number): Asked => {
      const abort = new AbortController();
      const entry: Asked = { token, index, abort, settled: false, page: Promise.resolve(undefined as never) };
      if (token !== undefined) asked.add(token);
      entry.page = request<ObjectList<T>>(
        path,
        {
          params: { ...options.params, ...(rows ? TABLE_PARAMS : {}), limit: limitOf(index), continue: token },
          ...(rows ? { headers: { Accept: TABLE_ACCEPT } } : {}),
          signal: options.signal ? AbortSignal.any([options.signal, abort.signal]) : abort.signal,
          ...(options.retry === undefined ? {} : { retry: options.retry }),
        },
        {
          // The first page is read whole: most lists have one page, and a long one is streamed where the server
          // can (data/watch/stream-list.ts), so reading its head early is left to the pages after it.
          onHead:
            index === 0
              ? undefined
              : (head) => {
                  entry.next = head.continue || undefined;
                  askAhead();
                },
          // The first page is the page's own request: it is what the first rows wait for, and a worker is not.
          via: index > 0 ? pageVia : undefined,
          following: Array.from({ length: LIST_PAGES_AHEAD }, (_, k) => limitOf(index + 1 + k)),
          rows,
        },
      );
      // Read in order later; a failure of a page asked ahead is reported when its turn comes.
      entry.page.then(
        () => (entry.settled = true),
        () => (entry.settled = true),
      );
      return entry;
    };
    const askAhead = () => {
      for (;;) {
        const last = chain[chain.length - 1];
        // A server that hands back a token twice would loop forever: such a page is asked for once, in turn.
        if (!last || chain.length > LIST_PAGES_AHEAD || last.next === undefined || asked.has(last.next)) return;
        chain.push(ask(last.next, last.index + 1));
      }
    };
    // Only pages still on their way are aborted: aborting an answered one would also break what still reads a
    // clone of its body (the call log reads a failure's Status).
    const dropAll = () => {
      for (const entry of chain) if (!entry.settled) entry.abort.abort();
      chain = [];
    };

    chain = [ask(undefined, 0)];
    let first: ObjectList<T> | undefined;
    const items: T[] = [];
    const seen = new Set<string>();
    try {
      for (;;) {
        const current = chain[0]!;
        const page: ObjectList<T> = await current.page;
        first ??= page;
        const pageItems = page.items ?? [];
        // One by one: an API that ignores `limit` sends the whole list as one page, too many arguments for a call.
        for (const item of pageItems) items.push(item);
        const token = page.metadata?.continue || undefined;
        options.onPage?.(pageItems, { loaded: items.length, remaining: token ? page.metadata?.remainingItemCount : 0 });
        if (token === undefined || seen.has(token)) break;
        seen.add(token);
        chain.shift();
        if (chain[0]?.token !== token) {
          // Pages asked with another token (the page before was retried and named a new one) are not used.
          dropAll();
          chain = [ask(token, current.index + 1)];
        }
        askAhead();
      }
    } finally {
      dropAll();
    }
    // Every page of a paginated list is one snapshot, so the first page's resourceVersion is the list's.
    return { ...first, metadata: { resourceVersion: first.metadata?.resourceVersion ?? '' }, items };
  }

  async function watch<T>(path: string, options: WatchOptions = {}): Promise<WatchStream<T>> {
    const table = options.as === 'table';
    const url = buildUrl(baseUrl, path, {
      ...options.params,
      ...(table ? TABLE_PARAMS : {}),
      watch: true,
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: options.allowWatchBookmarks ?? true,
      timeoutSeconds: options.timeoutSeconds,
    });
    const open = async (): Promise<{ response: Response; body: ReadableStream<Uint8Array> }> => {
      const headers = headersFor(table ? { Accept: TABLE_ACCEPT } : undefined);
      const response = await send('GET', url, { headers, signal: options.signal });
      if (response.ok && response.body) return { response, body: response.body };
      let bodyText = '';
      try {
        bodyText = await response.text();
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw networkError('GET', url, cause);
      }
      if (response.ok) throw invalidStreamError(url, 'no body', response.headers.get(HEADER_REQUEST_ID));
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
    const { response, body } =
      retry === false
        ? await open()
        : await withRetry(open, { ...(retry === true ? {} : retry), signal: options.signal });
    return watchStream<T>(body, {
      url,
      requestId: response.headers.get(HEADER_REQUEST_ID),
      baseUrl,
      signal: options.signal,
      ...(table ? { rows: new RowReader() } : {}),
    });
  }

  async function stream(path: string, options: StreamOptions = {}): Promise<ByteStream> {
    const url = buildUrl(baseUrl, path, options.params);
    const via = options.transport ? (config.record ? config.record(options.transport) : options.transport) : doFetch;
    // Only logs and downloads stream: the code comes with their views (open-stream.ts).
    const { openStream } = await import('./open-stream.ts');
    const headers = () => headersFor({ Accept: 'text/plain, */*' });
    return openStream(
      { baseUrl, url, send: (signal) => send('GET', url, { headers: headers(), signal }, via) },
      options,
    );
  }

  return {
    baseUrl,
    request: (path, options) => request(path, options),
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    list,
    watch,
    stream,
    // Only a Function's page invokes: its code is loaded with the first call, not with every page.
    invoke: async (path, options) =>
      (await import('./invoke.ts')).invokeOnce(
        { baseUrl, url: buildUrl(baseUrl, path), headers: headersFor(undefined), fetch: doFetch },
        options,
      ),
  };
}

export function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** A Table's page as a list whose items are its rows. */
function rowsPage(parsed: unknown, reader: RowReader, url: string, requestId: string | null): ObjectList<unknown> {
  if (!isTable(parsed)) throw invalidTableError(url, 'something else', requestId);
  try {
    return { metadata: parsed.metadata ?? {}, items: reader.read(parsed) } as ObjectList<unknown>;
  } catch (error) {
    throw invalidTableError(url, error instanceof Error ? error.message : 'a broken Table', requestId);
  }
}

function isFailureStatus(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Status' &&
    (value as { status?: unknown }).status === 'Failure'
  );
}
