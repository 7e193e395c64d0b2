/**
 * PATCH: JSON merge patch (RFC 7386, with an optional resourceVersion precondition) and server-side apply
 * (`application/apply-patch+yaml`); JSON Patch is in json-patch.ts. Other patch types are refused with 415.
 */
import { ApiFailure } from '../http/errors.ts';
import { setField } from '../schema/schema.ts';
import type { MockState } from '../state.ts';
import type { Reply } from '../http/reply.ts';
import { applyObject } from './apply.ts';
import { JSON_PATCH } from './json-patch.ts';
import { conflict, notFound, updateObject, type WriteRequest } from './writes.ts';

export const MERGE_PATCH = 'application/merge-patch+json';
export const APPLY_PATCH = 'application/apply-patch+yaml';
export const PATCH_TYPES = [MERGE_PATCH, JSON_PATCH, APPLY_PATCH] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 7386: objects merge key by key, null removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    // A "__proto__" or "constructor" key merges as the field it names, never into Object.prototype's.
    else setField(out, key, mergePatch(Object.hasOwn(out, key) ? out[key] : undefined, value));
  }
  return out;
}

export interface PatchRequest extends WriteRequest {
  name: string;
  patchType: string;
  fieldManager: string | null;
  force: boolean;
}

export function unsupportedPatch(type: string): ApiFailure {
  return new ApiFailure(
    'UnsupportedMediaType',
    `the patch type "${type || '(none)'}" is not supported; send ${PATCH_TYPES.join(' or ')}`,
    {
      fix: `Use Content-Type: ${MERGE_PATCH} (kubectl patch --type merge), ${JSON_PATCH} (--type json), or server-side apply with ${APPLY_PATCH}.`,
    },
  );
}

export function patchObject(state: MockState, req: PatchRequest): Reply {
  const { kind, namespace, name, body } = req;
  const existing = state.store.get(kind.plural, namespace, name);
  if (req.patchType === APPLY_PATCH) {
    if (!req.fieldManager) {
      throw new ApiFailure('BadRequest', 'fieldManager is required for server-side apply', {
        fix: "Add ?fieldManager=<your tool's name> to the request (kubectl sends it for you).",
      });
    }
    const meta = isObject(body.metadata) ? body.metadata : {};
    if (meta.name !== undefined && meta.name !== name) {
      throw new ApiFailure(
        'BadRequest',
        `the name in the body ("${String(meta.name)}") does not match the name in the path ("${name}")`,
      );
    }
    if (!existing)
      return applyObject(
        state,
        { ...req, fieldManager: req.fieldManager, body: { ...body, metadata: { ...meta, name } } },
        undefined,
      );
  }
  if (!existing) throw notFound(kind, namespace, name);
  const patchMeta = isObject(body.metadata) ? body.metadata : {};
  const precondition = patchMeta.resourceVersion;
  if (
    precondition !== undefined &&
    precondition !== null &&
    String(precondition) !== existing.metadata.resourceVersion
  ) {
    throw conflict(kind, name);
  }
  if (req.patchType === APPLY_PATCH) return applyObject(state, { ...req, fieldManager: req.fieldManager! }, existing);
  const { resourceVersion: _rv, ...restMeta } = patchMeta;
  const patch = { ...body, metadata: restMeta };
  const merged = mergePatch(existing, patch) as Record<string, unknown>;
  const mergedMeta = isObject(merged.metadata) ? merged.metadata : {};
  // The server's own fields are not the client's to patch away.
  const withRv = {
    ...merged,
    metadata: { ...mergedMeta, name, uid: existing.metadata.uid, resourceVersion: existing.metadata.resourceVersion },
  };
  delete (withRv as { status?: unknown }).status;
  return updateObject(state, { ...req, body: withRv, preconditionChecked: true });
}
