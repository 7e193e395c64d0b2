/**
 * A small production server for the built console (dist/): static files with the security headers of
 * security-headers.ts (gzipped for a browser that takes it, compress.ts), the single-page app's routes answered
 * with index.html, and, when an API URL is given, the API's paths reverse-proxied to it so that the console and
 * the API share one origin (connect-src 'self', no CORS). Given a certificate, it serves HTTPS with HTTP/2 (and
 * HTTP/1.1 for a client without it, and for a terminal's WebSocket): over HTTP/2 a browser's requests share one
 * connection, so the console's streams no longer take the six a browser opens to a host over HTTP/1.1.
 * Node's http and http2 only, no dependency: it is what `npm run preview` runs, and a model for nginx or any other
 * front (README, "Deploying the console"). May import: Node and src/shared.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { constants, createSecureServer, type Http2SecureServer, type ServerHttp2Stream } from 'node:http2';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import type { Status } from '../../src/shared/protocol.ts';
import { apiTarget } from './api-path.ts';
import { acceptsGzip, compressible, GzipCache } from './compress.ts';
import { securityHeaders, type SecurityOptions } from './security-headers.ts';
import { forwardUpgrade } from './upgrade.ts';
import { HOP_BY_HOP, upstreamRequest } from './upstream.ts';

export { API_PREFIXES } from './api-path.ts';

const TYPES: Headers = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ConsoleServerOptions {
  /** The built console (vite build's outDir). */
  dist: string;
  /** Where API paths are forwarded (e.g. https://api.example.com); unset: they answer 404 like any missing file. */
  apiUrl?: string;
  /** Extra origins for connect-src: the API's when the build calls it directly (VITE_NODUS_API_URL). */
  connectOrigins?: readonly string[];
  /**
   * Forward the bundled mock's development controls (/_mock/: reset, faults). Off unless a test run needs them
   * through this server: a deployment must not offer them on the console's origin.
   */
  mockControls?: boolean;
  /** Where the gzipped files are kept (a test reads it); a new one by default. */
  gzipped?: GzipCache;
  /** A certificate and its key (PEM): HTTPS, with HTTP/2 for the browsers that offer it. */
  tls?: ServerTls | undefined;
}

export interface ServerTls {
  key: Buffer | string;
  cert: Buffer | string;
}

type Headers = Record<string, string>;

export function createConsoleServer(options: ConsoleServerOptions & { tls: ServerTls }): Http2SecureServer;
export function createConsoleServer(options: ConsoleServerOptions & { tls?: undefined }): Server;
export function createConsoleServer(options: ConsoleServerOptions): Server | Http2SecureServer;
export function createConsoleServer(options: ConsoleServerOptions): Server | Http2SecureServer {
  const root = resolve(options.dist);
  const security: SecurityOptions = { connectOrigins: options.connectOrigins ?? [] };
  const headers = securityHeaders(security);
  const upstream = options.apiUrl ? new URL(options.apiUrl.replace(/\/+$/, '')) : undefined;
  const mockControls = options.mockControls ?? false;
  const gzipped = options.gzipped ?? new GzipCache();
  // In the background: a file not done yet when asked for is compressed then, once.
  gzipped.warm(root).catch(() => undefined);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const target = upstream ? apiTarget(req.url ?? '/', { mockControls }) : { kind: 'not-api' as const };
    if (target.kind === 'forward') return proxy(req, res, upstream!, target.path, headers);
    if (target.kind === 'escapes') {
      req.resume();
      return sendStatus(res, headers, 400, 'BadRequest', {
        message: `the path ${JSON.stringify((req.url ?? '').slice(0, 200))} leaves the API's paths (a ".." segment, written plainly, percent-encoded or with a backslash)`,
        fix: 'Send the path without "." or ".." segments, as a browser resolves it.',
      });
    }
    if (target.kind === 'mock-controls') {
      req.resume();
      return sendStatus(res, headers, 404, 'NotFound', {
        message: "the mock's development controls (/_mock/) are not served by the console's server",
        fix: 'Call the mock directly for them; a test run that needs them here starts this server with --mock-controls.',
      });
    }
    void serveStatic(root, req, res, headers, gzipped).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error', headers);
      else res.destroy();
    });
  };
  // HTTP/2's request and response follow HTTP/1's API (Node's compatibility layer): one handler serves both.
  const server = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, handle as never)
    : createServer(handle);
  // A terminal's WebSocket (exec) goes to the API like any API call; nothing else upgrades.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = upstream ? apiTarget(req.url ?? '/', { mockControls }) : undefined;
    if (target?.kind === 'forward') return forwardUpgrade(req, socket, head, upstream!, target.path);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return server;
}

async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Headers,
  gzipped: GzipCache,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'Method not allowed', { ...headers, Allow: 'GET, HEAD' });
  const pathname = decodePath(req.url ?? '/');
  if (pathname === undefined) return plain(res, 400, 'Bad request', headers);
  const file = resolveInside(root, pathname);
  const found = file ? await fileAt(file) : undefined;
  if (file && found) return sendFile(res, req, file, found, headers, gzipped);
  // An asset that is not there (a file name with an extension) is a 404; anything else is a route of the app.
  if (extname(pathname) !== '' && extname(pathname) !== '.html') return plain(res, 404, 'Not found', headers);
  const index = join(root, 'index.html');
  const indexStats = await fileAt(index);
  if (!indexStats) return plain(res, 500, `No index.html in ${root}: run npm run build first.`, headers);
  return sendFile(res, req, index, indexStats, headers, gzipped);
}

function decodePath(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://console.invalid').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/** The file a path names, or undefined when it would leave the root (`..`, encoded or not). */
export function resolveInside(root: string, pathname: string): string | undefined {
  const file = resolve(root, `.${normalize(`/${pathname}`)}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

async function fileAt(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(
  res: ServerResponse,
  req: IncomingMessage,
  file: string,
  stats: Stats,
  headers: Headers,
  gzipped: GzipCache,
): Promise<void> {
  // Vite names what it emits into assets/ by content hash: those never change. index.html must be revalidated.
  const immutable = /[\\/]assets[\\/]/.test(file);
  const extension = extname(file).toLowerCase();
  const common: OutgoingHttpHeaders = {
    ...headers,
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (compressible(extension, stats.size)) {
    // A cache between here and the browser must keep the two encodings apart.
    common.Vary = 'Accept-Encoding';
    if (acceptsGzip(req.headers['accept-encoding'])) {
      const body = await gzipped.get(file, stats);
      res.writeHead(200, { ...common, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
  }
  res.writeHead(200, { ...common, 'Content-Length': stats.size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function plain(res: ServerResponse, code: number, text: string, headers: Headers): void {
  res.writeHead(code, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${text}\n`);
}

/**
 * Forwards one API call as it is (method, path, query, headers as upstream.ts sets them, body, streamed both ways:
 * watches are long chunked responses). A response the API breaks off breaks off for the browser too, so the console
 * sees a dropped watch as dropped.
 */
function proxy(req: IncomingMessage, res: ServerResponse, upstream: URL, path: string, security: Headers): void {
  const out = upstreamRequest(req, upstream, path);
  out.on('response', (answer) => {
    const back: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
    }
    // The API's pages (/docs/errors/...) are served on the console's origin: they get its protections too. A
    // policy of the API's own is kept beside ours (comma-separated policies: a browser enforces each).
    const ownPolicy = answer.headers['content-security-policy'];
    for (const [name, value] of Object.entries(security)) back[name.toLowerCase()] = value;
    if (ownPolicy !== undefined)
      back['content-security-policy'] = `${[ownPolicy].flat().join(', ')}, ${security['Content-Security-Policy']}`;
    res.writeHead(answer.statusCode ?? 502, back);
    // Headers now, not with the first chunk: a quiet watch is connected, not pending.
    res.flushHeaders();
    answer.pipe(res);
    answer.on('close', () => {
      if (!answer.complete) breakOff(res);
    });
  });
  out.on('error', (error) => {
    if (res.headersSent) return breakOff(res);
    sendStatus(res, { ...security, 'Retry-After': '1' }, 503, 'ServiceUnavailable', {
      message: `the console's server could not reach the API at ${upstream.origin} (${(error as { code?: string }).code ?? error.message})`,
      fix: 'Check that the API is up and that NODUS_API_URL points at it; the console retries by itself.',
    });
  });
  res.on('close', () => {
    if (!res.writableFinished) out.destroy();
  });
  req.pipe(out);
}

/**
 * Ends a response as broken, not finished: over HTTP/1.1 the connection goes; over HTTP/2 only the stream, with
 * an error code (a stream reset without one reads as a clean end).
 */
function breakOff(res: ServerResponse): void {
  const stream = (res as unknown as { stream?: ServerHttp2Stream }).stream;
  if (stream) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
  else res.destroy();
}

/** A failure of this server's own, as a Status: the console shows every failure that way (ErrorPanel). */
function sendStatus(
  res: ServerResponse,
  headers: Headers,
  code: number,
  reason: string,
  text: { message: string; fix: string },
): void {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason, code, ...text };
  res.writeHead(code, { ...headers, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(status));
}
