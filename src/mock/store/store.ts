/**
 * The mock's state: every object of every resource, one resourceVersion counter for all writes, and the
 * history of changes that watches resume from. Objects are never mutated in place: a write stores a new
 * object, so a list snapshot or a queued watch event keeps seeing the version it took.
 */
import type { NodusObject } from '@/shared/protocol.ts';

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface Change {
  rv: number;
  type: ChangeType;
  resource: string;
  namespace: string;
  object: NodusObject;
  /** The version before this change, for MODIFIED and DELETED. */
  previous: NodusObject | undefined;
  time: number;
  /** JSON of `object`, computed once however many watchers receive it. */
  json?: string;
  previousJson?: string;
}

export type ChangeListener = (change: Change) => void;

/** Told of every change before any watcher is, when the mock keeps its state on disk (persist/durable-state.ts). */
export type ChangeJournal = (change: Change) => void;

export interface StoreOptions {
  /** How long changes are kept for watches to resume from. */
  historySeconds: number;
  /** At most this many changes are kept, whatever their age (memory bound). */
  historyLimit: number;
  now?: () => number;
}

function key(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

export class Store {
  private rv = 0;
  private readonly tables = new Map<string, Map<string, NodusObject>>();
  private readonly sorted = new Map<string, string[] | undefined>();
  /** resource → namespace → how many objects: a project's count without a pass over every project's objects. */
  private readonly counts = new Map<string, Map<string, number>>();
  /** An owner's uid → its dependents (resource and key): a cascade looks up, never scans (20,000 objects → O(n)). */
  private readonly owned = new Map<string, Set<string>>();
  private history: Change[] = [];
  private historyStart = 0;
  /** Every change at or below this version has been dropped from history. */
  private compactedRv = 0;
  private readonly listeners = new Set<ChangeListener>();
  private journal: ChangeJournal | undefined;
  private readonly options: StoreOptions;
  private readonly now: () => number;

  constructor(options: StoreOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  get resourceVersion(): number {
    return this.rv;
  }

  /** The oldest version a watch may resume from. */
  get oldestResumable(): number {
    this.trim();
    return this.compactedRv;
  }

  private table(resource: string): Map<string, NodusObject> {
    let table = this.tables.get(resource);
    if (!table) {
      table = new Map();
      this.tables.set(resource, table);
    }
    return table;
  }

  get(resource: string, namespace: string, name: string): NodusObject | undefined {
    return this.tables.get(resource)?.get(key(namespace, name));
  }

  /**
   * Visits the objects of a resource without copying them (the controller's hot path). Writes during the visit
   * are safe: a Map iterator sees replaced values, skips deleted keys and visits added ones.
   */
  forEach(resource: string, visit: (obj: NodusObject) => void): void {
    this.tables.get(resource)?.forEach((obj) => visit(obj));
  }

  /** The objects of a resource in no particular order, as a snapshot safe to write to while iterating. */
  values(resource: string): NodusObject[] {
    const table = this.tables.get(resource);
    return table ? [...table.values()] : [];
  }

  count(resource: string, namespace?: string): number {
    const table = this.tables.get(resource);
    if (!table) return 0;
    if (namespace === undefined) return table.size;
    return this.counts.get(resource)?.get(namespace) ?? 0;
  }

  /** The stored objects whose ownerReferences name `uid`, with their resources. */
  dependents(uid: string): { resource: string; object: NodusObject }[] {
    const out: { resource: string; object: NodusObject }[] = [];
    for (const ref of this.owned.get(uid) ?? []) {
      const at = ref.indexOf('\n');
      const resource = ref.slice(0, at);
      const object = this.tables.get(resource)?.get(ref.slice(at + 1));
      if (object) out.push({ resource, object });
    }
    return out;
  }

  /** Keeps the counts and the owner index in step with a table's change at `k` (`next` undefined: removed). */
  private index(resource: string, k: string, previous: NodusObject | undefined, next: NodusObject | undefined): void {
    if (!previous !== !next) {
      const namespace = (next ?? previous)!.metadata.namespace ?? '';
      let byNamespace = this.counts.get(resource);
      if (!byNamespace) this.counts.set(resource, (byNamespace = new Map()));
      const n = (byNamespace.get(namespace) ?? 0) + (next ? 1 : -1);
      if (n > 0) byNamespace.set(namespace, n);
      else byNamespace.delete(namespace);
    }
    const before = previous?.metadata.ownerReferences;
    const after = next?.metadata.ownerReferences;
    if (before === after || (!before?.length && !after?.length)) return;
    const ref = `${resource}\n${k}`;
    for (const owner of before ?? []) {
      if (after?.some((r) => r.uid === owner.uid)) continue;
      const set = this.owned.get(owner.uid);
      set?.delete(ref);
      if (set?.size === 0) this.owned.delete(owner.uid);
    }
    for (const owner of after ?? []) {
      let set = this.owned.get(owner.uid);
      if (!set) this.owned.set(owner.uid, (set = new Set()));
      set.add(ref);
    }
  }

  /**
   * Objects of a resource, sorted by namespace then name, optionally in one namespace. The sort is cached
   * until an object is added or removed, so churn (MODIFIED) keeps lists cheap.
   */
  list(resource: string, namespace?: string): NodusObject[] {
    const table = this.tables.get(resource);
    if (!table) return [];
    let order = this.sorted.get(resource);
    if (!order) {
      order = [...table.keys()].sort();
      this.sorted.set(resource, order);
    }
    const out: NodusObject[] = [];
    for (const k of order) {
      const current = table.get(k);
      if (current && (namespace === undefined || current.metadata.namespace === namespace)) out.push(current);
    }
    return out;
  }

  /** Stores a new object or a new version of one, assigning its resourceVersion. */
  put(resource: string, object: NodusObject): NodusObject {
    const namespace = object.metadata.namespace ?? '';
    const name = object.metadata.name ?? '';
    const table = this.table(resource);
    const k = key(namespace, name);
    const previous = table.get(k);
    const rv = ++this.rv;
    const stored: NodusObject = { ...object, metadata: { ...object.metadata, resourceVersion: String(rv) } };
    table.set(k, stored);
    this.index(resource, k, previous, stored);
    if (!previous) this.sorted.set(resource, undefined);
    this.record({
      rv,
      type: previous ? 'MODIFIED' : 'ADDED',
      resource,
      namespace,
      object: stored,
      previous,
      time: this.now(),
    });
    return stored;
  }

  remove(resource: string, namespace: string, name: string): NodusObject | undefined {
    const table = this.tables.get(resource);
    const k = key(namespace, name);
    const previous = table?.get(k);
    if (!table || !previous) return undefined;
    table.delete(k);
    this.index(resource, k, previous, undefined);
    this.sorted.set(resource, undefined);
    const rv = ++this.rv;
    // A DELETED event carries the last state with the version of the deletion, as Kubernetes does.
    const last: NodusObject = { ...previous, metadata: { ...previous.metadata, resourceVersion: String(rv) } };
    this.record({ rv, type: 'DELETED', resource, namespace, object: last, previous, time: this.now() });
    return last;
  }

  /** Changes after `rv`, oldest first. Undefined if some of them are no longer kept. */
  changesSince(rv: number): Change[] | undefined {
    this.trim();
    if (rv < this.compactedRv) return undefined;
    const live = this.history.length - this.historyStart;
    if (live === 0) return [];
    // history is ordered by rv; binary search for the first change after rv.
    let lo = this.historyStart;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.history[mid]!.rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    return this.history.slice(lo);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  setJournal(journal: ChangeJournal | undefined): void {
    this.journal = journal;
  }

  /** Every object of every resource, for a snapshot on disk. */
  *entries(): Generator<[string, NodusObject]> {
    for (const [resource, table] of this.tables) for (const obj of table.values()) yield [resource, obj];
  }

  /** Puts back an object read from disk as it was: no new version, no change for watches. */
  restore(resource: string, object: NodusObject): void {
    const table = this.table(resource);
    const k = key(object.metadata.namespace ?? '', object.metadata.name ?? '');
    if (!table.has(k)) this.sorted.set(resource, undefined);
    this.index(resource, k, table.get(k), object);
    table.set(k, object);
  }

  /** Drops an object while replaying a deletion read from disk. */
  forget(resource: string, namespace: string, name: string): void {
    const table = this.tables.get(resource);
    const k = key(namespace, name);
    const previous = table?.get(k);
    if (!table || !previous) return;
    table.delete(k);
    this.index(resource, k, previous, undefined);
    this.sorted.set(resource, undefined);
  }

  /**
   * Continues after a restart from `rv`: later writes get higher versions, and a watch cannot resume from an
   * earlier one (the changes before the restart are not kept), so it gets 410 Expired and lists again.
   */
  resume(rv: number): void {
    this.rv = Math.max(this.rv, rv);
    this.compactedRv = this.rv;
  }

  /** Forgets the history up to now (etcd's compaction): a resume from any earlier version gets 410 Expired. */
  compact(): number {
    this.compactedRv = this.rv;
    this.history = [];
    this.historyStart = 0;
    return this.rv;
  }

  private record(change: Change): void {
    this.journal?.(change);
    this.history.push(change);
    this.trim();
    for (const listener of this.listeners) listener(change);
  }

  private trim(): void {
    const oldestTime = this.now() - this.options.historySeconds * 1000;
    let start = this.historyStart;
    const end = this.history.length;
    while (start < end && (end - start > this.options.historyLimit || this.history[start]!.time < oldestTime)) {
      this.compactedRv = this.history[start]!.rv;
      start++;
    }
    this.historyStart = start;
    // Compact the array once the dropped prefix is large, so trimming stays amortised O(1).
    if (start > 4096 && start * 2 > end) {
      this.history = this.history.slice(start);
      this.historyStart = 0;
    }
  }

  /** Drops everything, keeping the version counter so that clients never see a version go backwards. */
  clear(): void {
    for (const [resource, table] of this.tables) {
      for (const obj of [...table.values()])
        this.remove(resource, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
    }
  }
}
