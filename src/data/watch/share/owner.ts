/**
 * The tab that holds a list's stream for every tab that shows it (key-link.ts). Each batch its stream reads goes to
 * its own ListWatch and, numbered, to the tabs that follow; a tab that joins is sent the objects (or what came
 * after the version it holds) once the stream is open and the objects whole. The stream is opened only with a slot
 * of the browser's budget (budget.ts); without one the list is read every few seconds until a slot frees
 * (polled-stream.ts). Whenever the owner lists from the API, its followers list again from it.
 */
import { isTooLargeVersion, toApiError, type ListOptions } from '../../client/index.ts';
import type { WatchObjectEvent, WatchOptions, WatchStream } from '../../client/index.ts';
import { ANNOTATION_INITIAL_EVENTS_END, type ObjectList } from '@/shared/protocol.ts';
import type { Held } from '../object-index.ts';
import type { Delivery } from '../watch-state.ts';
import type { Claim, Lease } from './budget.ts';
import { isListEnd, type LinkCore, type Opened } from './link-core.ts';
import { NARROW_FROM_AT_MOST } from './narrowing.ts';
import { polledStream } from './polled-stream.ts';
import { expired, toWire, type Events, type KeyMessage } from './wire.ts';

/** How often a watch without a stream lists again while shown; while nobody sees it, HIDDEN_POLLS times less. */
export const POLL_MS = 5_000;
const HIDDEN_POLLS = 12;

/** Why an owner's stream was stopped for a better one (a slot freed) or none (its slot was taken). */
const MOVED = Symbol('moved');

export class Owner {
  private seq = 0;
  /** The lists that follow (`tab link`), and whether each one's tab is shown. */
  private readonly followers = new Map<string, boolean>();
  /** The stream is open and the objects whole: a join can be answered. */
  private ready = false;
  /**
   * A streamed list's objects are arriving: a tab that asks for them gets those in so far, then the rest as they
   * come, and shows them arriving as its own stream would.
   */
  private listing = false;
  private streams = 0;
  private deferred: { tab: string; link: string; rv: string | undefined; whole: boolean }[] = [];
  private requestId: string | undefined;
  private delivery: Delivery | undefined;
  private lease: Lease | undefined;
  /** A slot that freed while the list was polled, for the stream that replaces the polling. */
  private reserved: Lease | undefined;
  private waitingForSlot: AbortController | undefined;
  private stopPolling: (() => void) | undefined;
  readonly claim: Claim;

  constructor(private readonly link: LinkCore) {
    const { env, label } = link.options;
    this.claim = {
      label,
      degradable: true,
      hidden: () => !env.visible() && ![...this.followers.values()].some(Boolean),
    };
  }

  /** The list from the API: the followers cannot be brought up to date by events, and list again from this tab. */
  list<T>(path: string, options: ListOptions<T>): Promise<ObjectList<T>> {
    this.relisting();
    return this.link.options.base.list<T>(path, options);
  }

  /** This tab was shown or hidden. */
  visibilityChanged(): void {
    this.lease?.update();
    // Shown while polled: claim again, now perhaps taking the slot of a stream nobody sees.
    if (this.stopPolling && this.link.options.env.visible()) this.stopPolling();
  }

  close(): void {
    this.waitingForSlot?.abort();
    this.reserved?.release();
  }

  heard(message: KeyMessage): void {
    switch (message.t) {
      case 'join': {
        const { tab, link, rv, visible } = message;
        const watch = this.link.options.watch();
        // A narrower list than this one, read out of it: not worth it from a long list.
        if (message.narrow && (watch?.getSnapshot().size ?? 0) > NARROW_FROM_AT_MOST)
          return this.link.options.send(tab, { t: 'wide', key: link, owner: this.link.options.env.tab });
        this.followers.set(`${tab} ${link}`, visible);
        this.lease?.update();
        // A follower's Retry after the stream stopped: try again for everyone.
        if (watch?.getSnapshot().status === 'stale') watch.retry();
        const whole = !!message.whole;
        if (this.ready || (this.listing && rv === undefined && !whole)) this.serve(tab, link, rv);
        else this.deferred.push({ tab, link, rv, whole });
        return;
      }
      case 'demand':
        this.followers.set(`${message.tab} ${message.link}`, message.visible);
        this.lease?.update();
        return;
      case 'bye':
        this.followers.delete(`${message.tab} ${message.link}`);
        this.lease?.update();
        return;
      case 'refresh':
        this.link.options.watch()?.relist();
        return;
    }
  }

  /** `opening`: the stream has just opened and nothing of its list has arrived yet. */
  private serve(tab: string, link: string, rv: string | undefined, opening = false): void {
    const watch = this.link.options.watch();
    if (!watch) return;
    let events: Events | undefined;
    if (opening) events = [];
    else if (rv === undefined) {
      const objects = watch.objects().map((object) => ({ type: 'ADDED' as const, object }));
      const resourceVersion = watch.resumeVersion ?? '';
      const end = { metadata: { resourceVersion, annotations: { [ANNOTATION_INITIAL_EVENTS_END]: 'true' } } };
      // While the list arrives, its end (and the rest of its objects) come with the batches that follow.
      events = this.listing ? objects : [...objects, { type: 'BOOKMARK', object: end }];
    } else {
      events = rv === watch.resumeVersion ? [] : this.link.ring.after(rv);
    }
    const owner = this.link.options.env.tab;
    if (!events) return this.link.options.send(tab, { t: 'expired', key: link, owner });
    const { requestId, delivery, seq } = this;
    this.link.options.send(tab, { t: 'joined', key: link, owner, seq, events, requestId, delivery });
  }

  /** The stream, opened with a slot, or the list polled without one; `opened`: a stream opened early, to keep. */
  async watch<T>(path: string, options: WatchOptions, initial: boolean, opened?: Opened<T>): Promise<WatchStream<T>> {
    if (initial) this.relisting();
    let lease = this.reserved;
    this.reserved = undefined;
    lease ??= await this.link.options.budget.claim(this.claim);
    if (this.link.closed || options.signal?.aborted) {
      lease?.release();
      opened?.stop.abort();
      throw options.signal?.reason ?? new DOMException('The list is no longer shown.', 'AbortError');
    }
    if (lease) return this.stream<T>(path, options, lease, initial, opened);
    opened?.stop.abort();
    return this.poll<T>(path, options, initial);
  }

  private async stream<T>(path: string, options: WatchOptions, lease: Lease, initial: boolean, opened?: Opened<T>) {
    this.waitingForSlot?.abort();
    this.lease = lease;
    const stop = opened?.stop ?? new AbortController();
    const { signal } = options;
    const abort = () => stop.abort(signal?.reason);
    // A stream opened early already stops with the view's signal.
    if (!opened) signal?.addEventListener('abort', abort, { once: true });
    void lease.lost.then(() => lease.stolen && stop.abort(MOVED));
    const done = () => {
      lease.release();
      if (this.lease === lease) this.lease = undefined;
      signal?.removeEventListener('abort', abort);
    };
    let stream: WatchStream<T>;
    try {
      stream = await (opened?.opening ??
        this.link.options.base.watch<T>(path, {
          ...options,
          signal: stop.signal,
          retry: this.relayRetries(options.retry),
        }));
    } catch (error) {
      done();
      if (stop.signal.reason === MOVED) return endedStream<T>(path);
      if (!signal?.aborted) this.failedToOpen(error);
      throw error;
    }
    this.setDelivery(undefined);
    return this.tap(stream, initial, stop.signal, done);
  }

  private poll<T>(path: string, options: WatchOptions, initial: boolean): WatchStream<T> {
    const stop = new AbortController();
    const { signal } = options;
    const abort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    const watch = this.link.options.watch();
    // A long list is read less often: a millisecond per object (50 s for 50,000).
    const pollMs = this.link.options.pollMs ?? POLL_MS;
    const everyMs = () =>
      Math.max(this.claim.hidden() ? pollMs * HIDDEN_POLLS : pollMs, watch?.getSnapshot().size ?? 0);
    // Listed with the watch's selectors, without what asks a watch to stream a list.
    const { sendInitialEvents: _s, resourceVersionMatch: _m, ...params } = options.params ?? {};
    const stream = polledStream<T & Held>({
      list: (o) =>
        this.link.options.base.list<T & Held>(path, { ...o, params, retry: options.retry ?? true, ...asOf(options) }),
      from: initial ? undefined : (watch?.objects() as readonly (T & Held)[] | undefined),
      everyMs,
      signal: stop.signal,
      url: path,
    });
    const stopPolling = () => stop.abort(MOVED);
    this.stopPolling = stopPolling;
    const waiting = new AbortController();
    this.waitingForSlot = waiting;
    this.link.options.budget.wait(this.claim, waiting.signal).then(
      (lease) => {
        this.reserved = lease;
        stop.abort(MOVED);
      },
      () => undefined,
    );
    this.setDelivery({ mode: 'polled', everyMs: everyMs(), inUse: this.link.options.budget.inUse });
    return this.tap(stream as unknown as WatchStream<T>, initial, stop.signal, () => {
      waiting.abort();
      if (this.stopPolling === stopPolling) this.stopPolling = undefined;
      signal?.removeEventListener('abort', abort);
    });
  }

  /** The stream's batches, to the ListWatch and to the followers; ready for joins once its objects are whole. */
  private tap<T>(stream: WatchStream<T>, initial: boolean, stopped: AbortSignal, done: () => void): WatchStream<T> {
    const number = ++this.streams;
    this.requestId = stream.requestId;
    const becameReady = () =>
      setTimeout(() => {
        // After the ListWatch has taken the batch that made its objects whole.
        if (this.streams !== number || this.link.closed) return;
        this.ready = true;
        for (const { tab, link, rv } of this.deferred.splice(0)) this.serve(tab, link, rv);
      });
    if (!initial) becameReady();
    this.listing = initial;
    // Tabs that asked before the stream opened see the list arrive with this tab, not only once it is whole.
    if (initial) {
      const now = this.deferred.filter((d) => d.rv === undefined && !d.whole);
      this.deferred = this.deferred.filter((d) => !now.includes(d));
      for (const { tab, link } of now) this.serve(tab, link, undefined, true);
    }
    const read = async function* (this: Owner): AsyncGenerator<readonly WatchObjectEvent<T>[]> {
      let opening = initial;
      try {
        for await (const batch of stream.batches()) {
          let live = batch;
          if (opening) {
            // The list's objects go to the tabs that joined while they arrive, but not into the ring: no resume
            // starts inside a list.
            const end = batch.findIndex(isListEnd);
            if (end < 0) {
              this.publish(batch as unknown as Events, false);
              yield batch;
              continue;
            }
            opening = false;
            this.listing = false;
            this.publish(batch.slice(0, end + 1) as unknown as Events, false);
            this.link.ring.reset((batch[end]!.object as Held).metadata.resourceVersion);
            live = batch.slice(end + 1);
            becameReady();
          }
          if (live.length > 0) this.publish(live as unknown as Events);
          yield batch;
        }
      } catch (error) {
        // Moved to a stream, or to polling: the ListWatch comes back at once and nobody needs to know.
        if (stopped.reason === MOVED) return;
        if (!stopped.aborted) this.publishEnd(error);
        throw error;
      } finally {
        if (this.streams === number) this.ready = this.listing = false;
        done();
      }
    }.bind(this);
    return {
      url: stream.url,
      requestId: stream.requestId,
      batches: () => ({ [Symbol.asyncIterator]: read }),
      [Symbol.asyncIterator]: async function* () {
        for await (const batch of read()) yield* batch;
      },
    };
  }

  /** The owner lists from the API: what its followers hold cannot be brought up to date by events. */
  private relisting(): void {
    this.ready = this.listing = false;
    this.streams++;
    this.link.ring.reset(undefined);
    this.publishEnd(expired());
  }

  private publish(events: Events, kept = true): void {
    this.seq++;
    if (kept) this.link.ring.push(events);
    if (this.followers.size > 0)
      this.link.post({ t: 'batch', owner: this.link.options.env.tab, seq: this.seq, events });
  }

  private publishEnd(error: unknown): void {
    if (this.followers.size === 0) return;
    this.link.post({ t: 'end', owner: this.link.options.env.tab, error: toWire(toApiError(error)) });
  }

  /** Opening the stream failed for good: the tabs waiting for it are told why (an Expired lists again, later). */
  private failedToOpen(error: unknown): void {
    const failure = toApiError(error);
    if (failure.code === 410 || isTooLargeVersion(failure)) return;
    const owner = this.link.options.env.tab;
    for (const { tab, link } of this.deferred.splice(0))
      this.link.options.send(tab, { t: 'failed', key: link, owner, error: toWire(failure) });
  }

  /** The owner's retries, also told to the followers, whose views then say what their own retries would. */
  private relayRetries(retry: WatchOptions['retry']): WatchOptions['retry'] {
    if (retry === false) return false;
    const own = typeof retry === 'object' ? retry : {};
    return {
      ...own,
      onRetry: (info) => {
        own.onRetry?.(info);
        if (this.followers.size === 0) return;
        const { attempt, delayMs, startedAt } = info;
        this.link.post({
          t: 'retrying',
          owner: this.link.options.env.tab,
          error: toWire(info.error),
          attempt,
          delayMs,
          startedAt,
        });
      },
    };
  }

  private setDelivery(delivery: Delivery | undefined): void {
    this.delivery = delivery;
    this.link.options.watch()?.setDelivery(delivery);
    if (this.followers.size > 0) this.link.post({ t: 'delivery', owner: this.link.options.env.tab, delivery });
  }
}

function asOf(options: WatchOptions): { as?: 'table' } {
  return options.as ? { as: options.as } : {};
}

/** A stream that ends at once: its ListWatch comes back for another. */
function endedStream<T>(url: string): WatchStream<T> {
  const empty = async function* () {};
  return {
    url,
    requestId: undefined,
    batches: () => ({ [Symbol.asyncIterator]: empty }),
    [Symbol.asyncIterator]: empty,
  };
}
