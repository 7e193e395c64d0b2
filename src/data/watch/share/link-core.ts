/** What the two sides of a shared list (owner.ts, follower.ts) have in common: its options, ring and channel. */
import type { ApiClient } from '../../client/index.ts';
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
}

export interface LinkCore {
  readonly options: LinkOptions;
  /** The last events, by version: what a tab resuming from its version is sent (whichever side this tab is on). */
  readonly ring: Ring;
  readonly id: string;
  readonly closed: boolean;
  /** To every tab on the list's channel (not this one). */
  post(message: KeyMessage): void;
}

/** The bookmark that ends a streamed list's objects. */
export function isListEnd(event: { type: string; object: unknown }): boolean {
  const metadata = (event.object as Held | undefined)?.metadata;
  return event.type === 'BOOKMARK' && metadata?.annotations?.[ANNOTATION_INITIAL_EVENTS_END] === 'true';
}
