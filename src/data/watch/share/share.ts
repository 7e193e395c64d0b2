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
import type { SharingClient, WatchSharing } from '../registry.ts';
import type { ListWatchTarget } from '../target.ts';
import { StreamBudget, type Lease } from './budget.ts';
import { KeyLink, type ShareEnvironment } from './key-link.ts';
import type { Opened } from './link-core.ts';
import { narrowOf } from './narrowing.ts';
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
export interface SharedClient extends SharingClient {
  watch<T>(path: string, options?: WatchOptions, opened?: Opened<T>): Promise<WatchStream<T>>;
}

export class WatchShare implements WatchSharing {
  /** Every link of this tab, by where answers to it go. */
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

  /** The client one watch of `key` lists and watches with; `watch` is that ListWatch, once made. */
  client(key: string, target: ListWatchTarget, base: Client, watch: () => ListWatch<Held> | undefined): SharedClient {
    const narrow = narrowOf(target);
    let current: KeyLink | undefined;
    const link = (): KeyLink => {
      const scope = this.options.scope();
      const id = `nodus-watch:${scope}:${key}`;
      if (current?.id === id) return current;
      if (current) this.unlink(current);
      current = new KeyLink({
        env: this.options.env,
        budget: this.budget(),
        id,
        label: labelOf(target),
        base,
        watch,
        send: (tab, message) => send(this.options.env, tab, message),
        ...(this.options.pollMs ? { pollMs: this.options.pollMs } : {}),
        ...(narrow ? { narrow: { id: `nodus-watch:${scope}:${narrow.wideKey}`, matches: narrow.matches } } : {}),
      });
      this.links.set(current.address, current);
      return current;
    };
    return {
      get: (path, options) => base.get(path, options),
      list: (path, options = {}) => link().list(path, options),
      watch: (path, options = {}, opened) => link().watch(path, options, opened),
      release: () => {
        if (current) this.unlink(current);
        // A watch put back after it closed (a view that came back to it) starts a new link.
        current = undefined;
      },
      refresh: () => current?.refresh() ?? false,
    };
  }

  /**
   * A slot of the budget for a stream that cannot do without one (a followed log): free, else taken from a watch
   * (which is then read every few seconds), else waited for (`waiting` is called first). Released by the caller.
   */
  async lease(label: string, signal: AbortSignal, waiting: () => void): Promise<Lease> {
    const budget = this.budget();
    const claim = { label, degradable: false, hidden: () => !this.options.env.visible() };
    const now = await budget.claim(claim);
    if (now) return now;
    waiting();
    return budget.wait(claim, signal);
  }

  /** This tab was shown or hidden: streams nobody sees give way to those someone does. */
  visibilityChanged(): void {
    for (const link of this.links.values()) link.visibilityChanged();
  }

  close(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    for (const budget of this.budgets.values()) budget.close();
    this.inbox.close();
  }

  private unlink(link: KeyLink): void {
    link.close();
    this.links.delete(link.address);
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
