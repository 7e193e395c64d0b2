/**
 * The request the console's server sends the API for a browser's request: the same target and the same headers
 * whether it is a plain call (server.ts) or a terminal's WebSocket handshake (upgrade.ts), so the two cannot drift
 * apart. May import: Node only.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * Headers that belong to one connection, never forwarded by a proxy either way (RFC 9110 §7.6.1). Host is the
 * upstream's own; an upgrade sets Connection and Upgrade again for its hop (upstreamRequest).
 */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/**
 * The browser's headers as the API gets them: hop-by-hop ones dropped, the upstream's Host (so virtual hosting and
 * TLS work), and where the browser came in (X-Forwarded-Host, X-Forwarded-Proto) for links the API writes.
 */
export function forwardedHeaders(req: IncomingMessage, upstream: URL): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2's pseudo-headers (:method, :path, :authority, :scheme) are its own framing, not headers to pass on.
    if (!HOP_BY_HOP.has(name) && !name.startsWith(':') && value !== undefined) forwarded[name] = value;
  }
  forwarded.host = upstream.host;
  forwarded['x-forwarded-host'] = req.headers.host ?? String(req.headers[':authority'] ?? '');
  forwarded['x-forwarded-proto'] = req.httpVersionMajor === 2 || 'encrypted' in req.socket ? 'https' : 'http';
  return forwarded;
}

/**
 * Opens the request to the API for `path` (relative to the API's base, as apiTarget resolved it). With `upgrade`,
 * the handshake asks the API to switch to the protocol the browser asked for. The caller writes the body and ends it.
 */
export function upstreamRequest(
  req: IncomingMessage,
  upstream: URL,
  path: string,
  options: { upgrade?: boolean } = {},
): ClientRequest {
  const headers = forwardedHeaders(req, upstream);
  if (options.upgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = req.headers.upgrade ?? 'websocket';
  }
  const basePath = upstream.pathname === '/' ? '' : upstream.pathname;
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return send({
    protocol: upstream.protocol,
    hostname: upstream.hostname,
    port: upstream.port || undefined,
    method: req.method,
    path: `${basePath}${path}`,
    headers,
  });
}
