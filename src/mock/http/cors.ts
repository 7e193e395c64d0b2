/**
 * Which web pages may call the mock from a browser (CORS). The demo key is public, so a page that could send it
 * from any origin could reset the mock or inject faults wherever the browser reaches local addresses: only the
 * console's own origins and those configured get CORS headers, and a write from any other origin is refused.
 * Clients that are no browser (kubectl, curl, the tests) send no Origin and are not concerned.
 */
import { HEADER_REQUEST_ID } from '@/shared/protocol.ts';
import type { Ctx } from './context.ts';
import { ApiFailure } from './errors.ts';

/** Where the console runs in development: Vite's dev server and `npm run preview`, by name and by address. */
export const CONSOLE_ORIGINS: readonly string[] = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

/** Methods a browser's page may send cross-origin without reading the answer; they change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The setting that allows more origins (MockConfig.allowedOrigins when the mock is started from code). */
export const ORIGINS_SETTING = 'NODUS_MOCK_ALLOWED_ORIGINS';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// Range and If-None-Match: a page downloads a file in parts and revalidates it (the files subresource).
const ALLOW_HEADERS =
  'Authorization, Content-Type, If-Match, Idempotency-Key, X-Nodus-Client, Accept, Range, If-None-Match';

/**
 * `scheme://host[:port]` as a browser serialises it (lower-case host, no default port), or undefined when the text
 * is no http(s) origin: a path, credentials or `null` (sandboxed frames and file: pages) are never an origin to allow.
 */
export function parseOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return undefined;
  return url.origin;
}

/** Origins from a comma-separated setting; a wrong one stops the start with what to write instead. */
export function parseOriginList(text: string): string[] {
  const origins: string[] = [];
  for (const item of text.split(',').map((s) => s.trim())) {
    if (item === '') continue;
    const origin = parseOrigin(item);
    if (!origin)
      throw new Error(
        `${ORIGINS_SETTING}: "${item}" is not an origin; write scheme://host[:port], e.g. http://localhost:3000`,
      );
    origins.push(origin);
  }
  return origins;
}

export interface OriginCheck {
  /** The request's Origin header, when it sent one. */
  origin: string | undefined;
  /** Whether that origin may call this server (always false for `null` and anything that is no origin). */
  allowed: boolean;
}

export function checkOrigin(header: string | undefined, allowed: (origin: string) => boolean): OriginCheck {
  if (header === undefined) return { origin: undefined, allowed: false };
  const origin = parseOrigin(header);
  return { origin: header, allowed: origin !== undefined && origin === header && allowed(origin) };
}

function foreignOrigin(origin: string): ApiFailure {
  const shown = JSON.stringify(origin.slice(0, 200));
  return new ApiFailure('Forbidden', `requests from the web page origin ${shown} are not allowed by this server`, {
    fix: `Open the console from one of its own origins (such as http://localhost:5173), or, if you trust that page, start the mock with ${ORIGINS_SETTING}=<its origin> (comma-separated, e.g. ${ORIGINS_SETTING}=https://console.example.com).`,
  });
}

/**
 * A write from a page of another origin: refused before anything happens. A browser sends Origin with every
 * cross-origin POST, including the "simple" ones (text/plain, no preflight) that CORS alone would not stop.
 */
export function refuseForeignWrite(ctx: Ctx, check: OriginCheck): void {
  if (check.origin !== undefined && !check.allowed && !SAFE_METHODS.has(ctx.method)) throw foreignOrigin(check.origin);
}

/**
 * A WebSocket from a page of another origin: refused whatever its method. Browsers apply no CORS to WebSockets and
 * send the page's Origin, so this check is what keeps another site's page from opening a shell with a key it holds
 * (Cross-Site WebSocket Hijacking).
 */
export function refuseForeignUpgrade(check: OriginCheck): void {
  if (check.origin !== undefined && !check.allowed) throw foreignOrigin(check.origin);
}

/**
 * A CORS preflight. An allowed origin gets the methods and headers the API takes (and, when asked, access from a
 * public page to this private address: Private Network Access); another origin gets a Status and no
 * Access-Control-Allow-* header, so the browser sends nothing. OPTIONS without Origin is no preflight.
 */
export function answerOptions(ctx: Ctx, check: OriginCheck): void {
  if (check.origin !== undefined && !check.allowed) throw foreignOrigin(check.origin);
  const headers: Record<string, string> = { [HEADER_REQUEST_ID]: ctx.requestId, Vary: 'Origin', Allow: ALLOW_METHODS };
  if (check.allowed) {
    headers['Access-Control-Allow-Origin'] = check.origin!;
    headers['Access-Control-Allow-Methods'] = ALLOW_METHODS;
    headers['Access-Control-Allow-Headers'] = ALLOW_HEADERS;
    headers['Access-Control-Max-Age'] = '600';
    if (ctx.req.headers['access-control-request-private-network'] === 'true')
      headers['Access-Control-Allow-Private-Network'] = 'true';
  }
  ctx.res.writeHead(204, headers);
  ctx.res.end();
}
