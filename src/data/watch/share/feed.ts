/**
 * A watch stream fed by messages instead of a response body: what a tab that follows another tab's stream
 * (key-link.ts) hands its ListWatch. It yields the batches pushed into it, in order, and ends as it is told: cleanly
 * (the ListWatch resumes from its last version) or with the error the stream met.
 */
import type { WatchObjectEvent, WatchStream } from '../../client/index.ts';
import type { Held } from '../object-index.ts';

export class Feed<T extends Held = Held> implements WatchStream<T> {
  private queue: (readonly WatchObjectEvent<T>[])[] = [];
  private wake: (() => void) | undefined;
  private ended: { error: unknown } | undefined;

  constructor(
    readonly url: string,
    readonly requestId: string | undefined,
    signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.end(signal.reason), { once: true });
  }

  get done(): boolean {
    return this.ended !== undefined;
  }

  push(events: readonly WatchObjectEvent<T>[]): void {
    if (this.ended || events.length === 0) return;
    this.queue.push(events);
    this.wake?.();
  }

  /** Ends after what was pushed; with `error`, that is thrown once the batches before it are taken. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = { error };
    this.wake?.();
  }

  batches(): AsyncIterable<readonly WatchObjectEvent<T>[]> {
    return { [Symbol.asyncIterator]: () => this.read() };
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<WatchObjectEvent<T>> {
    for await (const batch of this.read()) yield* batch;
  }

  private async *read(): AsyncGenerator<readonly WatchObjectEvent<T>[]> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) {
        if (this.ended.error !== undefined) throw this.ended.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
