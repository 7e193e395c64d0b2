/**
 * The mock Nodus API: a real HTTP server speaking the Kubernetes wire protocol for Nodus kinds.
 * This module (and all of src/mock) runs in Node only; it imports src/shared and never the console.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { ConnectionGuard, connectionBound, serverOptions } from './http/connections.ts';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { HEADER_REQUEST_ID } from '../shared/protocol.ts';
import { configFromEnv, defaultConfig, type MockConfig } from './config.ts';
import { loadBaseline, loadDemoData } from './demo/demo-data.ts';
import { sendFailure, sendJson, sendText, type Ctx } from './http/context.ts';
import { ApiFailure } from './http/errors.ts';
import { answerOutsideHandlers } from './http/outside-handlers.ts';
import { injectFaults, refuseIfUnreachable } from './faults/faults.ts';
import { routeApi } from './routes/router.ts';
import { errorIndex, errorPage, isReason } from './routes/docs.ts';
import { versionInfo } from './routes/discovery.ts';
import { MockState } from './state.ts';
import { openDurableState } from './persist/durable-state.ts';
import { startController } from './controller/controller.ts';
import { ensureCertificate } from './tls.ts';

export interface MockServer {
  url: string;
  port: number;
  /** The HTTPS address, when the server was started with a tlsPort. */
  tlsUrl: string | undefined;
  certPath: string | undefined;
  /** Connections accepted at once over both ports (more are refused, and the log says so). */
  maxConnections: number;
  state: MockState;
  close: () => Promise<void>;
}

function authorized(req: IncomingMessage, apiKey: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(apiKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function preflight(ctx: Ctx): void {
  ctx.res.writeHead(204, {
    [HEADER_REQUEST_ID]: ctx.requestId,
    'Access-Control-Allow-Origin': ctx.req.headers.origin ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match, Idempotency-Key, X-Nodus-Client, Accept',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  });
  ctx.res.end();
}

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
 * The request's URL. A Host header that is no host (`[`, `a b`) must not fail the request, let alone reject a
 * promise nobody awaits (which ends the process): our own address stands in for it.
 */
function requestUrl(req: IncomingMessage, ownHost: string): { url: URL; host: string } | undefined {
  for (const host of [req.headers.host, ownHost]) {
    if (host === undefined) continue;
    try {
      return { url: new URL(req.url ?? '/', `http://${host}`), host };
    } catch {
      // try the next host
    }
  }
  return undefined;
}

async function handle(state: MockState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ownHost = `${state.config.host}:${state.config.port}`;
  const target = requestUrl(req, ownHost);
  const host = target?.host ?? ownHost;
  const ctx: Ctx = {
    req,
    res,
    url: target?.url ?? new URL(`http://${ownHost}/`),
    method: (req.method ?? 'GET').toUpperCase(),
    requestId: state.newRequestId(),
    origin: `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${host}`,
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
    if (ctx.method === 'OPTIONS') return preflight(ctx);
    await injectFaults(state, ctx);
    if (servePublic(state, ctx)) return;
    if (!authorized(req, state.config.apiKey)) {
      req.resume();
      throw new ApiFailure(
        'Unauthorized',
        req.headers.authorization ? 'the API key is not valid' : 'no API key was sent',
        {
          fix: 'Send "Authorization: Bearer <your API key>"; the bundled mock\'s demo key is nodus-dev-key.',
        },
      );
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
  // With a data directory, demo data goes only into an empty one: a restart keeps what was there.
  if (config.dataDir) openDurableState(state, config.dataDir, seed);
  else seed();
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
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    void handle(state, req, res);
  };
  const options = serverOptions(config.connections);
  const guard = new ConnectionGuard(connectionBound(config.connections));
  const servers: Server[] = [createServer(options, onRequest)];
  guard.attach(servers[0]!);
  const port = await listen(servers[0]!, config.port, config.host);
  answerOutsideHandlers(servers[0]!, `http://${config.host}:${port}`, () => state.newRequestId(), onRequest);
  let tlsUrl: string | undefined;
  let certPath: string | undefined;
  if (config.tlsPort !== null) {
    const certificate = ensureCertificate(config.tlsDir);
    const tls = createTlsServer({ ...options, key: certificate.key, cert: certificate.cert }, onRequest);
    servers.push(tls);
    guard.attach(tls);
    tlsUrl = `https://${config.host}:${await listen(tls, config.tlsPort, config.host)}`;
    answerOutsideHandlers(tls, tlsUrl, () => state.newRequestId(), onRequest);
    certPath = certificate.certPath;
  }
  return {
    url: `http://${config.host}:${port}`,
    port,
    tlsUrl,
    certPath,
    state,
    maxConnections: guard.bound,
    close: async () => {
      stopController();
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
