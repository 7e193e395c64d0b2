/**
 * /_mock/faults: injected latency, errors, dropped watches and readiness trouble, for the console's resilience
 * tests. The settings live on MockState (`state.faults`); the server applies them in one place before routing
 * (`injectFaults`), the watch stream through one hook (`watchFault`), and /readyz reads `readyz`.
 * The /_mock/ controls, /healthz, /livez, /readyz and /docs are never faulted, so a test can always turn
 * faults off and a probe sees only the readyz fault.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../objects/writes.ts';
import type { MockState } from '../state.ts';
import { faultsFrom, noFaults, type FaultSettings, type Faults, type Verb } from './model.ts';
import { parseFaults } from './parse.ts';

const EXEMPT = /^\/(?:_mock(?:\/|$)|healthz$|livez$|readyz$|docs(?:\/|$))/;

function view(faults: Faults): Record<string, unknown> {
  return { ...faults.settings, injected: { ...faults.injected } };
}

export function getFaults(state: MockState): Reply {
  return { code: 200, body: view(state.faults) };
}

/** POST replaces every fault: a field left out goes back to its default, so POST {} clears them all. */
export function setFaults(state: MockState, body: Record<string, unknown>): Reply {
  state.faults = faultsFrom(parseFaults(body));
  return getFaults(state);
}

export function clearFaults(state: MockState): Reply {
  state.faults = noFaults();
  return getFaults(state);
}

/** The Kubernetes verb of a request: what the `verbs` filter matches. */
function verbOf(ctx: Ctx): Verb {
  switch (ctx.method) {
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
  }
  const watch = ctx.url.searchParams.get('watch');
  if (watch === 'true' || watch === '1') return 'watch';
  const path = ctx.url.pathname.replace(/\/+$/, '');
  const collection = /^\/apis\/[^/]+\/[^/]+\/(?:namespaces\/[^/]+\/)?[^/]+$/.test(path) || path === '/api/v1/namespaces';
  return collection ? 'list' : 'get';
}

function applies(settings: FaultSettings, ctx: Ctx): boolean {
  const path = ctx.url.pathname;
  if (EXEMPT.test(path)) return false;
  if (settings.paths.length > 0 && !settings.paths.some((prefix) => path.startsWith(prefix))) return false;
  return settings.verbs.length === 0 || settings.verbs.includes(verbOf(ctx));
}

/**
 * Delays the request, then fails it with the set share, as a thrown ApiFailure so the answer is a Status with
 * a requestId like any other error. Failures are drawn from a seeded stream: reproducible, yet not in step with
 * a client's own pattern of calls (as failing every k-th request would be).
 */
export async function injectFaults(state: MockState, ctx: Ctx): Promise<void> {
  const faults = state.faults;
  const s = faults.settings;
  if (s.latencyMs === 0 && s.latencyJitterMs === 0 && s.errorRate === 0) return;
  if (!applies(s, ctx)) return;
  const delay = s.latencyMs + (s.latencyJitterMs > 0 ? faults.jitterDraw() * s.latencyJitterMs : 0);
  if (delay > 0) {
    faults.injected.delayed++;
    await sleep(Math.ceil(delay));
  }
  if (s.errorRate === 0 || faults.errorDraw() >= s.errorRate) return;
  faults.injected.failed++;
  ctx.req.resume();
  const injected = `injected by POST /_mock/faults (errorRate ${s.errorRate})`;
  const fix = `Wait ${s.retryAfterSeconds} s (Retry-After), then retry. This failure was ${injected}; DELETE /_mock/faults turns faults off.`;
  if (s.errorCode === 429) {
    throw new ApiFailure('TooManyRequests', `too many requests: the API is throttling this client (${injected})`, { retryAfterSeconds: s.retryAfterSeconds, fix });
  }
  throw new ApiFailure('ServiceUnavailable', `the API is unavailable right now (${injected})`, { retryAfterSeconds: s.retryAfterSeconds, fix });
}

export interface WatchFault {
  /** True once the connection has been cut: write nothing more. */
  readonly dropped: boolean;
  /** Call after each event written; cuts the connection after the N-th when dropWatchAfterEvents is set. */
  sent: (res: ServerResponse) => void;
}

/**
 * Reads the fault on every event rather than once, so setting it affects watches already open: one that has
 * sent N or more events is cut after its next one.
 */
export function watchFault(state: MockState, ctx: Ctx): WatchFault {
  let count = 0;
  const fault = {
    dropped: false,
    sent: (res: ServerResponse): void => {
      count++;
      const faults = state.faults;
      const after = faults.settings.dropWatchAfterEvents;
      if (fault.dropped || after === null || count < after || !applies(faults.settings, ctx)) return;
      fault.dropped = true;
      faults.injected.droppedWatches++;
      // End the socket once what was written has gone out, without the chunked body's last chunk: the client
      // gets every event sent so far and then a broken connection, not a stream that finished.
      // The cut waits a moment: a browser that sees the connection end together with the last chunk may drop that
      // chunk (ERR_INCOMPLETE_CHUNKED_ENCODING), and the point is a drop after N delivered events, not N-1.
      const socket = res.socket;
      const cut = setTimeout(() => (socket ? socket.destroySoon() : res.destroy()), 50);
      cut.unref();
    },
  };
  return fault;
}
