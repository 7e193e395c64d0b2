/**
 * The objects a watch holds, keyed by uid, built for 50,000 objects and thousands of events a second:
 * an event costs one Map write (events waiting for the next flush are coalesced per object, so a burst never
 * grows past one entry per object), and the array views read is rebuilt at most once per flush, only when
 * something changed and only when someone asks for it.
 */
import type { WatchObjectEvent } from '../../api/index.ts';
import type { NodusObject } from '../../shared/protocol.ts';

const EMPTY: readonly never[] = Object.freeze([]);

/** The key of an object: its uid, or project/name for an API that sends none. */
export function objectId(object: NodusObject): string {
  return object.metadata.uid ?? `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
}

export class ObjectIndex<T extends NodusObject> {
  private items = new Map<string, T>();
  /** The last event per object since the last flush; applying only the last one gives the same end state. */
  private pending = new Map<string, WatchObjectEvent<T>>();
  private array: readonly T[] = EMPTY;
  private arrayStale = false;

  get size(): number {
    return this.items.size;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  /** Keeps an ADDED, MODIFIED or DELETED event for the next flush. */
  queue(event: WatchObjectEvent<T>): void {
    this.pending.set(objectId(event.object), event);
  }

  /** Applies the waiting events; true when the objects changed. */
  applyPending(): boolean {
    if (this.pending.size === 0) return false;
    let changed = false;
    for (const [id, event] of this.pending) {
      if (event.type === 'DELETED') changed = this.items.delete(id) || changed;
      else if (this.items.get(id) !== event.object) {
        // An existing key keeps its place in the Map, so a modified object keeps its place in the array.
        this.items.set(id, event.object);
        changed = true;
      }
    }
    this.pending.clear();
    if (changed) this.arrayStale = true;
    return changed;
  }

  /**
   * Replaces everything with a fresh list in one step (a relist), dropping waiting events, which the list is
   * newer than. An object whose resourceVersion did not change keeps its identity, so memoised rows do not
   * re-render; when nothing changed at all, the array keeps its identity too. True when the objects changed.
   */
  replace(listed: readonly T[]): boolean {
    this.pending.clear();
    const next = new Map<string, T>();
    let changed = listed.length !== this.items.size;
    for (const object of listed) {
      const id = objectId(object);
      const old = this.items.get(id);
      if (old && old.metadata.resourceVersion === object.metadata.resourceVersion) {
        next.set(id, old);
      } else {
        next.set(id, object);
        changed = true;
      }
    }
    if (!changed) return false;
    this.items = next;
    this.arrayStale = true;
    return true;
  }

  /** Adds a page of a first list as it arrives (the whole list still goes through `replace` at the end). */
  add(listed: readonly T[]): void {
    if (listed.length === 0) return;
    for (const object of listed) this.items.set(objectId(object), object);
    this.arrayStale = true;
  }

  clear(): void {
    this.pending.clear();
    this.items = new Map();
    this.array = EMPTY;
    this.arrayStale = false;
  }

  /** The objects as an array, the same array until they change. */
  values(): readonly T[] {
    if (this.arrayStale) {
      this.array = Array.from(this.items.values());
      this.arrayStale = false;
    }
    return this.array;
  }
}
