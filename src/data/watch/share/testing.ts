/**
 * Test support for the share tests (imported by *.test.ts only): the Web Locks API in memory, as the browser
 * keeps it for the tabs of one origin (exclusive locks, a queue in order of asking, `ifAvailable`, `steal`,
 * `signal`), and tabs that can be closed, which frees every lock they held as a browser does. Node has no
 * navigator.locks; its BroadcastChannel is the browser's.
 */
import type { Locks } from './wire.ts';

interface Holder {
  client: number;
  stolen: (error: unknown) => void;
}

interface Waiter {
  client: number;
  grant: () => void;
  reject: (error: unknown) => void;
}

export class MemoryLocks {
  private readonly held = new Map<string, Holder>();
  private readonly queues = new Map<string, Waiter[]>();
  private clients = 0;

  /** The locks as one tab sees them; `close()` is the tab closing. */
  tab(): Locks & { close(): void } {
    const client = ++this.clients;
    return {
      request: (name, options, callback) => this.request(client, name, options, callback),
      close: () => this.drop(client),
    };
  }

  /** Names of the locks held now. */
  names(): string[] {
    return [...this.held.keys()];
  }

  private request<T>(
    client: number,
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) return reject(options.signal.reason);
      const grant = () => {
        const holder: Holder = { client, stolen: reject };
        this.held.set(name, holder);
        const free = () => {
          if (this.held.get(name) !== holder) return;
          this.held.delete(name);
          this.next(name);
        };
        void Promise.resolve()
          .then(() => callback({ name }))
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
      if (options.steal) {
        const holder = this.held.get(name);
        this.held.delete(name);
        holder?.stolen(new DOMException('The lock was stolen.', 'AbortError'));
        return grant();
      }
      if (!this.held.has(name) && queue.length === 0) return grant();
      if (options.ifAvailable) {
        void Promise.resolve()
          .then(() => callback(null))
          .then(resolve, reject);
        return;
      }
      const waiter: Waiter = { client, grant, reject };
      queue.push(waiter);
      this.queues.set(name, queue);
      options.signal?.addEventListener(
        'abort',
        () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(options.signal!.reason);
        },
        { once: true },
      );
    });
  }

  private next(name: string): void {
    const waiter = this.queues.get(name)?.shift();
    waiter?.grant();
  }

  /** A tab closed: its locks are free and its waits are gone. */
  private drop(client: number): void {
    for (const [name, queue] of this.queues) {
      const kept = queue.filter((w) => w.client !== client);
      this.queues.set(name, kept);
    }
    for (const [name, holder] of [...this.held]) {
      if (holder.client !== client) continue;
      this.held.delete(name);
      this.next(name);
    }
  }
}
