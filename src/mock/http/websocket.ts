/**
 * What a WebSocket upgrade request says before it is upgraded: the subprotocols it offers, and the API key a browser
 * sends as one of them. A browser cannot set headers on a WebSocket, so kube-apiserver (and this server) take the
 * bearer token from the subprotocol `base64url.bearer.authorization.k8s.io.<token, base64url without padding>`.
 */
import type { IncomingMessage } from 'node:http';

export const BEARER_PROTOCOL_PREFIX = 'base64url.bearer.authorization.k8s.io.';

/** The subprotocols offered (Sec-WebSocket-Protocol, comma-separated, possibly over several headers). */
export function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Whether the request asks to become a WebSocket (any Upgrade header does: other upgrades are refused). */
export function isUpgrade(req: IncomingMessage): boolean {
  return req.headers.upgrade !== undefined;
}

/** The token in the bearer subprotocol, or undefined when none is offered or it is not base64url. */
export function bearerFromProtocols(protocols: readonly string[]): string | undefined {
  const offered = protocols.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX));
  if (offered === undefined) return undefined;
  const encoded = offered.slice(BEARER_PROTOCOL_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}
