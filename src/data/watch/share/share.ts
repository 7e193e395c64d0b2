/**
 * WatchShare: the watches of one browser, shared by its tabs, within a budget of connections. The registry gives
 * each ListWatch a client from `client()`: its lists and watches go through the list's KeyLink (key-link.ts),
 * which holds the stream for every tab or follows the tab that does; its other reads go straight to the API.
 * Tabs share only what the same key reads from the same API (`scope`): a tab signed in with another key has
 * watches of its own. Without the Web Locks API or BroadcastChannel (an insecure context), there is no share and
 * each tab keeps its own streams, as before.
 */
import type { ApiClient, WatchOptions, WatchStream } from '../../client/index.ts';
import type { ListWatch } from '../list-watch.ts';
import type { Held } from '../object-index.ts';
import type { WatchSharing } from '../registry.ts';
import type { ListWatchTarget } from '../target.ts';
import { StreamBudget } from './budget.ts';
import { KeyLink, type ShareEnvironment } from './key-link.ts';
import type { Opened } from './open-now.ts';
import type { Channel, InboxMessage } from './wire.ts';

export type { ShareEnvironment } from './key-link.ts';

export interface WatchShareOptions {
  env: ShareEnvironment;
  /** The API's address and a fingerprint of the key, read at every request: a new key, new links. */
  scope: () => string;
  /** The host the streams go to, whose connections the budget counts. */
  host: () => string;
  /** Streams the whole browser may hold to that host at once. */
  budget: number;
  /** How often a list without a stream is read again while shown (key-link.ts POLL_MS by default). */
  pollMs?: number;
}

type Client = Pick<ApiClient, 'get' | 'list' | 'watch'>;

/** A watch's client through the share: its `watch` may also be handed a stream opened early (open-now.ts). */
export interface SharedClient extends Client {
  watch<T>(path: string, options?: WatchOptions, opened?: Opened<T>): Promise<WatchStream<T>>;
}

interface Shared {
  link: KeyLink | undefined;
}

export class WatchShare implements WatchSharing {
  private readonly shared = new Map<string, Shared>();
  private readonly links = new Map<string, KeyLink>();
  private readonly budgets = new Map<string, StreamBudget>();
  private readonly inbox: Channel;

  constructor(private readonly options: WatchShareOptions) {
    this.inbox = options.env.channel(inboxName(options.env.tab));
    this.inbox.onmessage = (event) => {
      const message = event.data as InboxMessage;
      this.links.get(message.key)?.answered(message);
    };
  }

  /** The client a watch of `key` lists and watches with; `watch` is that ListWatch, once made. */
  client(key: string, target: ListWatchTarget, base: Client, watch: () => ListWatch<Held> | undefined): SharedClient {
    const entry: Shared = { link: undefined };
    this.shared.set(key, entry);
    const link = (): KeyLink => {
      const id = `nodus-watch:${this.options.scope()}:${key}`;
      if (entry.link?.id === id) return entry.link;
      if (entry.link) this.unlink(entry.link);
      // A watch closed and put back (a view that subscribed as it closed) registers again.
      if (!this.shared.has(key)) this.shared.set(key, entry);
      entry.link = new KeyLink({
        env: this.options.env,
        budget: this.budget(),
        id,
        label: labelOf(target),
        base,
        watch,
        send: (tab, message) => send(this.options.env, tab, message),
        ...(this.options.pollMs ? { pollMs: this.options.pollMs } : {}),
      });
      this.links.set(id, entry.link);
      return entry.link;
    };
    return {
      get: (path, options) => base.get(path, options),
      list: (path, options = {}) => link().list(path, options),
      watch: (path, options = {}, opened) => link().watch(path, options, opened),
    };
  }

  /** The registry closed the watch of `key`: another tab may take its stream over. */
  release(key: string): void {
    const entry = this.shared.get(key);
    this.shared.delete(key);
    if (entry?.link) this.unlink(entry.link);
  }

  /** A Refresh of `key`'s list: true when it went to the tab that holds the stream, which lists again for all. */
  refresh(key: string): boolean {
    return this.shared.get(key)?.link?.refresh() ?? false;
  }

  /** This tab was shown or hidden: streams nobody sees give way to those someone does. */
  visibilityChanged(): void {
    for (const link of this.links.values()) link.visibilityChanged();
  }

  /** Which lists this tab holds the stream of, and which it follows: for the Support panel. */
  isOwner(key: string): boolean | undefined {
    const link = this.shared.get(key)?.link;
    return link ? link.isOwner : undefined;
  }

  close(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    for (const budget of this.budgets.values()) budget.close();
    this.inbox.close();
  }

  private unlink(link: KeyLink): void {
    link.close();
    if (this.links.get(link.id) === link) this.links.delete(link.id);
  }

  private budget(): StreamBudget {
    const host = this.options.host();
    let budget = this.budgets.get(host);
    if (!budget) {
      budget = new StreamBudget(this.options.env, host, this.options.budget);
      this.budgets.set(host, budget);
    }
    return budget;
  }
}

function inboxName(tab: string): string {
  return `nodus-tab:${tab}`;
}

function send(env: ShareEnvironment, tab: string, message: InboxMessage): void {
  const channel = env.channel(inboxName(tab));
  channel.postMessage(message);
  channel.close();
}

function labelOf(target: ListWatchTarget): string {
  const where = target.namespace ? `in ${target.namespace}` : 'in all projects';
  const which = [target.labelSelector, target.fieldSelector].filter(Boolean).join(', ');
  return `${target.plural} ${where}${which ? ` (${which})` : ''}`;
}
/**
 * A short fingerprint of a key, so that tabs using the same key share and tabs using another do not, without the
 * key itself in a lock's or a channel's name (FNV-1a, two rounds: not a secret, only a name).
 */
export function keyFingerprint(key: string | undefined): string {
  if (!key) return 'none';
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5 | 1) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}
