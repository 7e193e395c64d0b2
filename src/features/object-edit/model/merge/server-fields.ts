/**
 * Fields the server owns. A person's edit never sets them: the merge takes them from the server's copy, and the
 * editor hides them so they do not get in the way (the update still carries resourceVersion, added on save).
 */
import { SERVER_METADATA_FIELDS } from '@/shared/protocol.ts';
import type { FieldPath } from './paths.ts';
import { isPlainObject, type JsonObject } from './values.ts';

/** Top-level fields, then fields of metadata, that only the server sets. */
const SERVER_TOP = new Set(['status']);

export function isServerOwned(path: FieldPath): boolean {
  const [first, second] = path;
  if (typeof first !== 'string') return false;
  if (SERVER_TOP.has(first)) return true;
  return first === 'metadata' && typeof second === 'string' && SERVER_METADATA_FIELDS.has(second);
}

/** The object without server-owned fields: what a person edits, and what two versions are compared on. */
export function withoutServerFields<T>(object: T): T {
  if (!isPlainObject(object)) return object;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (SERVER_TOP.has(key)) continue;
    if (key === 'metadata' && isPlainObject(value)) {
      out.metadata = Object.fromEntries(Object.entries(value).filter(([k]) => !SERVER_METADATA_FIELDS.has(k)));
      continue;
    }
    out[key] = value;
  }
  return out as T;
}
