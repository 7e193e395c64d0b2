/**
 * threeWayMerge: merges a person's edit (`mine`) of an object they read (`base`) with what the server holds now
 * (`theirs`), field by field. See README.md for the rules; the short form: one-sided changes merge, the same
 * change on both sides merges, different changes to the same field conflict, server-owned fields come from theirs.
 */
import { formatPath, type FieldPath, type PathSegment } from './paths.ts';
import { isServerOwned } from './server-fields.ts';
import { deepEqual, isPlainObject } from './values.ts';

export type ConflictKind =
  /** Both sides changed the field to different values. */
  | 'both-changed'
  /** Both sides added the field, with different values. */
  | 'both-added'
  /** The person removed it; the server changed it. */
  | 'mine-removed'
  /** The server removed it; the person changed it. */
  | 'theirs-removed';

export interface MergeConflict {
  path: FieldPath;
  /** formatPath(path): the key for `resolutions`, and what the person reads. */
  pathText: string;
  kind: ConflictKind;
  /** undefined: the field is absent on that side. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Set when `resolutions` settled it; `value: undefined` removes the field. */
  resolution?: { value: unknown };
}

/** A change that merged without asking: made on one side only, or the same on both. */
export interface MergedChange {
  path: FieldPath;
  pathText: string;
  by: 'mine' | 'theirs' | 'both';
  before: unknown;
  after: unknown;
}

export interface MergeResult<T> {
  /** The merged object. Unresolved conflicts hold the server's value until the person picks one. */
  merged: T;
  conflicts: MergeConflict[];
  /** Leaf by leaf, the changes that merged by themselves (server-owned fields are not listed). */
  changes: MergedChange[];
  /** Conflicts without a resolution: the merge can be saved once this is 0. */
  unresolved: number;
}

/** A chosen value per conflict, by `pathText`. */
export type Resolutions = ReadonlyMap<string, { value: unknown }>;

/** Fields that name the items of a list; the first one every item of all three versions has, unique, wins. */
const ITEM_KEYS = ['name', 'type'] as const;

interface Context {
  conflicts: MergeConflict[];
  changes: MergedChange[];
  resolutions: Resolutions | undefined;
}

export function threeWayMerge<T>(base: T, theirs: T, mine: T, resolutions?: Resolutions): MergeResult<T> {
  const ctx: Context = { conflicts: [], changes: [], resolutions };
  const merged = mergeValue([], base, theirs, mine, ctx) as T;
  return {
    merged,
    conflicts: ctx.conflicts,
    changes: ctx.changes,
    unresolved: ctx.conflicts.filter((c) => !c.resolution).length,
  };
}

function mergeValue(path: PathSegment[], base: unknown, theirs: unknown, mine: unknown, ctx: Context): unknown {
  if (path.length > 0 && isServerOwned(path)) return theirs;
  if (deepEqual(theirs, mine)) {
    if (!deepEqual(base, mine)) recordChanges(path, base, mine, 'both', ctx);
    return theirs;
  }
  if (deepEqual(base, mine)) {
    recordChanges(path, base, theirs, 'theirs', ctx);
    return theirs;
  }
  if (deepEqual(base, theirs)) {
    recordChanges(path, base, mine, 'mine', ctx);
    return mine;
  }
  // Both sides changed this value, differently: look inside where the shape allows it.
  if (isPlainObject(theirs) && isPlainObject(mine) && (base === undefined || isPlainObject(base))) {
    return mergeMaps(path, base ?? {}, theirs, mine, ctx);
  }
  if (Array.isArray(theirs) && Array.isArray(mine) && (base === undefined || Array.isArray(base))) {
    const key = itemKey([base ?? [], theirs, mine]);
    if (key) return mergeNamedLists(path, key, base ?? [], theirs, mine, ctx);
  }
  return conflict(path, base, theirs, mine, ctx);
}

function conflict(path: PathSegment[], base: unknown, theirs: unknown, mine: unknown, ctx: Context): unknown {
  const pathText = formatPath(path);
  const kind: ConflictKind =
    mine === undefined
      ? 'mine-removed'
      : theirs === undefined
        ? 'theirs-removed'
        : base === undefined
          ? 'both-added'
          : 'both-changed';
  const resolution = ctx.resolutions?.get(pathText);
  ctx.conflicts.push({ path: [...path], pathText, kind, base, mine, theirs, ...(resolution ? { resolution } : {}) });
  return resolution ? resolution.value : theirs;
}

function mergeMaps(
  path: PathSegment[],
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  mine: Record<string, unknown>,
  ctx: Context,
) {
  // The person's key order first (it is their text), then keys only the server has.
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = mergeValue([...path, key], base[key], theirs[key], mine[key], ctx);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function itemKey(lists: unknown[][]): string | undefined {
  if (lists.every((list) => list.length === 0)) return undefined;
  return ITEM_KEYS.find((key) =>
    lists.every((list) => {
      const seen = new Set<string>();
      return list.every((item) => {
        const name = isPlainObject(item) ? item[key] : undefined;
        if (typeof name !== 'string' || seen.has(name)) return false;
        seen.add(name);
        return true;
      });
    }),
  );
}

function mergeNamedLists(
  path: PathSegment[],
  key: string,
  base: unknown[],
  theirs: unknown[],
  mine: unknown[],
  ctx: Context,
): unknown[] {
  const byName = (list: unknown[]) =>
    new Map(list.map((item) => [(item as Record<string, string>)[key] as string, item]));
  const [b, t, m] = [byName(base), byName(theirs), byName(mine)];
  const merged = new Map<string, unknown>();
  for (const name of new Set([...m.keys(), ...t.keys(), ...b.keys()])) {
    merged.set(name, mergeValue([...path, { key, value: name }], b.get(name), t.get(name), m.get(name), ctx));
  }
  // The person's order; an item only the server added goes after the item it follows on the server.
  const order = [...m.keys()];
  [...t.keys()].forEach((name, i) => {
    if (order.includes(name)) return;
    const before = [...t.keys()]
      .slice(0, i)
      .reverse()
      .find((n) => order.includes(n));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, name);
  });
  for (const name of merged.keys()) if (!order.includes(name)) order.push(name);
  return order.map((name) => merged.get(name)).filter((item) => item !== undefined);
}

/** Lists each changed leaf, so "what merged" names fields rather than whole sections. */
function recordChanges(path: PathSegment[], before: unknown, after: unknown, by: MergedChange['by'], ctx: Context) {
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const next = [...path, key];
      if (!isServerOwned(next) && !deepEqual(before[key], after[key]))
        recordChanges(next, before[key], after[key], by, ctx);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = itemKey([before, after]);
    if (key) {
      const b = new Map(before.map((item) => [(item as Record<string, string>)[key] as string, item]));
      const a = new Map(after.map((item) => [(item as Record<string, string>)[key] as string, item]));
      for (const name of new Set([...b.keys(), ...a.keys()])) {
        if (!deepEqual(b.get(name), a.get(name)))
          recordChanges([...path, { key, value: name }], b.get(name), a.get(name), by, ctx);
      }
      return;
    }
  }
  ctx.changes.push({ path: [...path], pathText: formatPath(path), by, before, after });
}
