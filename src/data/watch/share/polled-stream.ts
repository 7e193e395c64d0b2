/**
 * A watch without a stream: when every connection the browser may hold for streams is taken (budget.ts), a
 * watch lists its objects again every few seconds and hands the differences on as the events a stream would
 * have brought, each list ending with a bookmark at its resourceVersion. A ListWatch reads it as it reads a
 * stream (resuming from the last list's version, once a connection frees, costs no new list), and so does every
 * tab that shares the watch.
 */
import { sleep, type ListOptions, type WatchObjectEvent, type WatchStream } from '../../client/index.ts';
import { ANNOTATION_INITIAL_EVENTS_END } from '@/shared/protocol.ts';
import { objectId, type Held } from '../object-index.ts';

export interface PolledStreamOptions<T extends Held> {
  list: (options: ListOptions<T>) => Promise<{ items: readonly T[]; metadata: { resourceVersion?: string } }>;
  /** What the watch holds now; undefined when it asked for the objects (a streamed list: ADDED, then the end). */
  from: readonly T[] | undefined;
  everyMs: () => number;
  signal: AbortSignal;
  url: string;
}

export function polledStream<T extends Held>(options: PolledStreamOptions<T>): WatchStream<T> {
  const batches = async function* (): AsyncGenerator<WatchObjectEvent<T>[]> {
    let known: Map<string, T> | undefined = options.from && byId(options.from);
    for (;;) {
      const list = await options.list({ signal: options.signal });
      const rv = list.metadata.resourceVersion ?? '';
      if (known === undefined) {
        const events: WatchObjectEvent<T>[] = list.items.map((object) => ({ type: 'ADDED', object }));
        events.push(bookmark<T>(rv, true));
        yield events;
      } else {
        const events = differences(known, list.items);
        events.push(bookmark<T>(rv, false));
        yield events;
      }
      known = byId(list.items);
      await sleep(options.everyMs(), options.signal);
    }
  };
  return {
    url: options.url,
    requestId: undefined,
    batches: () => ({ [Symbol.asyncIterator]: batches }),
    [Symbol.asyncIterator]: async function* () {
      for await (const batch of batches()) yield* batch;
    },
  };
}

function byId<T extends Held>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((o) => [objectId(o), o]));
}

/** ADDED, MODIFIED and DELETED events that take `known` to `items`. */
function differences<T extends Held>(known: Map<string, T>, items: readonly T[]): WatchObjectEvent<T>[] {
  const events: WatchObjectEvent<T>[] = [];
  const seen = new Set<string>();
  for (const object of items) {
    const id = objectId(object);
    seen.add(id);
    const before = known.get(id);
    if (!before) events.push({ type: 'ADDED', object });
    else if (before.metadata.resourceVersion !== object.metadata.resourceVersion)
      events.push({ type: 'MODIFIED', object });
  }
  for (const [id, object] of known) if (!seen.has(id)) events.push({ type: 'DELETED', object });
  return events;
}

function bookmark<T>(resourceVersion: string, end: boolean): WatchObjectEvent<T> {
  const metadata = end
    ? { resourceVersion, annotations: { [ANNOTATION_INITIAL_EVENTS_END]: 'true' } }
    : { resourceVersion };
  return { type: 'BOOKMARK', object: { metadata } as unknown as T };
}
