/**
 * The mock Nodus API: a real HTTP server speaking the Kubernetes wire protocol for Nodus kinds.
 * This module (and all of src/mock) runs in Node only; it imports src/shared and never the console.
 */
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { ConnectionGuard, connectionBound, serverOptions } from './http/connections.ts';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { configFromEnv, defaultConfig, type MockConfig } from './config.ts';
import { loadBaseline, loadDemoData } from './demo/demo-data.ts';
import { sendFailure, sendJson, sendText, type Ctx } from './http/context.ts';
import { ApiFailure } from './http/errors.ts';
import {
  answerOptions,
  checkOrigin,
  CONSOLE_ORIGINS,
  parseOrigin,
  refuseForeignUpgrade,
  refuseForeignWrite,
} from './http/cors.ts';
import { bearerFromProtocols, offeredProtocols } from './http/websocket.ts';
import { answerOutsideHandlers } from './http/outside-handlers.ts';
import { injectFaults, refuseIfUnreachable } from './faults/faults.ts';
import { routeApi } from './routes/router.ts';
import { authorizeRequest } from './auth/access.ts';
import { authorizerOf } from './auth/authorizer.ts';
import { ensureAccess } from './iam/bootstrap.ts';
import { errorIndex, errorPage, isReason } from './routes/docs.ts';
import { versionInfo } from './routes/discovery.ts';
import { MockState } from './state.ts';
import { openDurableState } from './persist/durable-state.ts';
import { startController } from './controller/controller.ts';
import { startEventExpiry } from './events/log.ts';
import { ensureCertificate } from './tls.ts';

export interface MockServer {
  url: string;
  port: number;
  /** The HTTPS address, when the server was started with a tlsPort. */
  tlsUrl: string | undefined;
  certPath: string | undefined;
  /** Connections accepted at once over both ports (more are refused, and the log says so). */
  maxConnections: number;
  /** Connections open now, over both ports. */
  openConnections: () => number;
  state: MockState;
  close: () => Promise<void>;
}

/** The key from the Authorization header, or, on a WebSocket upgrade, from the bearer subprotocol (browsers). */
function givenKey(req: IncomingMessage, upgrade: boolean): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (match) return match[1]!.trim();
  return upgrade ? bearerFromProtocols(offeredProtocols(req)) : undefined;
}

/** A 401 with what to send, which depends on how the request could send a key. */
function unauthorized(message: string, upgrade: boolean): ApiFailure {
  return new ApiFailure('Unauthorized', message, {
    fix: upgrade
      ? 'Send "Authorization: Bearer <your API key>", or from a browser offer the subprotocol base64url.bearer.authorization.k8s.io.<the key in base64url, without padding>; the bundled mock\'s demo key is nodus-dev-key.'
      : 'Send "Authorization: Bearer <your API key>"; the bundled mock\'s demo key is nodus-dev-key.',
  });
}

/** The one path that upgrades to a WebSocket: a namespaced object's exec subresource. */
const UPGRADE_PATH = /^\/apis\/nodus\.dev\/v1\/namespaces\/[^/]+\/[^/]+\/[^/]+\/exec$/;

/** Healthy unless the readyz fault (POST /_mock/faults) says a check is degraded or failing. */
export function readiness(state: MockState) {
  const { degraded, failing } = state.faults.settings.readyz;
  return { ready: failing === null, release: state.config.release, degraded: [...degraded], failing };
}

/** Paths anyone may read: health, version and the error reference. */
function servePublic(state: MockState, ctx: Ctx): boolean {
  const path = ctx.url.pathname;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  if (path === '/healthz' || path === '/livez') {
    sendText(ctx, 200, 'ok');
    return true;
  }
  if (path === '/readyz') {
    const ready = readiness(state);
    sendJson(ctx, ready.ready ? 200 : 503, ready);
    return true;
  }
  if (path === '/version') {
    sendJson(ctx, 200, versionInfo(state.config.release));
    return true;
  }
  if (path === '/docs/errors' || path === '/docs/errors/') {
    sendText(ctx, 200, errorIndex(), 'text/html; charset=utf-8');
    return true;
  }
  const doc = /^\/docs\/errors\/([A-Za-z]+)$/.exec(path);
  if (doc && isReason(doc[1]!)) {
    sendText(ctx, 200, errorPage(doc[1]), 'text/html; charset=utf-8');
    return true;
  }
  return false;
}

/**
 * Where one listener is reached, filled in once it listens (port 0 picks a free one): the base of the request URL
 * and of absolute links. Never the request's Host header, which any client sets.
 */
interface Site {
  /** The base of absolute links (config.publicUrl, or the address listened on). */
  links: string;
  /** The request URL's base: the address listened on. */
  base: string;
}

/** An address to write in a URL: a wildcard host is reached on loopback, and an IPv6 address is bracketed. */
function listeningOrigin(scheme: 'http' | 'https', host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `${scheme}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::', '']);

/** The console's dev origins, the configured ones, and this server's own (its addresses and public URL). */
function originsAllowed(config: MockConfig, own: Set<string>): (origin: string) => boolean {
  return (origin) =>
    CONSOLE_ORIGINS.includes(origin) ||
    own.has(origin) ||
    config.allowedOrigins.some((allowed) => parseOrigin(allowed) === origin);
}

/** The request's path and query; a target that is no path (`//[`) gives undefined. */
function requestUrl(req: IncomingMessage, base: string): URL | undefined {
  try {
    return new URL(req.url ?? '/', base);
  } catch {
    return undefined;
  }
}

async function handle(
  state: MockState,
  site: Site,
  allows: (origin: string) => boolean,
  req: IncomingMessage,
  res: ServerResponse,
  upgrade?: Ctx['upgrade'],
): Promise<void> {
  const target = requestUrl(req, site.base);
  const origin = checkOrigin(req.headers.origin, allows);
  const ctx: Ctx = {
    req,
    res,
    url: target ?? new URL(site.base),
    method: (req.method ?? 'GET').toUpperCase(),
    requestId: state.newRequestId(),
    origin: site.links,
    ...(origin.allowed ? { allowedOrigin: origin.origin } : {}),
    ...(upgrade ? { upgrade } : {}),
  };
  // An outage (POST /_mock/faults unreachableSeconds) answers nothing at all, not even an error.
  if (refuseIfUnreachable(state, ctx)) return;
  try {
    if (req.headers.host === undefined && req.httpVersionMinor >= 1) {
      req.resume();
      throw new ApiFailure('BadRequest', 'an HTTP/1.1 request must carry a Host header', {
        fix: 'Send "Host: <the server\'s host and port>", as every HTTP client does.',
      });
    }
    if (!target) {
      req.resume();
      throw new ApiFailure(
        'BadRequest',
        `the request target ${JSON.stringify((req.url ?? '').slice(0, 200))} is not a URL path`,
        {
          fix: 'Send a path such as /apis/nodus.dev/v1/namespaces/default/jobs, percent-encoding what is not a letter or digit.',
        },
      );
    }
    if (ctx.method === 'OPTIONS') return answerOptions(ctx, origin);
    refuseForeignWrite(ctx, origin);
    if (upgrade) {
      refuseForeignUpgrade(origin);
      if (!UPGRADE_PATH.test(ctx.url.pathname))
        throw new ApiFailure('BadRequest', `${ctx.url.pathname} does not upgrade to a WebSocket`, {
          fix: "Only a Sandbox's exec subresource (.../sandboxes/{name}/exec) is a WebSocket; send other requests without Upgrade.",
        });
    }
    await injectFaults(state, ctx);
    if (servePublic(state, ctx)) return;
    const key = givenKey(req, upgrade !== undefined);
    const refuse = (message: string) => {
      req.resume();
      return unauthorized(message, upgrade !== undefined);
    };
    if (key === undefined) throw refuse('no API key was sent');
    try {
      authorizeRequest(state, ctx, key, refuse);
    } catch (error) {
      // A refused request's body is not read.
      req.resume();
      throw error;
    }
    await routeApi(state, ctx);
  } catch (error) {
    // Headers gone, or the connection broke under a body being read (the parser's clientError answers that).
    if (res.headersSent || (error as { code?: string }).code === 'ECONNRESET') {
      res.destroy();
      return;
    }
    if (error instanceof ApiFailure) return sendFailure(ctx, error);
    console.error(`[${ctx.requestId}] ${ctx.method} ${ctx.url.pathname}:`, error);
    sendFailure(ctx, new ApiFailure('InternalError', `the server failed to handle ${ctx.method} ${ctx.url.pathname}`));
  }
}

export function createState(config: MockConfig): MockState {
  const state = new MockState(config);
  const seed = () => (config.demoData ? loadDemoData(state) : loadBaseline(state));
  // Subscribed before anything changes, so that its caches and guards follow every change.
  authorizerOf(state);
  // With a data directory, demo data goes only into an empty one: a restart keeps what was there, and the
  // configured key is made to work again (iam/bootstrap.ts).
  if (config.dataDir) {
    openDurableState(state, config.dataDir, seed);
    ensureAccess(state);
  } else seed();
  return state;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts a mock server; port 0 picks a free one. */
export async function startMockServer(overrides: Partial<MockConfig> = {}): Promise<MockServer> {
  const config = defaultConfig(overrides);
  const state = createState(config);
  const stopController = config.controller ? startController(state) : () => undefined;
  const stopEvents = startEventExpiry(state);
  const own = new Set<string>();
  const allows = originsAllowed(config, own);
  // Filled in as each server listens, before its first request can arrive.
  const sites = { http: { links: '', base: '' }, https: { links: '', base: '' } };
  const onRequest = (site: Site) => (req: IncomingMessage, res: ServerResponse) => {
    void handle(state, site, allows, req, res);
  };
  // A request to become a WebSocket goes through the same checks and routing; an answer other than the upgrade is
  // written on its connection as an HTTP response, which then closes.
  const onUpgrade = (site: Site) => (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    void handle(state, site, allows, req, res, { socket, head });
  };
  const listened = (site: Site, scheme: 'http' | 'https', port: number): string => {
    site.base = listeningOrigin(scheme, config.host, port);
    site.links = config.publicUrl ?? site.base;
    own.add(site.base);
    if (LOOPBACK.has(config.host))
      for (const name of ['localhost', '127.0.0.1']) own.add(`${scheme}://${name}:${port}`);
    if (config.publicUrl) own.add(new URL(config.publicUrl).origin);
    return site.base;
  };
  const options = serverOptions(config.connections);
  const guard = new ConnectionGuard(connectionBound(config.connections));
  const servers: Server[] = [createServer(options, onRequest(sites.http))];
  servers[0]!.on('upgrade', onUpgrade(sites.http));
  guard.attach(servers[0]!);
  const port = await listen(servers[0]!, config.port, config.host);
  listened(sites.http, 'http', port);
  answerOutsideHandlers(servers[0]!, sites.http.links, () => state.newRequestId(), onRequest(sites.http));
  let tlsUrl: string | undefined;
  let certPath: string | undefined;
  if (config.tlsPort !== null) {
    const certificate = ensureCertificate(config.tlsDir);
    const tls = createTlsServer({ ...options, key: certificate.key, cert: certificate.cert }, onRequest(sites.https));
    tls.on('upgrade', onUpgrade(sites.https));
    servers.push(tls);
    guard.attach(tls);
    tlsUrl = listened(sites.https, 'https', await listen(tls, config.tlsPort, config.host));
    answerOutsideHandlers(tls, sites.https.links, () => state.newRequestId(), onRequest(sites.https));
    certPath = certificate.certPath;
  }
  return {
    url: `http://${config.host}:${port}`,
    port,
    tlsUrl,
    certPath,
    state,
    maxConnections: guard.bound,
    openConnections: () => guard.count,
    close: async () => {
      stopController();
      stopEvents();
      guard.close();
      for (const close of [...state.watchers]) close();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      // Once no request can write any more (or a write would be acknowledged unsaved), and before the reset,
      // which must not reach the disk.
      await state.durability?.close();
      state.reset();
    },
  };
}

export { configFromEnv };
