/**
 * One request as the handlers see it: the parsed URL, its requestId, and helpers that write responses with the
 * headers every response carries (X-Request-Id, CORS, no caching).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER_REQUEST_ID } from '../../shared/protocol.ts';
import { ApiFailure, statusBody } from './errors.ts';

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  requestId: string;
  /** Where this server is reached, for absolute links such as a Status's `docs`. */
  origin: string;
}

export type Headers = Record<string, string | number>;

const EXPOSED = ['X-Request-Id', 'ETag', 'Idempotent-Replayed', 'Retry-After', 'Warning', 'Location'].join(', ');

export function baseHeaders(ctx: Ctx): Headers {
  const headers: Headers = {
    [HEADER_REQUEST_ID]: ctx.requestId,
    'Cache-Control': 'no-store',
    'Access-Control-Expose-Headers': EXPOSED,
  };
  const origin = ctx.req.headers.origin;
  if (origin) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers.Vary = 'Origin';
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

export function sendText(ctx: Ctx, code: number, text: string, contentType = 'text/plain; charset=utf-8', headers: Headers = {}): void {
  ctx.res.writeHead(code, { ...baseHeaders(ctx), 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
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

export function boolQuery(ctx: Ctx, name: string): boolean {
  const value = query(ctx, name);
  return value === 'true' || value === '1' || value === '';
}

/** `?dryRun=All`; any other value is refused rather than silently ignored. */
export function dryRunQuery(ctx: Ctx): boolean {
  const values = ctx.url.searchParams.getAll('dryRun');
  if (values.length === 0) return false;
  if (values.every((v) => v === 'All')) return true;
  throw new ApiFailure('BadRequest', `unsupported dryRun value "${values.join(',')}"; the only value is "All"`, { fix: 'Send ?dryRun=All, or leave it out.' });
}
