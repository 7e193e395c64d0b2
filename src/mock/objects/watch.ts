/**
 * Watch: every change after the given resourceVersion, in order, as newline-separated JSON events.
 * An object that stops matching the selector arrives as DELETED (and one that starts matching as ADDED);
 * bookmarks carry the version reached; a resume point older than the kept history gets an ERROR 410 Expired, and
 * one newer than the store's, once a short wait for it is over, an ERROR 504 Timeout (ResourceVersionTooLarge).
 * A streaming list (sendInitialEvents=true) first sends the objects as they stand, as fast as the client reads
 * them, and a bookmark annotated k8s.io/initial-events-end at their version; the changes follow from there.
 * Watches of the same list share the fan-out of each change (watch-fanout.ts), and what slow readers may hold
 * unsent is bounded (watch-budget.ts).
 */
import type { ServerResponse } from 'node:http';
import { ANNOTATION_INITIAL_EVENTS_END, type NodusObject } from '@/shared/protocol.ts';
import { baseHeaders, boolQuery, query, type Ctx } from '../http/context.ts';
import { ApiFailure, statusBody } from '../http/errors.ts';
import { refusesStreamingLists, watchFault } from '../faults/faults.ts';
import type { MockState } from '../state.ts';
import type { FieldSet } from '../store/selectors.ts';
import type { Change } from '../store/store.ts';
import { selectorFrom } from './list.ts';
import { parseResourceVersion, tooLargeVersion, validateListOptions, waitForVersion } from './versions.ts';
import { eventLine, fanOutOf, objectJson, previousAtVersion, type Joined } from './watch-fanout.ts';

export interface WatchTarget {
  resource: string;
  namespace: string | undefined;
  /** apiVersion and kind for BOOKMARK objects. */
  apiVersion: string;
  kind: string;
  /** What an event carries instead of the object (kubectl get -w asks for one-row Tables); the object when absent. */
  render?: (obj: NodusObject) => unknown;
  /** The fields it can be selected on, when not those of the Nodus kinds (Events have their own). */
  fields?: FieldSet;
}

const DEFAULT_TIMEOUT_SECONDS = 1800;
/** setTimeout fires at once (with a warning) past 2^31 - 1 ms; a longer timeoutSeconds means "about never". */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Objects written at a time while a streaming list sends the state: about 250 kB of events. */
const INITIAL_SLICE = 500;
const CUT_OFF = Object.assign(new Error('the watch was cut off: its client did not keep up'), { code: 'ECONNRESET' });

export async function serveWatch(state: MockState, ctx: Ctx, target: WatchTarget): Promise<void> {
  validateListOptions(ctx.url.searchParams, true, state.config.streamingLists && !refusesStreamingLists(state, ctx));
  const selector = selectorFrom(ctx.url.searchParams, target.fields);
  const rawFrom = query(ctx, 'resourceVersion');
  const from = parseResourceVersion(rawFrom);
  const bookmarks = boolQuery(ctx, 'allowWatchBookmarks');
  // A streaming list (sendInitialEvents=true): the state as ADDED events, a bookmark marking its end, then changes.
  const initial = query(ctx, 'sendInitialEvents') === null ? undefined : boolQuery(ctx, 'sendInitialEvents');
  const timeoutRaw = query(ctx, 'timeoutSeconds');
  const timeoutSeconds = timeoutRaw === null ? DEFAULT_TIMEOUT_SECONDS : Number(timeoutRaw);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0) {
    throw new ApiFailure('BadRequest', `timeoutSeconds must be a non-negative number, not "${timeoutRaw}"`);
  }
  const accept = ctx.req.headers.accept ?? '';
  const contentType = accept.includes('application/x-ndjson') ? 'application/x-ndjson' : 'application/json';
  const { res } = ctx;

  res.writeHead(200, { ...baseHeaders(ctx), 'Content-Type': contentType, 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
  const errorEvent = (failure: ApiFailure): string =>
    `${JSON.stringify({ type: 'ERROR', object: statusBody(failure, ctx.requestId, ctx.origin) })}\n`;

  // A version the store has not reached is waited for, as kube-apiserver's watch cache waits to catch up, then
  // refused: after a reset the mock's versions start lower, and a watch left open would skip every change below it.
  if (from !== undefined && from > state.store.resourceVersion) {
    let gone = false;
    res.once('close', () => (gone = true));
    const reached = await waitForVersion(state, from);
    if (gone) return;
    if (!reached) return void res.end(errorEvent(tooLargeVersion(rawFrom!, state.store.resourceVersion)));
  }

  let closed = false;
  // Set once the watch has joined the fan-out: from then on a watch over its limit is a slow reader, cut off at once.
  let live = false;
  // Declared before the first write: a write may close the watch at once (a backlog over the buffer limit), and
  // close() must then find these, not a binding it cannot reach yet (which threw, and cut the stream off empty).
  const held: {
    joined?: Joined;
    bookmarkTimer?: NodeJS.Timeout;
    timeoutTimer?: NodeJS.Timeout;
    unguard?: (() => void) | undefined;
  } = {};
  const fault = watchFault(state, ctx);
  const fanOut = fanOutOf(state);
  const account = fanOut.budget.track(res, () => close(true));
  res.on('close', () => account.release());
  let lastRv = from ?? state.store.resourceVersion;
  const send = (bytes: Buffer | string, events: number): void => {
    if (closed || fault.dropped) return;
    res.write(bytes);
    const over = account.wrote(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length);
    if (!over) fault.sent(res, events);
    // Behind on its backlog, a client is served what fits and resumes from its last event; one that falls
    // behind on live events is cut off at once (see watch-budget.ts).
    else if (live) account.cut(over);
    else close();
  };
  const write = (line: string): void => send(line, 1);
  const event = (type: string, obj: NodusObject, json?: string): string =>
    eventLine(type, target.render ? JSON.stringify(target.render(obj)) : (json ?? JSON.stringify(obj)));
  const visible = ctx.access?.visible;
  const matches = (obj: NodusObject | undefined): boolean =>
    !!obj &&
    (target.namespace === undefined || obj.metadata.namespace === target.namespace) &&
    (!selector || selector(obj)) &&
    (!visible || visible.test(obj));
  const replay = (change: Change): void => {
    if (change.resource !== target.resource) return;
    const now = matches(change.object);
    const before = change.type !== 'ADDED' && matches(change.previous);
    if (change.type === 'DELETED') {
      if (before) write(event('DELETED', change.object, objectJson(change)));
    } else if (now && before) write(event('MODIFIED', change.object, objectJson(change)));
    else if (now) write(event('ADDED', change.object, objectJson(change)));
    else if (before) write(event('DELETED', previousAtVersion(change)));
  };

  res.on('close', () => close());
  ctx.req.on('close', () => {
    if (!res.writableEnded) close();
  });
  state.watchers.add(close);
  res.on('close', () => state.watchers.delete(close));

  let start = from;
  if (initial === true) {
    start = await sendState();
    if (closed || fault.dropped) return;
    lastRv = start;
    if (bookmarks) write(bookmarkLine(start, true));
  } else if (initial === false && from === undefined) start = state.store.resourceVersion;

  // Everything below runs in one tick: the backlog and the subscription cannot miss or repeat a change.
  let backlog: Change[] = [];
  if (start !== undefined) {
    const since = state.store.changesSince(start);
    if (!since) {
      const expired = new ApiFailure(
        'Expired',
        `too old resource version: ${start} (the oldest kept is ${state.store.oldestResumable})`,
        { fix: "List again and watch from the list's metadata.resourceVersion." },
      );
      return void res.end(errorEvent(expired));
    }
    backlog = since;
  } else {
    for (const obj of state.store.list(target.resource, target.namespace)) {
      if ((!selector || selector(obj)) && (!visible || visible.test(obj))) write(event('ADDED', obj));
    }
  }
  for (const change of backlog) replay(change);
  // Cut off by its own backlog: what was written still goes out, and the client resumes from its last event.
  if (closed) return;
  held.joined = fanOut.join(
    {
      resource: target.resource,
      namespace: target.namespace,
      selector,
      selectorText: `${query(ctx, 'labelSelector') ?? ''}\n${query(ctx, 'fieldSelector') ?? ''}`,
      render: target.render,
      visible,
    },
    { send, perEvent: () => state.faults.settings.dropWatchAfterEvents !== null },
  );
  // A key that loses the right to this watch (revoked, or its binding deleted) ends it with a Status saying so.
  held.unguard = ctx.access?.guard((failure) => {
    if (closed) return;
    res.write(errorEvent(failure));
    close();
  });
  account.share(held.joined.group);
  live = true;

  const bookmark = (): void => {
    lastRv = Math.max(lastRv, state.store.resourceVersion);
    const line = bookmarkLine(lastRv, false);
    held.joined?.after(() => write(line));
  };
  if (bookmarks && state.config.bookmarkSeconds > 0)
    held.bookmarkTimer = setInterval(bookmark, state.config.bookmarkSeconds * 1000);
  if (timeoutSeconds > 0) held.timeoutTimer = setTimeout(() => close(), Math.min(timeoutSeconds * 1000, MAX_TIMER_MS));

  /** Ends the stream once what was written has gone out; `cut`: breaks the connection now, dropping it. */
  function close(cut = false): void {
    // With an error, the writes queued for it are failed with that one error, not one made for each of thousands.
    if (cut && !res.destroyed) res.destroy(CUT_OFF);
    if (closed) return;
    closed = true;
    held.joined?.leave();
    held.unguard?.();
    if (held.bookmarkTimer) clearInterval(held.bookmarkTimer);
    if (held.timeoutTimer) clearTimeout(held.timeoutTimer);
    if (!cut) res.end();
  }

  function bookmarkLine(rv: number, initialEnd: boolean): string {
    const metadata = {
      resourceVersion: String(rv),
      ...(initialEnd ? { annotations: { [ANNOTATION_INITIAL_EVENTS_END]: 'true' } } : {}),
    };
    return `${JSON.stringify({ type: 'BOOKMARK', object: { kind: target.kind, apiVersion: target.apiVersion, metadata } })}\n`;
  }

  /**
   * The objects as they stand, as ADDED events, a slice at a time and only as fast as the client reads them: a
   * stream of 200,000 must neither hold the event loop nor sit whole in memory. Returns the version they stand at,
   * from which the changes made meanwhile follow.
   */
  async function sendState(): Promise<number> {
    const rv = state.store.resourceVersion;
    const objects = state.store.list(target.resource, target.namespace);
    let text = '';
    let count = 0;
    for (let i = 0; i < objects.length && !closed && !fault.dropped; i++) {
      const obj = objects[i]!;
      if (!matches(obj)) continue;
      text += event('ADDED', obj);
      if (++count < INITIAL_SLICE && i < objects.length - 1) continue;
      send(text, count);
      text = '';
      count = 0;
      if (res.writableNeedDrain) await drained(res);
    }
    if (count > 0) send(text, count);
    return rv;
  }
}

/** Resolves once the response's buffer has room again, or the connection is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
