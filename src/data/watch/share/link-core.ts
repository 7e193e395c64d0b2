/** What the two sides of a shared list (owner.ts, follower.ts) have in common: its options, ring and channel. */
import type { ApiClient, WatchStream } from '../../client/index.ts';
import { ANNOTATION_INITIAL_EVENTS_END } from '@/shared/protocol.ts';
import type { ListWatch } from '../list-watch.ts';
import type { Held } from '../object-index.ts';
import type { StreamBudget } from './budget.ts';
import type { Ring } from './ring.ts';
import type { Channel, InboxMessage, KeyMessage, Locks } from './wire.ts';

export interface ShareEnvironment {
  locks: Locks;
  channel: (name: string) => Channel;
  /** This tab, unique among the browser's. */
  tab: string;
  visible(): boolean;
}

export interface LinkOptions {
  env: ShareEnvironment;
  budget: StreamBudget;
  /** Lock and channel name: the API, the key's fingerprint and the list. Tabs with another key never share. */
  id: string;
  /** What the list is, in words, for whoever waits for a connection. */
  label: string;
  base: Pick<ApiClient, 'get' | 'list' | 'watch'>;
  watch: () => ListWatch<Held> | undefined;
  /** Posts to one tab's inbox. */
  send: (tab: string, message: InboxMessage) => void;
  /** How often a list without a stream is read again while shown (owner.ts POLL_MS); twelve times that hidden. */
  pollMs?: number;
  /** A narrower list than the whole of its kind in its project: that list's id, and what of it this one holds. */
  narrow?: { id: string; matches: (object: Held) => boolean } | undefined;
}

export interface LinkCore {
  readonly options: LinkOptions;
  /** The last events, by version: what a tab resuming from its version is sent (whichever side this tab is on). */
  readonly ring: Ring;
  /** The list's lock and channel name. */
  readonly id: string;
  /**
   * Where answers to this link go (this tab's inbox, under this name): unique, since one tab may briefly hold two
   * links of one list (a watch closing as a view comes back to it), one following the other.
   */
  readonly address: string;
  readonly closed: boolean;
  /** To every tab on the list's channel (not this one). */
  post(message: KeyMessage): void;
}

/** A stream opened before this tab knew whether it may keep it (the page's first: src/data/watch-share.ts). */
export interface Opened<T> {
  opening: Promise<WatchStream<T>>;
  stop: AbortController;
}

/** The bookmark that ends a streamed list's objects. */
export function isListEnd(event: { type: string; object: unknown }): boolean {
  const metadata = (event.object as Held | undefined)?.metadata;
  return event.type === 'BOOKMARK' && metadata?.annotations?.[ANNOTATION_INITIAL_EVENTS_END] === 'true';
}
