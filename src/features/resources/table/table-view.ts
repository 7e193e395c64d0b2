/**
 * The rows a table shows: a watch's objects, filtered and sorted, kept current at 50,000 objects and thousands
 * of events a second. A new sort or filter sorts everything once (keys computed once per object, not per
 * comparison); after that each snapshot is diffed against the last one and only the objects that changed are
 * moved, by binary search and an in-place splice, or, for a list's pages arriving, by one merge. The rows array is the same array throughout (no copy per
 * event); `version` says when it changed. Framework-free: the React binding is use-table-view.ts.
 */
import type { TableItem } from '@/shared/printer-columns.ts';
import { diffSize, diffSnapshots, objectKey } from './snapshot-diff.ts';
import { isMeterTick } from './meter-tick.ts';

export type SortValue = string | number | undefined;

export interface ViewSpec<T> {
  /** Names the sort and the filter: a spec with another id sorts and filters everything again. */
  id: string;
  /** The sort key of an object; undefined sorts last in both directions. Must be cheap and pure. */
  key: (object: T) => SortValue;
  desc: boolean;
  /** Which objects are shown; all when absent. Must be pure. */
  match?: ((object: T) => boolean) | undefined;
  /**
   * Set when `match` is a text query (every word must appear) and `sort` names the sort alone: a query typed
   * further, on the same sort and snapshot, only narrows the rows, so they are filtered where they are.
   */
  narrowing?: { sort: string; query: string } | undefined;
}

/**
 * The objects to show: an array, or a watch's snapshot, which names its objects by version and may say what
 * changed since the version before (then those changes are applied, and `items` need not be read).
 */
export interface TableSource<T> {
  readonly items: readonly T[];
  readonly version?: number;
  readonly changes?:
    | {
        readonly from: number;
        readonly added: readonly T[];
        readonly removed: readonly T[];
        readonly modified: readonly (readonly [T, T])[];
      }
    | undefined;
}

export interface ViewResult<T> {
  /** Sorted and filtered. Mutated in place by later updates: read it with `version`. */
  rows: readonly T[];
  version: number;
  /**
   * Objects that arrived or changed in this update, but not those whose cost alone moved (meter-tick.ts); empty on
   * the first one and when only the spec changed.
   */
  changed: readonly T[];
}

/** Beyond this many changes in one snapshot, sorting everything again is cheaper than moving each one. */
const INCREMENTAL_LIMIT = 512;

export class TableView<T extends TableItem> {
  private rows: T[] = [];
  private source: TableSource<T> | undefined;
  private spec: ViewSpec<T> | undefined;
  private result: ViewResult<T> = { rows: this.rows, version: 0, changed: [] };

  /** Brings the rows up to `objects` and `spec`; calling it again with the same two returns the same result. */
  update(objects: readonly T[] | TableSource<T>, spec: ViewSpec<T>): ViewResult<T> {
    const source: TableSource<T> = isArray(objects) ? { items: objects } : objects;
    const previous = this.source;
    const same = previous !== undefined && sameObjects(previous, source);
    if (same && spec.id === this.spec?.id) return this.result;
    if (same && narrows(this.spec, spec)) {
      this.spec = spec;
      this.narrow(spec.match);
      this.result = { rows: this.rows, version: this.result.version + 1, changed: [] };
      return this.result;
    }
    const sameSpec = spec.id === this.spec?.id;
    this.spec = spec;
    this.source = source;

    // The watch's own record of what changed when it leads from the objects shown last; else a walk of both.
    const diff =
      previous === undefined
        ? { added: [], removed: [], modified: [] }
        : source.changes !== undefined && source.changes.from === previous.version
          ? source.changes
          : diffSnapshots(previous.items, source.items);
    const changed: T[] = [];
    if (previous !== undefined) {
      // One by one: a spread of a whole list (a new watch of 200,000) is more arguments than a call can take.
      for (const object of diff.added) changed.push(object);
      for (const [before, after] of diff.modified) if (!isMeterTick(before, after)) changed.push(after);
    }
    if (
      sameSpec &&
      diff.removed.length === 0 &&
      diff.modified.length === 0 &&
      diff.added.length > Math.min(INCREMENTAL_LIMIT, this.rows.length)
    ) {
      // Pages of a list arriving (the first one too, into an empty table), or more new objects than rows: the
      // new objects are sorted among themselves and merged into the rows, not inserted one by one.
      this.mergeAdded(diff.added);
    } else if (
      !sameSpec ||
      diffSize(diff) > INCREMENTAL_LIMIT ||
      !this.applyIncrementally(diff.removed, diff.modified, diff.added)
    ) {
      this.rebuild(source.items);
    }
    this.result = { rows: this.rows, version: this.result.version + 1, changed };
    return this.result;
  }

  private rebuild(items: readonly T[]): void {
    const { objects } = this.sorted(items);
    // Refilled in place so the array stays the one readers hold.
    this.rows.length = objects.length;
    for (let i = 0; i < objects.length; i++) this.rows[i] = objects[i]!;
  }

  /**
   * Adds many new objects in one pass: they are sorted by themselves (k log k) and merged into the rows from the
   * back (n + k), instead of sorting all n + k again. This is how the pages of a big list join the table; when
   * they come in the table's order (a list by name, shown by name), nothing is sorted and no row moves.
   */
  private mergeAdded(added: readonly T[]): void {
    const { key, desc } = this.spec!;
    const incoming = this.sorted(added);
    const k = incoming.objects.length;
    if (k === 0) return;
    const rows = this.rows;
    let i = rows.length - 1;
    for (const object of incoming.objects) rows.push(object);
    let j = k - 1;
    let at = rows.length - 1;
    // Only the rows that sort after a new object move, and only their keys are read.
    let lastKey = i >= 0 ? key(rows[i]!) : undefined;
    while (j >= 0 && i >= 0) {
      const next = incoming.objects[j]!;
      const last = rows[i]!;
      if ((compareKeys(lastKey, incoming.keys[j], desc) || tiebreak(last, next)) > 0) {
        rows[at--] = last;
        i--;
        if (i >= 0) lastKey = key(rows[i]!);
      } else {
        rows[at--] = next;
        j--;
      }
    }
    // What is left of the new objects sorts before every row; what is left of the rows is already in place.
    for (; j >= 0; j--) rows[at--] = incoming.objects[j]!;
  }

  /**
   * The objects that match, sorted, with their keys. Keys sit beside the objects and the order is one of small
   * integers, not an object per row: at 200,000 rows those wrappers were a young generation's worth of garbage
   * per sort. Objects already in order (a list's pages, by name) are not sorted at all.
   */
  private sorted(items: readonly T[]): { objects: T[]; keys: SortValue[] } {
    const { key, match, desc } = this.spec!;
    const objects: T[] = [];
    const keys: SortValue[] = [];
    for (const object of items) {
      if (match && !match(object)) continue;
      objects.push(object);
      keys.push(key(object));
    }
    const before = (a: number, b: number) => compareKeys(keys[a], keys[b], desc) || tiebreak(objects[a]!, objects[b]!);
    let inOrder = true;
    for (let i = 1; i < objects.length && inOrder; i++) inOrder = before(i - 1, i) < 0;
    if (inOrder) return { objects, keys };
    const order: number[] = new Array<number>(objects.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort(before);
    return { objects: order.map((i) => objects[i]!), keys: order.map((i) => keys[i]) };
  }

  /** Keeps the rows that still match, in place and in order: no sort. */
  private narrow(match: ((object: T) => boolean) | undefined): void {
    if (!match) return;
    let kept = 0;
    for (const object of this.rows) if (match(object)) this.rows[kept++] = object;
    this.rows.length = kept;
  }

  /** False when something did not add up (an object not where its key says): the caller rebuilds. */
  private applyIncrementally(
    removed: readonly T[],
    modified: readonly (readonly [T, T])[],
    added: readonly T[],
  ): boolean {
    const match = this.spec!.match;
    const shown = (o: T) => !match || match(o);
    for (const object of removed) {
      if (shown(object) && !this.remove(object)) return false;
    }
    for (const [before, after] of modified) {
      const was = shown(before);
      const is = shown(after);
      if (was) {
        const at = this.indexOf(before);
        if (at < 0) return false;
        if (is && this.fitsAt(at, after)) {
          this.rows[at] = after;
          continue;
        }
        this.rows.splice(at, 1);
      }
      if (is) this.insert(after);
    }
    for (const object of added) if (shown(object)) this.insert(object);
    return true;
  }

  private compare(a: T, b: T): number {
    const { key, desc } = this.spec!;
    return compareKeys(key(a), key(b), desc) || tiebreak(a, b);
  }

  /** Where `object` is, by binary search on its own key; -1 if it is not there. */
  private indexOf(object: T): number {
    const at = this.lowerBound(object);
    return this.rows[at] === object ? at : -1;
  }

  private remove(object: T): boolean {
    const at = this.indexOf(object);
    if (at < 0) return false;
    this.rows.splice(at, 1);
    return true;
  }

  private insert(object: T): void {
    this.rows.splice(this.lowerBound(object), 0, object);
  }

  /** The first index whose row does not sort before `object`. */
  private lowerBound(object: T): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.rows[mid]!, object) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether `object` may take the place at `at` without breaking the order (its key did not move it). */
  private fitsAt(at: number, object: T): boolean {
    const prev = this.rows[at - 1];
    const next = this.rows[at + 1];
    return (
      (prev === undefined || this.compare(prev, object) < 0) && (next === undefined || this.compare(object, next) < 0)
    );
  }
}

function isArray<T>(objects: readonly T[] | TableSource<T>): objects is readonly T[] {
  return Array.isArray(objects);
}

/** The same objects: the same version of a watch's, or the same array. */
function sameObjects<T>(a: TableSource<T>, b: TableSource<T>): boolean {
  return a.version !== undefined && b.version !== undefined ? a.version === b.version : a.items === b.items;
}

/** Whether `next` only narrows what `previous` shows: the same sort, and its query typed further. */
function narrows<T>(previous: ViewSpec<T> | undefined, next: ViewSpec<T>): boolean {
  const a = previous?.narrowing;
  const b = next.narrowing;
  return !!a && !!b && a.sort === b.sort && b.query.toLowerCase().startsWith(a.query.toLowerCase());
}

/** Blank keys last whatever the direction, so sorting by cost puts the objects with a cost first. */
export function compareKeys(a: SortValue, b: SortValue, desc: boolean): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const order = a < b ? -1 : a > b ? 1 : 0;
  return desc ? -order : order;
}

/** Equal keys fall back to name, then project, then uid: a total order, so every object has one place. */
export function tiebreak(a: TableItem, b: TableItem): number {
  return (
    compareText(a.metadata.name, b.metadata.name) ||
    compareText(a.metadata.namespace, b.metadata.namespace) ||
    compareText(objectKey(a), objectKey(b))
  );
}

function compareText(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
