/**
 * One request as the handlers see it: the parsed URL, its requestId, and helpers that write responses with the
 * headers every response carries (X-Request-Id, CORS for the pages allowed to read it, no caching).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEADER_REQUEST_ID, type NodusObject } from '@/shared/protocol.ts';
import { parseBoolParam } from './booleans.ts';
import { ApiFailure, statusBody } from './errors.ts';

/** Who made a request: the user its API key belongs to, as a SelfSubjectReview's userInfo shows it. */
export interface Principal {
  username: string;
  uid: string;
  groups: string[];
  /** More about the request's credentials, as Kubernetes' userInfo.extra carries it (the key's name). */
  extra?: Record<string, string[]>;
}

/**
 * Which objects of a list or watch across projects the key may see. Watches with the same key see the same
 * objects, so they may share the work of matching each change.
 */
export interface Visibility {
  key: string;
  test: (obj: NodusObject) => boolean;
}

/** What the authorizer (src/mock/auth) decided before routing, for the handlers that must decide more. */
export interface RequestAccess {
  /** Set on a list or watch across projects when the key may read only some of them. */
  readonly visible: Visibility | undefined;
  /** Whether the key may also do `verb` to the request's resource (raising a cap needs `raisecap`). */
  may(verb: string): boolean;
  /** The 403 for `verb` on the request's resource, naming who can grant it. */
  forbidden(verb: string): ApiFailure;
  /** Ends a long-lived answer (watch, followed log, shell) once the key loses the right to it; returns a release. */
  guard(end: (failure: ApiFailure) => void): () => void;
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  requestId: string;
  /**
   * Where this server is reached, for absolute links such as a Status's `docs`: from its configuration (its public
   * URL or the address it listens on), never from the request's Host header, which any client may set.
   */
  origin: string;
  /** The request's Origin when that web page may read the answer (http/cors.ts); unset, no CORS header is sent. */
  allowedOrigin?: string;
  /**
   * Set when the request asks to become a WebSocket: the connection, which only the exec subresource takes over;
   * every other answer is written to it as a plain HTTP response (`res` is bound to it) and the connection closed.
   */
  upgrade?: { socket: Duplex; head: Buffer };
  /** Set once the key is checked: every handler past authentication may rely on it. */
  user?: Principal;
  /** Set with `user`, once the request is known to be allowed. */
  access?: RequestAccess;
}

export type Headers = Record<string, string | number>;

const EXPOSED = [
  'X-Request-Id',
  'ETag',
  'Idempotent-Replayed',
  'Retry-After',
  'Warning',
  'Location',
  // An invocation's answer: which headers say the Function answered (src/shared/protocol.ts).
  'Nodus-Invocation-Id',
  'Nodus-Duration-Ms',
  'Nodus-Charged-USD',
  'Content-Type',
  // A file's download: its size and which part of it this is.
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'Last-Modified',
].join(', ');

export function baseHeaders(ctx: Ctx): Headers {
  const headers: Headers = {
    [HEADER_REQUEST_ID]: ctx.requestId,
    'Cache-Control': 'no-store',
    // Whether a page may read the answer depends on its Origin.
    Vary: 'Origin',
  };
  if (ctx.allowedOrigin !== undefined) {
    headers['Access-Control-Allow-Origin'] = ctx.allowedOrigin;
    headers['Access-Control-Expose-Headers'] = EXPOSED;
  }
  return headers;
}

export function sendJson(ctx: Ctx, code: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  ctx.res.writeHead(code, {
    ...baseHeaders(ctx),
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  ctx.res.end(ctx.method === 'HEAD' ? undefined : text);
}

/** Items a streamed list writes per task (sendJsonList). */
export const LIST_ITEMS_PER_WRITE = 100;

/**
 * A list written as it is serialised, the way a Kubernetes API server streams a collection (1.33's streaming list
 * encoding): its head (apiVersion, kind, metadata with the continue token) goes out at once, then the items,
 * `LIST_ITEMS_PER_WRITE` to a task. A client learns the next page's token before this page's items arrive and can
 * ask for it meanwhile; and a page of 1,000 objects never holds the server's event loop for the whole of it. The
 * objects are never changed in place (store.ts), so the items written later are the ones listed now. Writing
 * waits while the client is behind, and stops when it goes.
 */
export function sendJsonList(ctx: Ctx, list: { items: readonly unknown[] }): void {
  const { items, ...rest } = list;
  const head = JSON.stringify(rest);
  ctx.res.writeHead(200, { ...baseHeaders(ctx), 'Content-Type': 'application/json' });
  if (ctx.method === 'HEAD') {
    ctx.res.end();
    return;
  }
  // `{"apiVersion":…,"metadata":{…}}` becomes `{"apiVersion":…,"metadata":{…},"items":[`.
  ctx.res.write(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"items":[`);
  let next = 0;
  const writeSome = (): void => {
    if (ctx.res.destroyed) return;
    const end = Math.min(items.length, next + LIST_ITEMS_PER_WRITE);
    const parts: string[] = [];
    for (; next < end; next++) parts.push(JSON.stringify(items[next]));
    // Every batch after the first begins with the comma that ends the one before.
    const text = (parts.length > 0 && end > parts.length ? ',' : '') + parts.join(',');
    if (next >= items.length) {
      ctx.res.end(`${text}]}`);
      return;
    }
    if (ctx.res.write(text)) setImmediate(writeSome);
    else ctx.res.once('drain', writeSome);
  };
  setImmediate(writeSome);
}

export function sendText(
  ctx: Ctx,
  code: number,
  text: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Headers = {},
): void {
  ctx.res.writeHead(code, {
    ...baseHeaders(ctx),
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  ctx.res.end(ctx.method === 'HEAD' ? undefined : text);
}

export function sendFailure(ctx: Ctx, failure: ApiFailure): void {
  const headers: Headers = {};
  if (failure.retryAfterSeconds !== undefined) headers['Retry-After'] = String(failure.retryAfterSeconds);
  sendJson(ctx, failure.code, statusBody(failure, ctx.requestId, ctx.origin), headers);
}

export function query(ctx: Ctx, name: string): string | null {
  return ctx.url.searchParams.get(name);
}

/** A boolean query parameter as a Kubernetes server parses it (booleans.ts); a bad spelling is a 400. */
export function boolQuery(ctx: Ctx, name: string): boolean {
  return parseBoolParam(name, query(ctx, name));
}

/** `?dryRun=All`; any other value is refused rather than silently ignored. */
export function dryRunQuery(ctx: Ctx): boolean {
  const values = ctx.url.searchParams.getAll('dryRun');
  if (values.length === 0) return false;
  if (values.every((v) => v === 'All')) return true;
  throw new ApiFailure('BadRequest', `unsupported dryRun value "${values.join(',')}"; the only value is "All"`, {
    fix: 'Send ?dryRun=All, or leave it out.',
  });
}
