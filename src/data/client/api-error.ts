/**
 * ApiError: the one error type the API client throws. It carries the Status as the API sent it, or a
 * Status the client made up when the answer was not a Status (network failure, HTML from a proxy, ...).
 * May import: src/shared only.
 */
import { HEADER_REQUEST_ID, REASON_CODES, isStatus } from '@/shared/protocol.ts';
import type { Status, StatusCause } from '@/shared/protocol.ts';

/** Reasons the client uses when the answer it got was not a Status. */
export const CLIENT_REASONS = {
  NetworkError: 'NetworkError',
  InvalidResponse: 'InvalidResponse',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code; 0 when no HTTP answer arrived at all. */
  readonly code: number;
  readonly reason: string;
  readonly causes: StatusCause[];
  readonly fix: string | undefined;
  /** Link to the page that explains this error (resolved against the API base URL). */
  readonly docs: string | undefined;
  readonly requestId: string | undefined;
  /** How long the server asked the client to wait (the Retry-After header, or the Status's details). */
  readonly retryAfterSeconds: number | undefined;
  /**
   * Set on a failed create that was sent with an Idempotency-Key: its outcome may be unknown (the connection
   * broke after the server committed), and repeating the same request with this key finishes it safely.
   */
  idempotencyKey: string | undefined;
  /** The Status as received, or as synthesized by the client. */
  readonly status: Status;
  /** True when `status` came from the server rather than from the client. */
  readonly fromServer: boolean;

  constructor(
    status: Status,
    options: { requestId?: string | null; fromServer: boolean; baseUrl?: string; retryAfterSeconds?: number },
  ) {
    super(status.message);
    this.status = status;
    this.code = status.code;
    this.reason = status.reason;
    this.causes = status.details?.causes ?? [];
    this.fix = status.fix;
    this.docs = resolveDocs(status.docs, options.baseUrl);
    this.requestId = status.requestId ?? options.requestId ?? undefined;
    this.retryAfterSeconds = options.retryAfterSeconds ?? status.details?.retryAfterSeconds;
    this.idempotencyKey = undefined;
    this.fromServer = options.fromServer;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Any failure as an ApiError, for code that shows or stores one kind of error. Something thrown that is not an
 * ApiError is a bug in the console; it keeps its message so that it can still be reported.
 */
/** 504 for a resourceVersion the server has not reached: no resume from it can succeed there. */
export function isTooLargeVersion(error: ApiError): boolean {
  return error.code === 504 && error.causes.some((c) => c.reason === 'ResourceVersionTooLarge');
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const status = synthesizedStatus({
    code: 0,
    reason: 'InternalError',
    message: `The console failed: ${message}`,
    fix: 'Reload the page; if it happens again, report what you did.',
    requestId: null,
  });
  return new ApiError(status, { fromServer: false });
}

/** What the client knows about a failed (or unparseable) HTTP answer. */
export interface FailedResponse {
  method: string;
  url: string;
  httpStatus: number;
  statusText: string;
  headers: Headers;
  bodyText: string;
  baseUrl?: string;
}

/**
 * Turns an HTTP answer into an ApiError. A Status body is kept as it is; anything else becomes a Status whose
 * reason follows the HTTP code, so the UI can show every failure the same way.
 */
export function errorFromResponse(res: FailedResponse): ApiError {
  const requestId = res.headers.get(HEADER_REQUEST_ID);
  const retryAfterSeconds = parseRetryAfter(res.headers.get('Retry-After'));
  const retryAfter = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  const parsed = tryParseJson(res.bodyText);
  if (isStatus(parsed)) {
    return new ApiError(
      { ...parsed, code: parsed.code || res.httpStatus },
      { requestId, fromServer: true, ...baseUrlOption(res.baseUrl), ...retryAfter },
    );
  }
  const ok = res.httpStatus >= 200 && res.httpStatus < 300;
  const contentType = res.headers.get('content-type') ?? 'no content type';
  const what = `${res.method} ${res.url}`;
  const snippet = summarize(res.bodyText);
  const status = synthesizedStatus({
    code: res.httpStatus,
    reason: ok ? CLIENT_REASONS.InvalidResponse : reasonForCode(res.httpStatus),
    message: ok
      ? `${what} answered ${res.httpStatus} with ${contentType} that is not the JSON the console expected.`
      : `${what} failed with HTTP ${res.httpStatus}${res.statusText ? ` ${res.statusText}` : ''} and no Status body` +
        (snippet ? `: ${snippet}` : '.'),
    fix: ok
      ? 'Check that the console points at a Nodus API (VITE_NODUS_API_URL) and not at another web server.'
      : 'A proxy or gateway between the console and the Nodus API may have answered. Check that the API is running and reachable, then retry.',
    requestId,
  });
  return new ApiError(status, { requestId, fromServer: false, ...baseUrlOption(res.baseUrl), ...retryAfter });
}

/** The ApiError for a Status that arrived inside a 200 body: a watch's ERROR event (410 Expired, say). */
export function errorFromStatus(
  status: Status,
  options: { requestId?: string | null; baseUrl?: string } = {},
): ApiError {
  return new ApiError(status, { requestId: options.requestId, fromServer: true, ...baseUrlOption(options.baseUrl) });
}

/** Retry-After in seconds, from either form the header may take (delta-seconds or an HTTP date). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The ApiError for a request that got no HTTP answer (DNS, refused connection, CORS, offline). */
export function networkError(method: string, url: string, cause: unknown): ApiError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  const status = synthesizedStatus({
    code: 0,
    reason: CLIENT_REASONS.NetworkError,
    message: `Could not reach the Nodus API: ${method} ${url} got no answer${detail}.`,
    fix: 'Check your network connection and that the API server is running; if the API is on another origin, check that it allows this origin (CORS).',
    requestId: null,
  });
  return new ApiError(status, { fromServer: false });
}

/** The ApiError for a watch (or a streamed read) whose connection broke after it had started: the caller resumes. */
export function connectionLost(url: string, cause: unknown, what: 'watch' | 'stream' = 'watch'): ApiError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  const status = synthesizedStatus({
    code: 0,
    reason: CLIENT_REASONS.NetworkError,
    message: `The ${what} of ${url} lost its connection${detail}.`,
    fix:
      what === 'watch'
        ? 'Nothing to do: the console resumes from the last version it saw. If it keeps happening, check the network or a proxy that closes long requests.'
        : 'Try again; a followed log resumes by itself from the last line it showed. If it keeps happening, check the network or a proxy that closes long requests.',
    requestId: null,
  });
  return new ApiError(status, { fromServer: false });
}

/** The ApiError for a 200 answer whose body broke the protocol midway (a watch line that is not an event). */
export function invalidStreamError(url: string, detail: string, requestId: string | null): ApiError {
  const status = synthesizedStatus({
    code: 200,
    reason: CLIENT_REASONS.InvalidResponse,
    message: `The watch stream of ${url} sent ${detail}, which is not a watch event.`,
    fix: 'Check that the console points at a Nodus API and not at another web server; the console watches again by itself.',
    requestId,
  });
  return new ApiError(status, { requestId, fromServer: false });
}

/** An answer that is not the Table asked for (`as=Table`): a server that does not print Tables, or another server. */
export function invalidTableError(url: string, detail: string, requestId: string | null): ApiError {
  const status = synthesizedStatus({
    code: 200,
    reason: CLIENT_REASONS.InvalidResponse,
    message: `${url} answered ${detail}, not the Table (meta.k8s.io/v1) it was asked for.`,
    fix: 'Check that the console points at a Nodus API (or a Kubernetes API server, which prints Tables), not at another web server.',
    requestId,
  });
  return new ApiError(status, { requestId, fromServer: false });
}

function synthesizedStatus(s: {
  code: number;
  reason: string;
  message: string;
  fix: string;
  requestId: string | null;
}): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    code: s.code,
    reason: s.reason,
    message: s.message,
    fix: s.fix,
    ...(s.requestId ? { requestId: s.requestId } : {}),
  };
}

/** The protocol's reason for an HTTP code, for answers that carry no Status. */
export function reasonForCode(code: number): string {
  for (const [reason, reasonCode] of Object.entries(REASON_CODES)) {
    if (reasonCode === code) return reason;
  }
  return code >= 500 ? 'InternalError' : 'Unknown';
}

function tryParseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A short, single-line excerpt of a body that is not a Status; HTML is reduced to a hint, never rendered. */
function summarize(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('<')) return 'the body was HTML';
  const line = trimmed.replace(/\s+/g, ' ');
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Only http(s) links, resolved against the API base so a relative `/docs/...` opens on the API's host. */
function resolveDocs(docs: string | undefined, baseUrl: string | undefined): string | undefined {
  if (!docs) return undefined;
  try {
    const base = baseUrl || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
    const url = new URL(docs, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // Keep same-origin links relative when no base URL is set, as the API sent them.
    return baseUrl || /^[a-z]+:/i.test(docs) ? url.toString() : docs;
  } catch {
    return undefined;
  }
}

function baseUrlOption(baseUrl: string | undefined): { baseUrl?: string } {
  return baseUrl ? { baseUrl } : {};
}
