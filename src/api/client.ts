/**
 * createApiClient: the typed fetch wrapper every API call goes through. It adds the bearer key, turns every
 * failure into an ApiError, and follows `continue` tokens so callers get whole lists.
 * May import: src/shared only.
 */
import type { ObjectList } from '../shared/protocol.ts';
import { ApiError, errorFromResponse, networkError } from './api-error.ts';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: string;
  params?: QueryParams;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ListOptions {
  params?: QueryParams;
  /** Page size asked of the server; the client follows `continue` until the list is whole. */
  limit?: number;
  signal?: AbortSignal;
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
  list<T>(path: string, options?: ListOptions): Promise<ObjectList<T>>;
}

export const DEFAULT_PAGE_SIZE = 500;

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readKey = typeof config.apiKey === 'function' ? config.apiKey : () => config.apiKey as string;

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = buildUrl(baseUrl, path, options.params);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const key = readKey();
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal: options.signal });
    } catch (cause) {
      // A cancelled request is not an API error; let the caller (TanStack Query) see the abort as such.
      if (options.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }

    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError(method, url, cause);
    }
    const failure = { method, url, httpStatus: response.status, statusText: response.statusText, headers: response.headers, bodyText: text, baseUrl };
    if (!response.ok) throw errorFromResponse(failure);
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

  async function list<T>(path: string, options: ListOptions = {}): Promise<ObjectList<T>> {
    const limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const seen = new Set<string>();
    let token: string | undefined;
    let first: ObjectList<T> | undefined;
    const items: T[] = [];
    do {
      const page: ObjectList<T> = await request<ObjectList<T>>(path, {
        params: { ...options.params, limit, continue: token },
        signal: options.signal,
      });
      first ??= page;
      items.push(...(page.items ?? []));
      token = page.metadata?.continue || undefined;
      // A server that hands back a token twice would loop forever; stop rather than hang.
      if (token !== undefined) {
        if (seen.has(token)) break;
        seen.add(token);
      }
    } while (token);
    // Every page of a paginated list is one snapshot, so the first page's resourceVersion is the list's.
    return { ...first, metadata: { resourceVersion: first.metadata?.resourceVersion ?? '' }, items };
  }

  return {
    baseUrl,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    list,
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

function isFailureStatus(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Status' &&
    (value as { status?: unknown }).status === 'Failure'
  );
}
