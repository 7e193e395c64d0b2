/**
 * Field ownership in the `f:`/`k:` form of FieldsV1, as Kubernetes writes it in metadata.managedFields: sets of
 * leaf paths, built from an object (under its schema) and back. Lists of named items are owned item by item,
 * keyed by name; any other list is one atomic value. Writes (objects/) and the controller's status both use it.
 */
import type { ManagedFieldsEntry, NodusObject, ObjectStatus } from '@/shared/protocol.ts';
import type { Schema } from './schema.ts';

/** A leaf field's path (`f:spec`, `f:maxCostUSD`, `k:{"name":"a"}`, `.` for a list item itself) → its value. */
export type FieldSet = Map<string, { path: string[]; value: unknown }>;

const ITEM = '.';

export function isObject(value: unknown): value is Record<string, unknown> {
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

export function collect(value: unknown, schema: Schema | undefined, path: string[], out: FieldSet): void {
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

/** Who writes status: the controller, through the status subresource, as a Kubernetes controller does. */
export const STATUS_MANAGER = 'nodus-controller';

/** A status's fields; conditions are a map keyed by type, as Kubernetes declares them. */
function statusFields(status: ObjectStatus): FieldSet {
  const out: FieldSet = new Map();
  for (const [k, v] of Object.entries(status)) {
    if (k !== 'conditions' || !Array.isArray(v)) {
      collect(v, undefined, ['f:status', `f:${k}`], out);
      continue;
    }
    for (const condition of v as Record<string, unknown>[]) {
      const at = ['f:status', 'f:conditions', `k:${JSON.stringify({ type: condition.type })}`];
      out.set(JSON.stringify([...at, ITEM]), { path: [...at, ITEM], value: condition.type });
      for (const field of Object.keys(condition))
        out.set(JSON.stringify([...at, `f:${field}`]), { path: [...at, `f:${field}`], value: undefined });
    }
  }
  return out;
}

/**
 * The managedFields of an object whose status the controller has just written: its status entry names what it
 * now holds, at this time (a write that changed nothing keeps the object's entries as they were).
 */
export function withStatusWrite(before: NodusObject | undefined, after: NodusObject, time: string): NodusObject {
  if (!after.status || after.status === before?.status) return after;
  const others = (after.metadata.managedFields ?? []).filter(
    (e) => !(e.manager === STATUS_MANAGER && e.subresource === 'status'),
  );
  const status = { ...entry(STATUS_MANAGER, 'Update', statusFields(after.status), time), subresource: 'status' };
  return { ...after, metadata: { ...after.metadata, managedFields: [...others, status] } };
}
