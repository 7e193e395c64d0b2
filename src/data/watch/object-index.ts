/**
 * The objects a watch holds, keyed by uid, built for 50,000 objects and thousands of events a second:
 * - An event costs one Map write: events waiting for the next flush are coalesced per object, so a burst never
 *   grows past one entry per object.
 * - The objects sit in list order (a modified object keeps its place, a deleted one leaves a gap, a new one goes
 *   last) in chunks of 1,024. A view of them (`view()`, once per flush at most) copies only the list of chunks;
 *   a chunk is copied when it is next written, and only then. So a flush that changes 30 objects copies one or
 *   two chunks of 1,024, not an array of all 50,000. (An array that size is a large object to V8: copying one
 *   per frame cost about 1.5 ms and filled the old generation, so garbage collections grew long.)
 * - A view says what changed since the view before it (`changes`), so a table can apply those alone; the flat
 *   array of all the objects (`items`) is built only when someone reads it, once per view.
 */
import type { WatchObjectEvent } from '../client/index.ts';
import type { ObjectMeta } from '@/shared/protocol.ts';

const EMPTY: readonly never[] = Object.freeze([]);
const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;
/** Versions are unique across indexes: a view that moves to another watch never takes its objects for the same. */
let lastVersion = 0;

/** What an index holds: objects, or rows (their printed cells and metadata); it reads only the metadata. */
export interface Held {
  readonly metadata: ObjectMeta;
}

/** The key of an object: its uid, or project/name for an API that sends none. */
export function objectId(object: Held): string {
  return object.metadata.uid ?? `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
}

/** What changed between two views, as a diff: each object at most once. */
export interface IndexChanges<T> {
  /** The version of the view these changes lead from. */
  readonly from: number;
  readonly added: readonly T[];
  readonly removed: readonly T[];
  /** [before, after] */
  readonly modified: readonly (readonly [T, T])[];
}

/** The objects as they were at one moment; never changes. */
export interface IndexView<T> {
  /** Names the objects, unique across indexes: a new version, new objects (or a new order). */
  readonly version: number;
  readonly size: number;
  /** What changed since the view before; undefined when unknown (the first view, pages of a list, a relist). */
  readonly changes: IndexChanges<T> | undefined;
  /** Every object in list order, built on first read. */
  readonly items: readonly T[];
}

class FrozenView<T> implements IndexView<T> {
  private array: readonly T[] | undefined;

  constructor(
    readonly version: number,
    readonly size: number,
    readonly changes: IndexChanges<T> | undefined,
    private readonly chunks: readonly (readonly (T | undefined)[])[],
  ) {}

  get items(): readonly T[] {
    if (this.array === undefined) {
      const out = new Array<T>(this.size);
      let n = 0;
      for (const chunk of this.chunks) for (const object of chunk) if (object !== undefined) out[n++] = object;
      this.array = this.size === 0 ? EMPTY : out;
    }
    return this.array;
  }
}

export class ObjectIndex<T extends Held> {
  /** Where each object is: position p is `chunks[p >> CHUNK_BITS][p & IN_CHUNK]`. */
  private slots = new Map<string, number>();
  private chunks: (T | undefined)[][] = [];
  /** Whether a chunk may be written in place: false once a view holds it. */
  private owned: boolean[] = [];
  /** Positions used, gaps included. */
  private length = 0;
  private gaps = 0;
  /** The last event per object since the last flush; applying only the last one gives the same end state. */
  private pending = new Map<string, WatchObjectEvent<T>>();
  /** Since the last view: each object changed, with what it was before (undefined: it was not there). */
  private touched = new Map<string, T | undefined>();
  /** Since the last view, something changed that `touched` does not record (pages, a relist). */
  private untracked = true;
  private dirty = false;
  private last: FrozenView<T> = new FrozenView<T>(++lastVersion, 0, undefined, EMPTY);

  get size(): number {
    return this.slots.size;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get(id: string): T | undefined {
    const at = this.slots.get(id);
    return at === undefined ? undefined : this.chunks[at >> CHUNK_BITS]![at & IN_CHUNK];
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
      const at = this.slots.get(id);
      const before = at === undefined ? undefined : this.chunks[at >> CHUNK_BITS]![at & IN_CHUNK];
      if (event.type === 'DELETED') {
        if (at === undefined) continue;
        this.touch(id, before);
        this.writable(at >> CHUNK_BITS)[at & IN_CHUNK] = undefined;
        this.slots.delete(id);
        this.gaps++;
      } else if (at !== undefined) {
        if (before === event.object) continue;
        this.touch(id, before);
        this.writable(at >> CHUNK_BITS)[at & IN_CHUNK] = event.object;
      } else {
        this.touch(id, undefined);
        this.append(id, event.object);
      }
      changed = true;
    }
    this.pending.clear();
    if (changed) this.dirty = true;
    this.compactIfSparse();
    return changed;
  }

  /**
   * Replaces everything with a fresh list in one step (a relist), dropping waiting events, which the list is
   * newer than. An object whose resourceVersion did not change keeps its identity, so memoised rows do not
   * re-render; when nothing changed at all, the view stays the same one. True when the objects changed.
   */
  replace(listed: readonly T[]): boolean {
    this.pending.clear();
    // The end of a first list: the same objects its pages added, in the same places. Told by identity, with no
    // lookup by key (at 50,000 objects the lookups were most of the list's end).
    if (this.holdsInOrder(listed)) return false;
    let changed = listed.length !== this.slots.size;
    const kept: T[] = new Array<T>(listed.length);
    for (let i = 0; i < listed.length; i++) {
      const object = listed[i]!;
      const old = this.get(objectId(object));
      if (old && old.metadata.resourceVersion === object.metadata.resourceVersion) {
        kept[i] = old;
      } else {
        kept[i] = object;
        changed = true;
      }
    }
    if (!changed) return false;
    this.fill(kept);
    this.untracked = true;
    this.dirty = true;
    return true;
  }

  /**
   * Adds a page of a first list as it arrives (the whole list still goes through `replace` at the end). Each page
   * is recorded as changes, so that what follows the list (a table, a running sum) takes the page alone instead
   * of walking everything loaded so far at each page.
   */
  add(listed: readonly T[]): void {
    if (listed.length === 0) return;
    for (const object of listed) {
      const id = objectId(object);
      const at = this.slots.get(id);
      if (at === undefined) {
        this.touch(id, undefined);
        this.append(id, object);
      } else {
        const chunk = this.writable(at >> CHUNK_BITS);
        this.touch(id, chunk[at & IN_CHUNK]);
        chunk[at & IN_CHUNK] = object;
      }
    }
    this.dirty = true;
  }

  /** Whether position i holds `listed[i]` for every i, and nothing else is held. */
  private holdsInOrder(listed: readonly T[]): boolean {
    if (this.gaps !== 0 || this.length !== listed.length || this.slots.size !== listed.length) return false;
    for (let i = 0; i < listed.length; i++) {
      if (this.chunks[i >> CHUNK_BITS]![i & IN_CHUNK] !== listed[i]) return false;
    }
    return true;
  }

  clear(): void {
    this.pending.clear();
    this.fill([]);
    this.untracked = true;
    this.dirty = true;
  }

  /**
   * The objects as they are now, as a view that never changes: the same view until they change. Each new view
   * knows what changed since the one before (unless pages or a relist came between).
   */
  view(): IndexView<T> {
    if (!this.dirty) return this.last;
    const from = this.last.version;
    const version = ++lastVersion;
    let changes: IndexChanges<T> | undefined;
    if (!this.untracked) {
      const added: T[] = [];
      const removed: T[] = [];
      const modified: [T, T][] = [];
      for (const [id, before] of this.touched) {
        const after = this.get(id);
        if (before === undefined) {
          if (after !== undefined) added.push(after);
        } else if (after === undefined) removed.push(before);
        else if (after !== before) modified.push([before, after]);
      }
      changes = { from, added, removed, modified };
    }
    this.touched.clear();
    this.untracked = false;
    this.dirty = false;
    this.owned.fill(false);
    this.last = new FrozenView(version, this.slots.size, changes, this.chunks.slice());
    return this.last;
  }

  /** The objects as an array, the same array until they change. */
  values(): readonly T[] {
    return this.view().items;
  }

  /** Records what an object was before its first change since the last view. */
  private touch(id: string, before: T | undefined): void {
    if (!this.touched.has(id)) this.touched.set(id, before);
  }

  /** Writes an object in its place, or last when it is new. */
  private put(id: string, object: T): void {
    const at = this.slots.get(id);
    if (at === undefined) this.append(id, object);
    else this.writable(at >> CHUNK_BITS)[at & IN_CHUNK] = object;
  }

  private append(id: string, object: T): void {
    const position = this.length++;
    const c = position >> CHUNK_BITS;
    if (c === this.chunks.length) {
      this.chunks.push([]);
      this.owned.push(true);
    }
    this.writable(c).push(object);
    this.slots.set(id, position);
  }

  /** A chunk that may be written: copied first when a view holds it. */
  private writable(c: number): (T | undefined)[] {
    if (!this.owned[c]) {
      this.chunks[c] = this.chunks[c]!.slice();
      this.owned[c] = true;
    }
    return this.chunks[c]!;
  }

  /** Closes the gaps deletions left once they are a quarter of the positions (and more than a chunk). */
  private compactIfSparse(): void {
    if (this.gaps <= CHUNK || this.gaps * 4 <= this.length) return;
    const live: T[] = [];
    for (const chunk of this.chunks) for (const object of chunk) if (object !== undefined) live.push(object);
    this.fill(live);
  }

  /**
   * Puts `objects` in positions 0, 1, 2…, in fresh chunks. An object listed twice (an API that repeats one across
   * pages) is held once, in its first place, as it was last listed: the objects and their count always agree.
   */
  private fill(objects: readonly T[]): void {
    this.slots = new Map();
    this.chunks = [];
    this.owned = [];
    this.length = 0;
    this.gaps = 0;
    for (const object of objects) this.put(objectId(object), object);
  }
}
