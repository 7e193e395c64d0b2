/**
 * A tab that follows another tab's stream of a list (key-link.ts): it asks the owner for the objects, or for what
 * came after the version it holds, and then takes the numbered batches the owner sends, through a Feed its
 * ListWatch reads as a stream. Batches that arrive before the owner's answer are kept and sorted out by number.
 */
import type { ObjectList } from '@/shared/protocol.ts';
import type { RetryOptions } from '../../client/index.ts';
import type { Delivery } from '../watch-state.ts';
import { Feed } from './feed.ts';
import type { LinkCore } from './link-core.ts';
import { isListEnd } from './link-core.ts';
import type { Narrowing } from './narrowing.ts';
import { expired, fromWire, type Events, type InboxMessage, type KeyMessage } from './wire.ts';

/** Thrown into a follower's wait for the owner when the lock came to this tab: it holds the stream now. */
export const PROMOTED = Symbol('promoted');
/** Thrown into a wait for a wide list's owner that will not read a narrow one out of it (it is too long). */
export const TOO_WIDE = Symbol('too wide');
/** Thrown into a wait for a wide list's owner that is gone: the narrow list decides again where to come from. */
export const AGAIN = Symbol('again');

type Batch = Extract<KeyMessage, { t: 'batch' }>;

interface JoinAnswer {
  owner: string;
  seq: number;
  events: Events;
  requestId: string | undefined;
  delivery: Delivery | undefined;
  later: Batch[];
}

interface Join {
  rv: string | undefined;
  whole: boolean;
  buffer: Batch[];
  resolve: (answer: JoinAnswer) => void;
  reject: (error: unknown) => void;
  onRetry: RetryOptions['onRetry'];
}

export class Follower {
  private following: { owner: string; after: number; feed: Feed } | undefined;
  private joining: Join | undefined;
  /** The owner's list is still arriving: its objects are no place to resume from, and stay out of the ring. */
  private inList = false;

  /** `narrowing`: this tab's list is a narrower one, read out of the owner's (narrowing.ts). */
  constructor(
    private readonly link: LinkCore,
    private readonly narrowing?: Narrowing,
  ) {}

  /** The stream, from the owner: `rv` undefined asks for the objects, else for what came after that version. */
  async watch(rv: string | undefined, path: string, options: { signal?: AbortSignal; retry?: boolean | RetryOptions }) {
    return this.follow(await this.join(rv, options), path, options.signal, rv === undefined);
  }

  /** The objects, from the owner, as a list at its version (the watch then asks for what came after it). */
  async list<T>(options: { signal?: AbortSignal }): Promise<ObjectList<T>> {
    const answer = await this.join(undefined, options, true);
    answer.events = this.narrowing?.list(answer.events) ?? answer.events;
    const end = answer.events[answer.events.length - 1];
    const resourceVersion = end?.object.metadata.resourceVersion ?? '';
    this.link.ring.reset(resourceVersion);
    const items = answer.events.slice(0, -1).map((e) => e.object) as unknown as T[];
    return { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion }, items };
  }

  /** From this tab's inbox: the owner's answer to a join. */
  answered(message: InboxMessage): void {
    const join = this.joining;
    if (!join) return;
    this.joining = undefined;
    if (message.t === 'joined') {
      const { owner, seq, events, requestId, delivery } = message;
      join.resolve({ owner, seq, events, requestId, delivery, later: join.buffer.filter((b) => b.owner === owner) });
    } else if (message.t === 'expired') join.reject(expired());
    else if (message.t === 'wide') join.reject(TOO_WIDE);
    else join.reject(fromWire(message.error));
  }

  heard(message: KeyMessage): void {
    const following = this.following;
    switch (message.t) {
      case 'batch':
        this.joining?.buffer.push(message);
        if (!following || following.feed.done || message.owner !== following.owner || message.seq <= following.after)
          return;
        following.after = message.seq;
        this.take(following.feed, message.events);
        return;
      case 'end':
        if (following?.owner === message.owner) following.feed.end(message.error ? fromWire(message.error) : undefined);
        return;
      case 'owner':
        // Another tab holds the stream now: resume from it.
        if (following && following.owner !== message.owner) following.feed.end();
        if (this.joining) this.askToJoin(this.joining);
        return;
      case 'retrying':
        this.joining?.onRetry?.({ ...message, error: fromWire(message.error) });
        return;
      case 'delivery':
        if (following?.owner === message.owner)
          this.link.options.watch()?.setDelivery(message.delivery ?? { mode: 'shared' });
        return;
    }
  }

  /** The lock came to this tab: the stream followed ends (cleanly, so the ListWatch resumes) and a wait is over. */
  promoted(): void {
    this.stop(PROMOTED);
  }

  close(): void {
    this.link.post({ t: 'bye', tab: this.link.options.env.tab, link: this.link.address });
    this.stop(new DOMException('The list is no longer shown.', 'AbortError'));
  }

  visibilityChanged(): void {
    const { tab, visible } = this.link.options.env;
    this.link.post({ t: 'demand', tab, link: this.link.address, visible: visible() });
  }

  /** The stream followed ends (cleanly: the ListWatch resumes) and a wait is over, with `why`. */
  stop(why: unknown): void {
    const following = this.following;
    this.following = undefined;
    following?.feed.end();
    const join = this.joining;
    this.joining = undefined;
    join?.reject(why);
  }

  /** `whole`: the objects only once they are all in (a list), not as they arrive (a streamed list). */
  private join(
    rv: string | undefined,
    options: { signal?: AbortSignal; retry?: boolean | RetryOptions },
    whole = false,
  ) {
    return new Promise<JoinAnswer>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(signal.reason);
      const onRetry = typeof options.retry === 'object' ? options.retry.onRetry : undefined;
      const join: Join = { rv, whole, buffer: [], resolve, reject, onRetry };
      this.joining?.reject(new DOMException('A newer request replaced this one.', 'AbortError'));
      this.joining = join;
      signal?.addEventListener(
        'abort',
        () => {
          if (this.joining !== join) return;
          this.joining = undefined;
          reject(signal.reason);
        },
        { once: true },
      );
      this.askToJoin(join);
    });
  }

  private askToJoin(join: Join): void {
    const { tab, visible } = this.link.options.env;
    const narrow = this.narrowing !== undefined;
    this.link.post({
      t: 'join',
      tab,
      link: this.link.address,
      rv: join.rv,
      whole: join.whole,
      visible: visible(),
      narrow,
    });
  }

  /** A batch of the owner's, narrowed when this list is a narrower one, to the feed and the ring. */
  private take(feed: Feed, events: Events): void {
    const mine = this.narrowing?.batch(events) ?? events;
    feed.push(mine);
    const end = mine.findIndex(isListEnd);
    if (end >= 0) {
      this.inList = false;
      this.link.ring.reset(mine[end]!.object.metadata.resourceVersion);
      if (end + 1 < mine.length) this.link.ring.push(mine.slice(end + 1));
    } else if (!this.inList) this.link.ring.push(mine);
  }

  private follow(answer: JoinAnswer, path: string, signal: AbortSignal | undefined, listed: boolean): Feed {
    const feed = new Feed(path, answer.requestId, signal ?? new AbortController().signal);
    const last = answer.events[answer.events.length - 1];
    if (last && isListEnd(last)) {
      this.inList = false;
      this.link.ring.reset(last.object.metadata.resourceVersion);
      feed.push(this.narrowing?.list(answer.events) ?? answer.events);
    } else {
      // Asked for the objects while the owner's list still arrives: those in so far now, the rest (and the
      // list's end) with the batches that follow.
      this.inList = listed;
      this.take(feed, answer.events);
    }
    let after = answer.seq;
    for (const batch of answer.later) {
      if (batch.seq <= after) continue;
      after = batch.seq;
      this.take(feed, batch.events);
    }
    this.following = { owner: answer.owner, after, feed };
    this.link.options.watch()?.setDelivery(answer.delivery ?? { mode: 'shared' });
    return feed;
  }
}
