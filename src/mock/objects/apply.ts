/**
 * Server-side apply (`application/apply-patch+yaml`) with field ownership, as Kubernetes does it for custom
 * resources: the applied configuration is the manager's whole intent. Setting a field another manager owns to a
 * different value is a conflict (unless forced); a field the manager applied before and no longer applies is
 * removed when no other manager owns it.
 */
import type { ManagedFieldsEntry, NodusObject, StatusCause } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import { setField, type Schema } from '../schema/schema.ts';
import type { MockState } from '../state.ts';
import { entry, fromFieldsV1, isObject, keyed, removeAt, valueAt } from '../schema/fields-v1.ts';
import { fieldsOf } from './managed-fields.ts';
import { createObject, updateObject, type WriteRequest } from './writes.ts';

export interface ApplyRequest extends WriteRequest {
  name: string;
  fieldManager: string;
  force: boolean;
}

/** Objects merge key by key, lists of named items item by item; anything else is replaced. */
function mergeApplied(target: unknown, applied: unknown, schema: Schema | undefined): unknown {
  if (isObject(applied)) {
    const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
    for (const [k, v] of Object.entries(applied)) {
      if (v === null) delete out[k];
      else setField(out, k, mergeApplied(Object.hasOwn(out, k) ? out[k] : undefined, v, schema?.properties?.[k]));
    }
    return out;
  }
  if (keyed(schema, applied) && keyed(schema, target)) {
    const out = [...(target as Record<string, unknown>[])];
    for (const item of applied as Record<string, unknown>[]) {
      const at = out.findIndex((x) => x.name === item.name);
      if (at >= 0) out[at] = mergeApplied(out[at], item, schema?.items) as Record<string, unknown>;
      else out.push(item);
    }
    return out;
  }
  return structuredClone(applied);
}

/** `.spec.env[name="A"].value`, the way Kubernetes names a field in a conflict. */
export function fieldText(path: string[]): string {
  return path
    .filter((s) => s !== '.')
    .map((s) =>
      s.startsWith('k:') ? `[name="${(JSON.parse(s.slice(2)) as { name: string }).name}"]` : `.${s.slice(2)}`,
    )
    .join('');
}

export function applyObject(state: MockState, req: ApplyRequest, existing: NodusObject | undefined): Reply {
  const { kind, body, fieldManager: manager } = req;
  const applied = fieldsOf(kind, body);
  const time = state.timestamp();
  const mine = (e: ManagedFieldsEntry) => e.manager === manager && e.operation === 'Apply';
  if (!existing) return createObject(state, { ...req, managedFields: [entry(manager, 'Apply', applied, time)] });

  const managed = existing.metadata.managedFields ?? [];
  const causes: StatusCause[] = [];
  const taken = new Set<string>();
  for (const e of managed.filter((x) => !mine(x))) {
    for (const key of fromFieldsV1(e.fieldsV1)) {
      const field = applied.get(key);
      if (!field || JSON.stringify(valueAt(existing, field.path)) === JSON.stringify(field.value)) continue;
      taken.add(key);
      const using = e.operation === 'Update' ? ` using ${e.apiVersion}` : '';
      causes.push({
        field: fieldText(field.path),
        reason: 'FieldManagerConflict',
        message: `conflict with "${e.manager}"${using}`,
      });
    }
  }
  if (causes.length && !req.force) {
    throw new ApiFailure(
      'Conflict',
      `Apply failed with ${causes.length} conflict${causes.length > 1 ? 's' : ''}: ${causes.map((c) => `${c.message}: ${c.field}`).join('; ')}`,
      {
        details: { kind: kind.kind, name: req.name, group: 'nodus.dev', causes },
        fix: 'Leave those fields out of what you apply, set them to the values they have, or take them over with force=true (kubectl apply --server-side --force-conflicts).',
      },
    );
  }
  const others = managed
    .filter((e) => !mine(e))
    .map((e) => {
      const owned = fromFieldsV1(e.fieldsV1);
      const kept = [...owned].filter((k) => !taken.has(k));
      return kept.length === owned.size ? e : entry(e.manager, e.operation, new Set(kept), e.time);
    })
    .filter((e) => Object.keys(e.fieldsV1).length > 0);
  const ownedByOthers = others.flatMap((e) => [...fromFieldsV1(e.fieldsV1)].map((k) => JSON.parse(k) as string[]));
  const next = structuredClone(existing);
  const before = managed.find(mine);
  const dropped = [...(before ? fromFieldsV1(before.fieldsV1) : [])]
    .filter((k) => !applied.has(k))
    .map((k) => JSON.parse(k) as string[])
    .sort((a, b) => b.length - a.length);
  for (const path of dropped) {
    const item = path[path.length - 1] === '.' ? path.slice(0, -1) : path;
    const shared = ownedByOthers.some((p) => item.every((s, i) => p[i] === s));
    if (!shared) removeAt(next, path);
  }
  const meta = isObject(body.metadata) ? body.metadata : {};
  for (const part of ['labels', 'annotations'] as const) {
    if (isObject(meta[part]))
      next.metadata[part] = mergeApplied(next.metadata[part], meta[part], undefined) as Record<string, string>;
  }
  next.spec = mergeApplied(next.spec, body.spec ?? {}, kind.spec) as Record<string, unknown>;
  const { status: _status, ...object } = next;
  return updateObject(state, {
    ...req,
    body: object as unknown as Record<string, unknown>,
    preconditionChecked: true,
    managedFields: [...others, entry(manager, 'Apply', applied, time)],
  });
}
