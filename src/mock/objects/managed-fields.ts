/**
 * Field ownership as Kubernetes records it in metadata.managedFields: each manager and operation owns a set of
 * leaf fields, written in the `f:`/`k:` form of FieldsV1. Lists of named items (their schema requires `name`,
 * such as env, volumes and steps) are owned item by item, keyed by name; any other list is one atomic value.
 */
import type { ManagedFieldsEntry, NodusObject } from '@/shared/protocol.ts';
import type { Schema } from '../schema/schema.ts';
import type { KindDef } from '../kinds/index.ts';

/** A leaf field's path (`f:spec`, `f:maxCostUSD`, `k:{"name":"a"}`, `.` for a list item itself) → its value. */
export type FieldSet = Map<string, { path: string[]; value: unknown }>;

const ITEM = '.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function keyed(schema: Schema | undefined, value: unknown): boolean {
  return (
    Array.isArray(value) &&
    !!schema?.items?.required?.includes('name') &&
    value.every((item) => isObject(item) && typeof item.name === 'string')
  );
}

export function itemKey(name: string): string {
  return `k:${JSON.stringify({ name })}`;
}

function collect(value: unknown, schema: Schema | undefined, path: string[], out: FieldSet): void {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) collect(v, schema?.properties?.[k], [...path, `f:${k}`], out);
  } else if (keyed(schema, value)) {
    for (const item of value as Record<string, unknown>[]) {
      const at = [...path, itemKey(item.name as string)];
      out.set(JSON.stringify([...at, ITEM]), { path: [...at, ITEM], value: item.name });
      collect(item, schema?.items, at, out);
    }
  } else out.set(JSON.stringify(path), { path, value });
}

/** The fields a client sets in an object: its spec, and its labels and annotations outside nodus.dev/. */
export function fieldsOf(kind: KindDef, obj: { metadata?: unknown; spec?: unknown }): FieldSet {
  const out: FieldSet = new Map();
  const meta = isObject(obj.metadata) ? obj.metadata : {};
  for (const part of ['labels', 'annotations']) {
    const map = isObject(meta[part]) ? meta[part] : {};
    for (const [k, v] of Object.entries(map))
      if (!k.startsWith('nodus.dev/')) collect(v, undefined, ['f:metadata', `f:${part}`, `f:${k}`], out);
  }
  if (isObject(obj.spec)) collect(obj.spec, kind.spec, ['f:spec'], out);
  return out;
}

export function toFieldsV1(fields: FieldSet): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path } of fields.values()) {
    let node = root;
    for (const segment of path) node = (node[segment] ??= {}) as Record<string, unknown>;
  }
  return root;
}

/** The leaf paths of a FieldsV1 tree (values are not recorded there; the object holds them). */
export function fromFieldsV1(tree: unknown, path: string[] = [], out = new Set<string>()): Set<string> {
  const entries = isObject(tree) ? Object.entries(tree) : [];
  if (entries.length === 0 && path.length > 0) out.add(JSON.stringify(path));
  for (const [segment, child] of entries) fromFieldsV1(child, [...path, segment], out);
  return out;
}

/** The value at a path in an object, or undefined. */
export function valueAt(obj: unknown, path: string[]): unknown {
  let node: unknown = obj;
  for (const segment of path) {
    if (segment === ITEM) return node === undefined ? undefined : (node as { name?: unknown }).name;
    if (segment.startsWith('f:') && isObject(node)) node = node[segment.slice(2)];
    else if (segment.startsWith('k:') && Array.isArray(node)) {
      const name = (JSON.parse(segment.slice(2)) as { name: string }).name;
      node = node.find((item) => isObject(item) && item.name === name);
    } else return undefined;
  }
  return node;
}

/** Removes the field at a path (a list item's `.` removes the item). */
export function removeAt(obj: unknown, path: string[]): void {
  const last = path[path.length - 1]!;
  const parentPath = last === ITEM ? path.slice(0, -2) : path.slice(0, -1);
  const parent = valueAt(obj, parentPath);
  const target = last === ITEM ? path[path.length - 2]! : last;
  if (target.startsWith('f:') && isObject(parent)) delete parent[target.slice(2)];
  else if (target.startsWith('k:') && Array.isArray(parent)) {
    const name = (JSON.parse(target.slice(2)) as { name: string }).name;
    const at = parent.findIndex((item) => isObject(item) && item.name === name);
    if (at >= 0) parent.splice(at, 1);
  }
}

export function entry(
  manager: string,
  operation: ManagedFieldsEntry['operation'],
  fields: FieldSet | Set<string>,
  time: string,
): ManagedFieldsEntry {
  const set: FieldSet =
    fields instanceof Map
      ? fields
      : new Map([...fields].map((k) => [k, { path: JSON.parse(k) as string[], value: undefined }]));
  return { manager, operation, apiVersion: 'nodus.dev/v1', time, fieldsType: 'FieldsV1', fieldsV1: toFieldsV1(set) };
}

/** Kubernetes' default manager name: the User-Agent up to its first "/" (kubectl/v1.31.0 … → kubectl). */
export function defaultManager(userAgent: string | undefined): string {
  return (userAgent ?? 'unknown').split('/')[0]!.slice(0, 128) || 'unknown';
}

/**
 * An Update (create, PUT, merge patch) by `manager`: it owns every field it added or changed, those fields leave
 * their other owners, and fields the write removed leave every owner.
 */
export function recordUpdate(
  kind: KindDef,
  before: NodusObject | undefined,
  after: NodusObject,
  manager: string,
  time: string,
): ManagedFieldsEntry[] {
  const old = before ? fieldsOf(kind, before) : new Map<string, { path: string[]; value: unknown }>();
  const now = fieldsOf(kind, after);
  const changed = new Set<string>();
  for (const [k, { value }] of now)
    if (!old.has(k) || JSON.stringify(old.get(k)!.value) !== JSON.stringify(value)) changed.add(k);
  const entries: ManagedFieldsEntry[] = [];
  let mine = new Set<string>();
  for (const e of before?.metadata.managedFields ?? []) {
    const owned = [...fromFieldsV1(e.fieldsV1)].filter((k) => now.has(k));
    if (e.manager === manager && e.operation === 'Update') {
      mine = new Set(owned);
      continue;
    }
    const kept = owned.filter((k) => !changed.has(k));
    if (kept.length)
      entries.push(
        kept.length === owned.length && owned.length === fromFieldsV1(e.fieldsV1).size
          ? e
          : entry(e.manager, e.operation, new Set(kept), e.time),
      );
  }
  for (const k of changed) mine.add(k);
  if (mine.size === 0) return entries;
  const unchanged =
    changed.size === 0 &&
    before?.metadata.managedFields?.some((e) => e.manager === manager && e.operation === 'Update');
  const previous = before?.metadata.managedFields?.find((e) => e.manager === manager && e.operation === 'Update');
  return [...entries, entry(manager, 'Update', mine, unchanged && previous ? previous.time : time)];
}
