/**
 * Field ownership as Kubernetes records it in metadata.managedFields for a client's writes: each manager and
 * operation owns a set of leaf fields (schema/fields-v1.ts). Status belongs to the controller and is left alone.
 */
import type { ManagedFieldsEntry, NodusObject } from '@/shared/protocol.ts';
import type { KindDef } from '../kinds/index.ts';
import { collect, entry, fromFieldsV1, isObject, type FieldSet } from '../schema/fields-v1.ts';

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
    if (e.subresource) {
      entries.push(e);
      continue;
    }
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
