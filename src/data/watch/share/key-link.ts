/**
 * One list shared by every tab of a browser that shows it. The first tab to need it takes its Web Lock and holds
 * its stream (the owner, owner.ts); a tab that finds the lock taken follows (follower.ts): it asks the owner for
 * the objects, or for what came after the version it holds, and reads the owner's batches from then on, through a
 * ListWatch of its own that takes them as it would take a stream, so views see no difference. It also queues for
 * the lock: when the owner's tab closes or stops showing the list, the next follower gets the lock and resumes the
 * stream from the version it holds, without listing again, and the others resume from it.
 */
import type { ListOptions, WatchOptions, WatchStream } from '../../client/index.ts';
import type { ObjectList } from '@/shared/protocol.ts';
import { Follower, PROMOTED } from './follower.ts';
import type { LinkCore, LinkOptions } from './link-core.ts';
import type { Opened } from './open-now.ts';
import { Owner } from './owner.ts';
import { Ring } from './ring.ts';
import { holdLock, type Channel, type HeldLock, type InboxMessage, type KeyMessage } from './wire.ts';

export type { LinkOptions, ShareEnvironment } from './link-core.ts';

export class KeyLink implements LinkCore {
  readonly ring = new Ring();
  private readonly channel: Channel;
  private side: Owner | Follower | undefined;
  private deciding: Promise<void> | undefined;
  private ownerLock: HeldLock | undefined;
  /** Aborted on close: stops waiting for the list's lock. */
  private readonly leaving = new AbortController();
  closed = false;

  constructor(readonly options: LinkOptions) {
    this.channel = options.env.channel(options.id);
    this.channel.onmessage = (event) => {
      if (!this.closed) this.side?.heard(event.data as KeyMessage);
    };
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
    if (!this.closed) this.channel.postMessage(message);
  }

  close(): void {
    if (this.closed) return;
    this.side?.close();
    this.closed = true;
    this.leaving.abort();
    // The next follower in the lock's queue takes the stream over.
    this.ownerLock?.release();
    this.channel.close();
  }

  private async decided(): Promise<Owner | Follower> {
    await (this.deciding ??= this.decide());
    if (this.closed) throw new DOMException('The list is no longer shown.', 'AbortError');
    return this.side!;
  }

  private async decide(): Promise<void> {
    const { locks } = this.options.env;
    const held = await holdLock(locks, this.id, { ifAvailable: true });
    if (this.closed) return held?.release();
    if (held) return this.becomeOwner(held);
    this.side = new Follower(this);
    void holdLock(locks, this.id, { signal: this.leaving.signal }).then((lock) => lock && this.promoted(lock));
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
