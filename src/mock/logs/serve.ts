/**
 * GET .../{name}/log for every kind that runs, with Kubernetes' semantics: timestamps, tailLines, sinceSeconds or
 * sinceTime, limitBytes, and follow, which keeps the stream open and sends lines as they are written until the
 * object stops running or the client goes away.
 *
 * An object that has not started (Queued, Pending, Provisioning, Starting) has no log yet: without follow that is
 * a 400 BadRequest, like Kubernetes' "container is waiting to start"; with follow=true the stream opens at once and
 * waits for the first lines (a console can open the log tab of a Job it just launched and see it come alive).
 *
 * How lines come about (lazily, by index, from time) is in timeline.ts; what they say is in scripts/.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { trackOpenStream } from '../faults/faults.ts';
import { baseHeaders, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { parseLogOptions, type LogOptions } from './options.ts';
import { LogStream, cutUtf8, render } from './stream.ts';
import { lifeOf, sourceFor, viewAt, type LogSource, type LogView } from './timeline.ts';

/** Logs hold HTML on purpose: nosniff keeps a browser from ever treating them as anything but text. */
function logHeaders(ctx: Ctx): Record<string, string | number> {
  return { ...baseHeaders(ctx), 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
}
/** A follower checks at least this often (a safety net: every change of the object wakes it anyway). */
const MAX_WAIT_MS = 1000;
/** And at most this often, however fast lines are due. */
const MIN_WAIT_MS = 20;

function waitingToStart(kind: KindDef, obj: NodusObject): ApiFailure {
  const name = obj.metadata.name ?? '';
  const phase = String(obj.status?.phase ?? 'Pending');
  const why = typeof obj.status?.message === 'string' ? ` (${obj.status.message})` : '';
  return new ApiFailure(
    'BadRequest',
    `${kind.kind} "${name}" is waiting to start: its phase is ${phase}${why}, so it has no log yet`,
    {
      details: { name, group: 'nodus.dev', kind: kind.plural },
      fix: `Wait until status.phase is Running (kubectl wait --for=jsonpath='{.status.phase}'=Running ${kind.singular}/${name}), or ask with follow=true: the stream then waits for the first lines.`,
    },
  );
}

/** Where the output starts: the oldest kept line, narrowed by tailLines and sinceSeconds/sinceTime (both apply). */
function startIndex(view: LogView, options: LogOptions): number {
  let start = view.first;
  if (options.tailLines !== undefined) start = Math.max(start, view.total - options.tailLines);
  if (options.sinceMs !== undefined) start = Math.max(start, view.indexAtOrAfter(options.sinceMs));
  return start;
}

function openStream(ctx: Ctx, options: LogOptions): LogStream {
  ctx.res.writeHead(200, { ...logHeaders(ctx), 'Transfer-Encoding': 'chunked' });
  ctx.res.flushHeaders();
  return new LogStream(ctx.res, options.limitBytes);
}

/** Sends lines [from, to); returns the first line not sent (short of `to` when the stream stopped). */
async function pump(view: LogView, from: number, to: number, options: LogOptions, out: LogStream): Promise<number> {
  let i = from;
  while (i < to && out.open) {
    const chunk = render(view, i, to, options.timestamps);
    if (!(await out.write(chunk.text))) return chunk.next;
    i = chunk.next;
  }
  return i;
}

/** The log as it is now. A short answer goes out with a Content-Length; a long one is streamed in chunks. */
async function sendLog(
  state: MockState,
  ctx: Ctx,
  source: LogSource,
  obj: NodusObject,
  options: LogOptions,
): Promise<void> {
  const view = viewAt(source, obj, state.now());
  const from = startIndex(view, options);
  const first = render(view, from, view.total, options.timestamps);
  const limit = options.limitBytes ?? Number.POSITIVE_INFINITY;
  if (first.next >= view.total || Buffer.byteLength(first.text) >= limit) {
    const bytes = cutUtf8(Buffer.from(first.text), limit);
    ctx.res.writeHead(200, { ...logHeaders(ctx), 'Content-Length': bytes.length });
    ctx.res.end(bytes);
    return;
  }
  const out = openStream(ctx, options);
  if (await out.write(first.text)) await pump(view, first.next, view.total, options, out);
  out.end();
}

/**
 * follow=true: sends what is there, then new lines as they fall due, until the object stops running (its last
 * words end the stream), is deleted, or the client or the server goes away. Any change of the object wakes the
 * follower at once, so a PATCH of spec.state ends the stream without delay.
 */
async function followLog(
  state: MockState,
  ctx: Ctx,
  kind: KindDef,
  source: LogSource,
  obj: NodusObject,
  options: LogOptions,
): Promise<void> {
  const namespace = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  const uid = obj.metadata.uid;
  const out = openStream(ctx, options);
  // An outage breaks a follower off too.
  trackOpenStream(state, ctx);
  // A poke while the follower is busy writing is remembered, so that its next sleep returns at once.
  let wake: (() => void) | undefined;
  let poked = false;
  const poke = (): void => {
    poked = true;
    wake?.();
  };
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (poked) {
        poked = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => poke(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        poked = false;
        resolve();
      };
    });
  const unsubscribe = state.store.subscribe((change) => {
    if (change.resource === kind.plural && change.namespace === namespace && change.object.metadata.name === name)
      poke();
  });
  const stop = (): void => {
    out.end();
    poke();
  };
  state.watchers.add(stop);
  // A key that loses the right to read the log (revoked, its binding deleted) stops the follow.
  const unguard = ctx.access?.guard(stop);
  ctx.res.on('close', poke);
  try {
    let next: number | undefined;
    let sentBody = 0;
    while (out.open) {
      const current = state.store.get(kind.plural, namespace, name);
      if (!current || current.metadata.uid !== uid) break; // deleted (or replaced by a namesake)
      if (lifeOf(current) === 'waiting') {
        await sleep(MAX_WAIT_MS);
        continue;
      }
      const view = viewAt(source, current, state.now(), sentBody);
      const before = (next ??= startIndex(view, options));
      next = await pump(view, before, view.total, options, out);
      sentBody = Math.min(next, view.body);
      if (view.ended) break;
      const due = view.timeMs(next) - state.now();
      // Nothing new although the next line is overdue (a pinned log at its size): no need to spin.
      const wait = next === before && due <= 0 ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, due));
      await sleep(wait);
    }
  } finally {
    unsubscribe();
    unguard?.();
    state.watchers.delete(stop);
    ctx.res.off('close', poke);
    out.end();
  }
}

export async function serveLog(state: MockState, ctx: Ctx, kind: KindDef, obj: NodusObject): Promise<void> {
  const options = parseLogOptions(ctx.url.searchParams, state.now());
  const source = sourceFor(obj, state.config.speed);
  if (options.follow) return followLog(state, ctx, kind, source, obj, options);
  if (lifeOf(obj) === 'waiting') throw waitingToStart(kind, obj);
  return sendLog(state, ctx, source, obj, options);
}
