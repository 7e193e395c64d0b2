/**
 * One list shared by every tab of a browser that shows it. The first tab to need it takes its Web Lock and holds
 * its stream (the owner, owner.ts); a tab that finds the lock taken follows (follower.ts): it asks the owner for
 * the objects, or for what came after the version it holds, and reads the owner's batches from then on, through a
 * ListWatch of its own that takes them as it would take a stream, so views see no difference. It also queues for
 * the lock: when the owner's tab closes or stops showing the list, the next follower gets the lock and resumes the
 * stream from the version it holds, without listing again, and the others resume from it.
 *
 * A narrower list (selectors) follows the whole list of its kind in its project instead, when a tab streams that
 * one and it is not too long (narrowing.ts): one stream fewer. It asks for a shared hold of that list's lock, which
 * it gets once nobody holds the stream any more; it then ends, and comes back with a stream of its own.
 */
import type { ListOptions, WatchOptions, WatchStream } from '../../client/index.ts';
import type { ObjectList } from '@/shared/protocol.ts';
import { AGAIN, Follower, PROMOTED, TOO_WIDE } from './follower.ts';
import type { LinkCore, LinkOptions, Opened } from './link-core.ts';
import { Narrowing } from './narrowing.ts';
import { Owner } from './owner.ts';
import { Ring } from './ring.ts';
import { holdLock, type Channel, type HeldLock, type InboxMessage, type KeyMessage } from './wire.ts';

export type { LinkOptions, ShareEnvironment } from './link-core.ts';

let links = 0;

export class KeyLink implements LinkCore {
  readonly ring = new Ring();
  readonly address: string;
  /** The list's channel; the wide list's while this narrower one is read out of it. */
  private channel: Channel | undefined;
  private side: Owner | Follower | undefined;
  /** The wide list would not be narrowed (too long): this one keeps a stream of its own. */
  private tooWide = false;
  /** Gives up the shared hold of the wide list's lock asked for while this one is read out of it. */
  private narrowed: AbortController | undefined;
  private deciding: Promise<void> | undefined;
  private ownerLock: HeldLock | undefined;
  /** Aborted on close: stops waiting for the list's lock. */
  private readonly leaving = new AbortController();
  closed = false;

  constructor(readonly options: LinkOptions) {
    this.address = `${options.id}#${++links}`;
  }

  get id(): string {
    return this.options.id;
  }

  get isOwner(): boolean {
    return this.side instanceof Owner;
  }

  /**
   * The list's stream: this tab's own, or followed from the tab that holds it. `opened`: one the page opened before
   * the share's code was in (watch-share.ts), kept if this tab may hold it, given up otherwise.
   */
  async watch<T>(path: string, options: WatchOptions, opened?: Opened<T>): Promise<WatchStream<T>> {
    const initial = options.params?.sendInitialEvents === true;
    const side = await this.decided();
    if (side instanceof Follower) {
      opened?.stop.abort();
      try {
        const stream = await side.watch(initial ? undefined : options.resourceVersion, path, options);
        return stream as unknown as WatchStream<T>;
      } catch (error) {
        if (error === TOO_WIDE) return this.widened(() => this.watch(path, options));
        if (error === AGAIN) return this.watch(path, options);
        if (error !== PROMOTED) throw error;
      }
    }
    return (this.side as Owner).watch<T>(path, options, initial, opened);
  }

  /** A list: from the owner when following (then watched from its version), else from the API. */
  async list<T>(path: string, options: ListOptions<T>): Promise<ObjectList<T>> {
    const side = await this.decided();
    if (side instanceof Follower) {
      try {
        return await side.list<T>(options);
      } catch (error) {
        if (error === TOO_WIDE) return this.widened(() => this.list(path, options));
        if (error === AGAIN) return this.list(path, options);
        if (error !== PROMOTED) throw error;
      }
    }
    return (this.side as Owner).list(path, options);
  }

  /** A Refresh: the owner lists again from the API (a follower asks it to); false when this tab is the owner. */
  refresh(): boolean {
    if (!(this.side instanceof Follower)) return false;
    this.post({ t: 'refresh' });
    return true;
  }

  visibilityChanged(): void {
    this.side?.visibilityChanged();
  }

  /** From this tab's inbox: the owner's answer to a join. */
  answered(message: InboxMessage): void {
    if (this.side instanceof Follower) this.side.answered(message);
  }

  post(message: KeyMessage): void {
    if (!this.closed) this.channel?.postMessage(message);
  }

  close(): void {
    if (this.closed) return;
    this.side?.close();
    this.closed = true;
    this.leaving.abort();
    // The next follower in the lock's queue takes the stream over.
    this.ownerLock?.release();
    this.channel?.close();
  }

  private async decided(): Promise<Owner | Follower> {
    await (this.deciding ??= this.decide());
    if (this.closed) throw new DOMException('The list is no longer shown.', 'AbortError');
    return this.side!;
  }

  private async decide(): Promise<void> {
    const { locks } = this.options.env;
    const { narrow } = this.options;
    if (narrow && !this.tooWide && (await locks.query()).held?.some((lock) => lock.name === narrow.id)) {
      if (this.closed) return;
      this.listen(narrow.id);
      const side = new Follower(this, new Narrowing(narrow.matches));
      this.side = side;
      // Granted once no tab holds the wide list's stream: this list then needs one of its own.
      void locks
        .request(narrow.id, { mode: 'shared', signal: this.leaving.signal }, () => undefined)
        .then(
          () => this.side === side && this.redecide(side),
          () => undefined,
        );
      return;
    }
    this.listen(this.id);
    const held = await holdLock(locks, this.id, { ifAvailable: true });
    if (this.closed) return held?.release();
    if (held) return this.becomeOwner(held);
    this.side = new Follower(this);
    void holdLock(locks, this.id, { signal: this.leaving.signal }).then((lock) => lock && this.promoted(lock));
  }

  private listen(name: string): void {
    this.channel?.close();
    const channel = this.options.env.channel(name);
    channel.onmessage = (event) => {
      if (!this.closed && this.channel === channel) this.side?.heard(event.data as KeyMessage);
    };
    this.channel = channel;
  }

  /** The wide list this one was read out of has no stream now: decide again (its ListWatch comes back at once). */
  private redecide(side: Follower): void {
    this.side = undefined;
    this.deciding = undefined;
    // A stream followed ends cleanly (its ListWatch resumes); a wait for an answer asks again.
    side.stop(AGAIN);
  }

  /** The wide list is too long to read this one out of: a stream of its own. */
  private widened<R>(again: () => Promise<R>): Promise<R> {
    this.tooWide = true;
    this.narrowed?.abort();
    this.side = undefined;
    this.deciding = undefined;
    return again();
  }

  private becomeOwner(lock: HeldLock): void {
    this.side = new Owner(this);
    this.ownerLock = lock;
    this.post({ t: 'owner', owner: this.options.env.tab });
  }

  /** The owner left: this tab holds the stream now, from the version it holds. */
  private promoted(lock: HeldLock): void {
    if (this.closed) return lock.release();
    const follower = this.side as Follower;
    this.becomeOwner(lock);
    // Its stream ends cleanly, so the ListWatch resumes at once from its version, now through the owner's side.
    follower.promoted();
  }
}
