/**
 * The object as the person edits it (YAML without server-owned fields), the edit parsed back with a line and
 * column for bad YAML, the body of the PUT, and the YAML offered to the new-object editor.
 */
import { parseDocument, stringify } from 'yaml';
import { deepEqual, isPlainObject, withoutServerFields } from './merge/index.ts';
import type { NodusObject, ObjectMeta } from '@/shared/protocol.ts';

/** lineWidth 0: never fold long strings, so a value the person reads is a value they can edit in place. */
const STRINGIFY = { lineWidth: 0 } as const;

export function toEditYaml(object: NodusObject): string {
  return stringify(withoutServerFields(object), STRINGIFY);
}

export function toYaml(value: unknown): string {
  return stringify(value, STRINGIFY);
}

export interface YamlProblem {
  message: string;
  /** From 1, as editors count. */
  line: number;
  column: number;
}

export type ParsedEdit = { ok: true; object: NodusObject } | { ok: false; problem: YamlProblem };

export function parseEdit(text: string): ParsedEdit {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    return { ok: false, problem: { message: firstLine(error.message), line: at.line, column: at.col } };
  }
  const value: unknown = doc.toJS();
  if (!isPlainObject(value)) {
    return {
      ok: false,
      problem: { message: 'The object must be a YAML mapping (apiVersion, kind, metadata, spec).', line: 1, column: 1 },
    };
  }
  if (value.metadata !== undefined && !isPlainObject(value.metadata)) {
    return { ok: false, problem: { message: 'metadata must be a mapping.', ...lineOf(text, 'metadata') } };
  }
  return { ok: true, object: value as unknown as NodusObject };
}

/** A value typed in a resolution box: any YAML scalar, list or map; empty text means the field is removed. */
export function parseValue(text: string): { ok: true; value: unknown } | { ok: false; problem: YamlProblem } {
  if (text.trim() === '') return { ok: true, value: undefined };
  const doc = parseDocument(text, { prettyErrors: true });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    return { ok: false, problem: { message: firstLine(error.message), line: at.line, column: at.col } };
  }
  return { ok: true, value: doc.toJS() as unknown };
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/\s+at line \d+, column \d+:?$/, '');
}

function lineOf(text: string, key: string): { line: number; column: number } {
  const index = text.split('\n').findIndex((l) => l.startsWith(`${key}:`));
  return { line: index < 0 ? 1 : index + 1, column: 1 };
}

/**
 * What is sent with PUT: the edit, pinned to the object it was made from (name, project, uid) and to the
 * resourceVersion that was read, so a change made meanwhile is a 409 rather than silently overwritten.
 */
export function putBody(edit: NodusObject, from: NodusObject): NodusObject {
  const metadata: ObjectMeta = isPlainObject(edit.metadata) ? edit.metadata : {};
  return {
    ...edit,
    metadata: {
      ...metadata,
      name: metadata.name ?? from.metadata.name,
      namespace: metadata.namespace ?? from.metadata.namespace,
      ...(from.metadata.uid ? { uid: from.metadata.uid } : {}),
      ...(from.metadata.resourceVersion !== undefined ? { resourceVersion: from.metadata.resourceVersion } : {}),
    },
  };
}

/** Whether the person's fields differ between two versions (a status or resourceVersion change does not count). */
export function editableFieldsDiffer(a: NodusObject, b: NodusObject): boolean {
  return !deepEqual(withoutServerFields(a), withoutServerFields(b));
}

const NODUS_PREFIX = 'nodus.dev/';

/**
 * The edit as a new object for the new-object editor: a new name (the old one is taken), no server fields, and
 * nothing the server sets on create (its nodus.dev/ labels, annotations and finalizers; owner references, which
 * point at the old object's owner by uid).
 */
export function newObjectYaml(edit: NodusObject): string {
  const clean = withoutServerFields(edit);
  const meta: ObjectMeta = { ...(isPlainObject(clean.metadata) ? clean.metadata : {}) };
  const strip = (map: Record<string, string> | undefined) => {
    const kept = Object.entries(map ?? {}).filter(([k]) => !k.startsWith(NODUS_PREFIX));
    return kept.length ? Object.fromEntries(kept) : undefined;
  };
  const labels = strip(meta.labels);
  const annotations = strip(meta.annotations);
  const finalizers = (meta.finalizers ?? []).filter((f) => !f.startsWith(NODUS_PREFIX));
  const { labels: _l, annotations: _a, finalizers: _f, ownerReferences: _o, name, ...rest } = meta;
  const next: NodusObject = {
    ...clean,
    metadata: {
      ...(name ? { name: suffixed(name) } : {}),
      ...rest,
      ...(labels ? { labels } : {}),
      ...(annotations ? { annotations } : {}),
      ...(finalizers.length ? { finalizers } : {}),
    },
  };
  return toYaml(next);
}

/** `train-a` → `train-a-2`, `train-a-2` → `train-a-3`; kept within the 63 characters of a DNS label. */
export function suffixed(name: string): string {
  const match = /^(.*)-(\d+)$/.exec(name);
  const [stem, n] = match ? [match[1] ?? name, Number(match[2]) + 1] : [name, 2];
  const suffix = `-${n}`;
  return `${stem.slice(0, 63 - suffix.length)}${suffix}`;
}
