/**
 * The last few thousand events of a shared watch, by the version each batch ended at: what a tab resuming from
 * its last version (after a drop, or after another tab took over the stream) is sent instead of the whole list.
 * Versions are compared for equality only: they are opaque.
 */
import type { Events } from './wire.ts';

const MAX_EVENTS = 4096;

export class Ring {
  private entries: { rv: string; events: Events }[] = [];
  private held = 0;
  /** The version before the first entry: a resume from it gets every entry. */
  private start: string | undefined;

  /** Forgets every entry: what came before `rv` (a new list) cannot be bridged by events. */
  reset(rv: string | undefined): void {
    this.entries = [];
    this.held = 0;
    this.start = rv;
  }

  push(events: Events): void {
    const rv = events[events.length - 1]?.object.metadata?.resourceVersion;
    if (rv === undefined) return;
    this.entries.push({ rv, events });
    this.held += events.length;
    while (this.held > MAX_EVENTS && this.entries.length > 1) {
      const dropped = this.entries.shift()!;
      this.held -= dropped.events.length;
      this.start = dropped.rv;
    }
  }

  /** The events after version `rv`, or undefined when the ring does not reach back to it. */
  after(rv: string): Events | undefined {
    if (rv === this.start) return this.entries.flatMap((e) => e.events);
    const at = this.entries.findLastIndex((e) => e.rv === rv);
    return at < 0 ? undefined : this.entries.slice(at + 1).flatMap((e) => e.events);
  }
}
