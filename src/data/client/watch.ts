/**
 * The watch stream: newline-separated JSON events read from a fetch body as they arrive. An ERROR event (410
 * Expired, for one) is thrown as an ApiError, so a caller's loop sees ADDED, MODIFIED, DELETED and BOOKMARK only
 * and handles every failure in one `catch`; a connection that breaks midway is thrown as a NetworkError.
 * May import: src/shared only.
 */
import { isStatus, type NodusObject } from '@/shared/protocol.ts';
import { connectionLost, errorFromStatus, invalidStreamError } from './api-error.ts';
import { isTable, type RowReader } from './rows.ts';
import { LineSplitter } from './byte-stream.ts';

/** The events a watch yields; ERROR never appears, it is thrown. */
export type WatchObjectEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

export interface WatchObjectEvent<T = NodusObject> {
  type: WatchObjectEventType;
  /** For BOOKMARK, only `metadata.resourceVersion` is meaningful. */
  object: T;
}

/** An open watch: iterate it for events; breaking out of the loop (or aborting the signal) closes it. */
export interface WatchStream<T = NodusObject> extends AsyncIterable<WatchObjectEvent<T>> {
  readonly url: string;
  readonly requestId: string | undefined;
  /**
   * The same events, a network chunk's worth at a time (never empty): one await per chunk instead of one per
   * event, which at thousands of events a second is a large part of what reading them costs. Iterate either
   * this or the stream itself, once.
   */
  batches(): AsyncIterable<readonly WatchObjectEvent<T>[]>;
}

export interface StreamContext {
  url: string;
  requestId: string | null;
  baseUrl?: string;
  signal?: AbortSignal | undefined;
  /** A watch of rows (`as: 'table'`): each event's Table is read into its one row. */
  rows?: RowReader;
}

const MAX_BATCH = 1000;
const EVENT_TYPES: ReadonlySet<string> = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK']);

export function watchStream<T>(body: ReadableStream<Uint8Array>, context: StreamContext): WatchStream<T> {
  return {
    url: context.url,
    requestId: context.requestId ?? undefined,
    [Symbol.asyncIterator]: () => readWatchEvents<T>(body, context),
    batches: () => ({ [Symbol.asyncIterator]: () => readWatchBatches<T>(body, context) }),
  };
}

/** The events of a watch body one at a time (see `readWatchBatches`). */
export async function* readWatchEvents<T>(
  body: ReadableStream<Uint8Array>,
  context: StreamContext,
): AsyncGenerator<WatchObjectEvent<T>> {
  for await (const batch of readWatchBatches<T>(body, context)) yield* batch;
}

/**
 * Splits the body into lines however the network chunked it (a chunk may end mid-line or mid-character) and
 * parses each line once, handing over the events of each chunk together. Each chunk's complete lines are decoded
 * in one call (LineSplitter), so a chunk holding a thousand events costs a thousand JSON.parse calls and little
 * else. A line that fails (an ERROR event, or not JSON) is thrown after the events before it have been handed
 * over, as they would have been one by one.
 */
export async function* readWatchBatches<T>(
  body: ReadableStream<Uint8Array>,
  context: StreamContext,
): AsyncGenerator<WatchObjectEvent<T>[]> {
  const reader = body.getReader();
  const splitter = new LineSplitter();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        if (context.signal?.aborted) throw context.signal.reason ?? cause;
        throw connectionLost(context.url, cause);
      }
      if (chunk.done) break;
      let failure: unknown;
      const all = splitter.push(chunk.value).filter((line) => line.trim() !== '');
      // A chunk that holds thousands of events is handed over a thousand at a time: a reader may pause between.
      for (let at = 0; at < all.length && failure === undefined; at += MAX_BATCH) {
        const lines = all.slice(at, at + MAX_BATCH);
        const values = parseAll(lines);
        const batch: WatchObjectEvent<T>[] = [];
        for (let i = 0; i < lines.length; i++) {
          try {
            batch.push(values ? eventOf<T>(values[i], lines[i]!, context) : parseEvent<T>(lines[i]!, context));
          } catch (error) {
            failure = error;
            break;
          }
        }
        if (batch.length > 0) yield batch;
      }
      if (failure !== undefined) throw failure;
    }
    for (const line of splitter.end()) if (line.trim() !== '') yield [parseEvent<T>(line, context)];
  } finally {
    // Ends the HTTP request when the caller stops early; harmless when the body has already ended.
    reader.cancel().catch(() => undefined);
  }
}

/**
 * A chunk's lines parsed in one call, as the items of one JSON array: a parse per line costs twice as much at
 * thousands of events. Undefined when that fails (a line that is not JSON): each line is then parsed alone, to
 * hand over the events before the bad one and name it.
 */
function parseAll(lines: readonly string[]): unknown[] | undefined {
  if (lines.length < 2) return undefined;
  try {
    const values = JSON.parse(`[${lines.join(',')}]`) as unknown[];
    return values.length === lines.length ? values : undefined;
  } catch {
    return undefined;
  }
}

function parseEvent<T>(line: string, context: StreamContext): WatchObjectEvent<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw invalidStreamError(context.url, `a line that is not JSON (${excerpt(line)})`, context.requestId);
  }
  return eventOf<T>(parsed, line, context);
}

function eventOf<T>(parsed: unknown, line: string, context: StreamContext): WatchObjectEvent<T> {
  const event = parsed as { type?: unknown; object?: unknown };
  if (typeof parsed !== 'object' || parsed === null || typeof event.object !== 'object' || event.object === null) {
    throw invalidStreamError(context.url, `a line without an object (${excerpt(line)})`, context.requestId);
  }
  if (event.type === 'ERROR') {
    if (isStatus(event.object))
      throw errorFromStatus(event.object, {
        requestId: context.requestId,
        ...(context.baseUrl ? { baseUrl: context.baseUrl } : {}),
      });
    throw invalidStreamError(context.url, `an ERROR event without a Status (${excerpt(line)})`, context.requestId);
  }
  if (typeof event.type !== 'string' || !EVENT_TYPES.has(event.type)) {
    throw invalidStreamError(context.url, `an event of unknown type ${JSON.stringify(event.type)}`, context.requestId);
  }
  if (context.rows && event.type !== 'BOOKMARK')
    return { type: event.type as WatchObjectEventType, object: rowOf<T>(event.object, line, context) };
  return { type: event.type as WatchObjectEventType, object: event.object as T };
}

/** The one row of a watch event's Table. */
function rowOf<T>(object: object, line: string, context: StreamContext): T {
  let rows: unknown[] = [];
  try {
    if (isTable(object)) rows = context.rows!.read(object);
  } catch (error) {
    throw invalidStreamError(context.url, `${(error as Error).message} (${excerpt(line)})`, context.requestId);
  }
  if (rows.length !== 1)
    throw invalidStreamError(context.url, `an event without a one-row Table (${excerpt(line)})`, context.requestId);
  return rows[0] as T;
}

function excerpt(line: string): string {
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
