/**
 * /_mock/faults: injected latency, errors, dropped watches, outages and readiness trouble, for the console's
 * resilience tests and fault drills. The settings live on MockState (`state.faults`); the server applies them in
 * one place before routing (`refuseIfUnreachable`, then `injectFaults`), the watch stream through one hook
 * (`watchFault`), and /readyz reads `readyz`.
 * The /_mock/ controls, /healthz, /livez, /readyz and /docs are never delayed or failed, so a test can always
 * turn faults off and a probe sees only the readyz fault; an outage spares only /_mock/ (the host is gone).
 * History compaction (POST /_mock/compact, `compactHistory`) lives here too: it is how a drill makes a client's
 * resume point expire.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import type { MockState } from '../state.ts';
import { requestAttributes, resourceVerb } from '../http/request-info.ts';
import { faultsFrom, noFaults, VERBS, type FaultSettings, type Faults, type Verb } from '../fault-model.ts';
import { parseFaults } from './parse.ts';

const EXEMPT = /^\/(?:_mock(?:\/|$)|healthz$|livez$|readyz$|docs(?:\/|$))/;
/** An outage (`unreachableSeconds`) spares only the controls, so a test can see it and end it early. */
const CONTROLS = /^\/_mock(?:\/|$)/;

/**
 * The watches each server has open, so an outage can break them off the moment it starts. Keyed by the state
 * (not a global set) because tests run many servers in one process.
 */
const openStreams = new WeakMap<MockState, Map<ServerResponse, OpenStream>>();

/** A long response the server holds open: what `GET /_mock/streams` lists. */
interface OpenStream {
  path: string;
  query: string;
  since: string;
}

function view(faults: Faults): Record<string, unknown> {
  const until = faults.unreachableUntil > 0 ? new Date(faults.unreachableUntil).toISOString() : null;
  return { ...faults.settings, unreachableUntil: until, injected: { ...faults.injected } };
}

export function getFaults(state: MockState): Reply {
  return { code: 200, body: view(state.faults) };
}

/** POST replaces every fault: a field left out goes back to its default, so POST {} clears them all. */
export function setFaults(state: MockState, body: Record<string, unknown>): Reply {
  state.faults = faultsFrom(parseFaults(body), state.now());
  if (state.faults.unreachableUntil > 0) {
    // The host went away: what was open breaks too, not only what comes next.
    for (const res of openStreams.get(state)?.keys() ?? []) {
      state.faults.injected.refused++;
      (res.socket ?? res).destroy();
    }
  }
  return getFaults(state);
}

/**
 * During an outage (`unreachableSeconds`), breaks the request's connection off without an answer and says so;
 * the caller must then leave the request alone. Every path but /_mock/ is unreachable, probes included.
 */
export function refuseIfUnreachable(state: MockState, ctx: Ctx): boolean {
  const faults = state.faults;
  if (faults.unreachableUntil === 0 || CONTROLS.test(ctx.url.pathname)) return false;
  if (state.now() >= faults.unreachableUntil) {
    faults.unreachableUntil = 0;
    return false;
  }
  faults.injected.refused++;
  ctx.req.socket.destroy();
  return true;
}

export function clearFaults(state: MockState): Reply {
  state.faults = noFaults();
  return getFaults(state);
}

/**
 * The Kubernetes verb of a request, as the authorizer reads it: what the `verbs` filter matches. A delete of a
 * collection counts as `delete`; a path outside the resource API by its method (GET and HEAD read one thing).
 */
function verbOf(ctx: Ctx): Verb {
  const a = requestAttributes(ctx.method, ctx.url);
  const verb = a.kind === 'resource' ? a.verb : resourceVerb(ctx.method, true, false);
  if (verb === 'deletecollection') return 'delete';
  return (VERBS as readonly string[]).includes(verb) ? (verb as Verb) : 'get';
}

function applies(settings: FaultSettings, ctx: Ctx): boolean {
  const path = ctx.url.pathname;
  if (EXEMPT.test(path)) return false;
  if (settings.paths.length > 0 && !settings.paths.some((prefix) => path.startsWith(prefix))) return false;
  return settings.verbs.length === 0 || settings.verbs.includes(verbOf(ctx));
}

/** Whether the faults refuse this request's streaming list (FaultSettings.streamingLists). */
export function refusesStreamingLists(state: MockState, ctx: Ctx): boolean {
  return !state.faults.settings.streamingLists && applies(state.faults.settings, ctx);
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
    throw new ApiFailure('TooManyRequests', `too many requests: the API is throttling this client (${injected})`, {
      retryAfterSeconds: s.retryAfterSeconds,
      fix,
    });
  }
  throw new ApiFailure('ServiceUnavailable', `the API is unavailable right now (${injected})`, {
    retryAfterSeconds: s.retryAfterSeconds,
    fix,
  });
}

export interface WatchFault {
  /** True once the connection has been cut: write nothing more. */
  readonly dropped: boolean;
  /** Call after each write of `events` events; cuts the connection after the N-th when dropWatchAfterEvents is set. */
  sent: (res: ServerResponse, events?: number) => void;
}

/**
 * Counts a long response (a watch, a followed log) among the server's open ones until it closes, so that an outage
 * (`unreachableSeconds`) breaks it off like every other connection to a host that went away.
 */
export function trackOpenStream(state: MockState, ctx: Ctx): void {
  let streams = openStreams.get(state);
  if (!streams) openStreams.set(state, (streams = new Map()));
  const open = streams;
  const since = new Date(state.now()).toISOString();
  open.set(ctx.res, { path: ctx.url.pathname, query: ctx.url.search, since });
  ctx.res.once('close', () => open.delete(ctx.res));
}

/**
 * GET /_mock/streams: the long responses open now (watches, followed logs), oldest first, so a test or the
 * benchmark can count what a browser holds: `?path=` keeps those whose path contains it (a project's, say).
 */
export function listOpenStreams(state: MockState, ctx: Ctx): Reply {
  const within = ctx.url.searchParams.get('path') ?? '';
  const items = [...(openStreams.get(state)?.values() ?? [])].filter((s) => s.path.includes(within));
  return { code: 200, body: { count: items.length, items } };
}

/**
 * Reads the fault on every event rather than once, so setting it affects watches already open: one that has
 * sent N or more events is cut after its next one. Also counts the watch among the server's open ones until it
 * closes, so that an outage can break it off.
 */
export function watchFault(state: MockState, ctx: Ctx): WatchFault {
  let count = 0;
  trackOpenStream(state, ctx);
  const fault = {
    dropped: false,
    sent: (res: ServerResponse, events = 1): void => {
      count += events;
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

/**
 * POST /_mock/compact: forgets the change history up to now, as etcd's compaction does, so that a watch resuming
 * from any version before the latest is answered 410 Expired and must list again. Watches open now go on.
 */
export function compactHistory(state: MockState): Reply {
  const rv = state.store.compact();
  return { code: 200, body: { compactedResourceVersion: String(rv) } };
}
