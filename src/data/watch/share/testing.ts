/**
 * Test support for the share tests (imported by *.test.ts only): the Web Locks API in memory, as the browser
 * keeps it for the tabs of one origin (exclusive and shared locks, one queue per name in order of asking,
 * `ifAvailable`, `steal`, `signal`, `query`), and tabs that can be closed, which frees every lock they held as a
 * browser does. Node has no navigator.locks; its BroadcastChannel is the browser's.
 */
import type { Locks } from './wire.ts';

type Mode = 'exclusive' | 'shared';

interface Holder {
  client: number;
  mode: Mode;
  stolen: (error: unknown) => void;
}

interface Waiter {
  client: number;
  mode: Mode;
  grant: () => void;
}

export class MemoryLocks {
  private readonly held = new Map<string, Holder[]>();
  private readonly queues = new Map<string, Waiter[]>();
  private clients = 0;

  /** The locks as one tab sees them; `close()` is the tab closing. */
  tab(): Locks & { close(): void } {
    const client = ++this.clients;
    return {
      request: (name, options, callback) => this.request(client, name, options, callback),
      query: () => Promise.resolve({ held: this.names().map((name) => ({ name })) }),
      close: () => this.drop(client),
    };
  }

  /** Names of the locks held now. */
  names(): string[] {
    return [...this.held].filter(([, holders]) => holders.length > 0).map(([name]) => name);
  }

  private grantable(name: string, mode: Mode): boolean {
    const holders = this.held.get(name) ?? [];
    return mode === 'shared' ? holders.every((h) => h.mode === 'shared') : holders.length === 0;
  }

  private request<T>(
    client: number,
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal; mode?: Mode },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T> {
    const mode = options.mode ?? 'exclusive';
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) return reject(options.signal.reason);
      const grant = () => {
        const holder: Holder = { client, mode, stolen: reject };
        this.held.set(name, [...(this.held.get(name) ?? []), holder]);
        const free = () => {
          const holders = this.held.get(name) ?? [];
          if (!holders.includes(holder)) return;
          this.held.set(
            name,
            holders.filter((h) => h !== holder),
          );
          this.next(name);
        };
        void Promise.resolve()
          .then(() => callback({ name, mode }))
          .then(
            (value) => {
              free();
              resolve(value);
            },
            (error) => {
              free();
              reject(error);
            },
          );
      };
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      if (options.steal) {
        for (const holder of this.held.get(name) ?? [])
          holder.stolen(new DOMException('The lock was stolen.', 'AbortError'));
        this.held.set(name, []);
        return grant();
      }
      if (queue.length === 0 && this.grantable(name, mode)) return grant();
      if (options.ifAvailable) {
        void Promise.resolve()
          .then(() => callback(null))
          .then(resolve, reject);
        return;
      }
      const waiter: Waiter = { client, mode, grant };
      queue.push(waiter);
      options.signal?.addEventListener(
        'abort',
        () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(options.signal!.reason);
          this.next(name);
        },
        { once: true },
      );
    });
  }

  /** Grants the waiters at the head of the queue while they may hold the lock together. */
  private next(name: string): void {
    const queue = this.queues.get(name) ?? [];
    while (queue.length > 0 && this.grantable(name, queue[0]!.mode)) queue.shift()!.grant();
  }

  /** A tab closed: its locks are free and its waits are gone. */
  private drop(client: number): void {
    for (const [name, queue] of this.queues)
      this.queues.set(
        name,
        queue.filter((w) => w.client !== client),
      );
    for (const [name, holders] of [...this.held]) {
      if (!holders.some((h) => h.client === client)) continue;
      this.held.set(
        name,
        holders.filter((h) => h.client !== client),
      );
      this.next(name);
    }
  }
}
