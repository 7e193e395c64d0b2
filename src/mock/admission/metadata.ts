/**
 * Checks on metadata as the spec states them: names are DNS labels, labels and annotations are well formed,
 * and the `nodus.dev/` prefix belongs to Nodus (except the request annotations clients may set).
 */
import {
  ANNOTATION_RESTART_REQUESTED_AT,
  SERVER_METADATA_FIELDS,
  type ObjectMeta,
  type StatusCause,
} from '@/shared/protocol.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';

export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const NODUS_PREFIX = 'nodus.dev/';
/** Annotations a client may set under nodus.dev/: requests that Nodus acts on. */
const REQUEST_ANNOTATIONS = new Set([ANNOTATION_RESTART_REQUESTED_AT]);
const MAX_ANNOTATION_BYTES = 256 * 1024;

const CLIENT_FIELDS = new Set([
  'name',
  'generateName',
  'namespace',
  'labels',
  'annotations',
  'finalizers',
  'ownerReferences',
]);

export function checkName(name: unknown, field = 'metadata.name'): StatusCause[] {
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return [
      {
        field,
        reason: 'FieldValueTypeInvalid',
        message: `must be a string, not ${Array.isArray(name) ? 'an array' : typeof name}`,
      },
    ];
  }
  if (typeof name !== 'string' || name === '')
    return [{ field, reason: 'FieldValueRequired', message: 'is required: give a name, or set metadata.generateName' }];
  const causes: StatusCause[] = [];
  if (name.length > 63)
    causes.push({ field, reason: 'FieldValueTooLong', message: `must be at most 63 characters, not ${name.length}` });
  if (!DNS_LABEL.test(name)) {
    causes.push({
      field,
      reason: 'FieldValueInvalid',
      message: `"${name}" is not a DNS label: use lower-case letters, digits and "-", starting and ending with a letter or digit (e.g. "train-a")`,
    });
  }
  return causes;
}

export function checkGenerateName(prefix: unknown): StatusCause[] {
  const field = 'metadata.generateName';
  if (typeof prefix !== 'string' || prefix === '')
    return [{ field, reason: 'FieldValueInvalid', message: 'must be a non-empty prefix' }];
  if (prefix.length > 58)
    return [
      {
        field,
        reason: 'FieldValueTooLong',
        message: `must be at most 58 characters (a 5-character suffix is added), not ${prefix.length}`,
      },
    ];
  if (!/^[a-z0-9]([-a-z0-9]*)?$/.test(prefix)) {
    return [
      {
        field,
        reason: 'FieldValueInvalid',
        message: `"${prefix}" must start with a lower-case letter or digit and hold only lower-case letters, digits and "-"`,
      },
    ];
  }
  return [];
}

function checkStringMap(value: unknown, field: string, checkValues: boolean): StatusCause[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    return [{ field, reason: 'FieldValueTypeInvalid', message: 'must be a map of strings' }];
  const causes: StatusCause[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const path = `${field}[${key}]`;
    const [prefix, name] = key.includes('/')
      ? [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)]
      : ['', key];
    if (!QUALIFIED_NAME.test(key) || name.length > 63 || prefix.length > 253) {
      causes.push({
        field: path,
        reason: 'FieldValueInvalid',
        message: `"${key}" is not a valid key: an optional DNS prefix and "/", then up to 63 letters, digits, "-", "_" or "."`,
      });
    }
    if (typeof v !== 'string')
      causes.push({
        field: path,
        reason: 'FieldValueTypeInvalid',
        message: `must be a string, not ${v === null ? 'null' : typeof v}`,
      });
    else if (checkValues && (v.length > 63 || !LABEL_VALUE.test(v))) {
      causes.push({
        field: path,
        reason: 'FieldValueInvalid',
        message: `"${v}" is not a valid label value: up to 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit`,
      });
    }
  }
  return causes;
}

export interface MetadataCheck {
  causes: StatusCause[];
  warnings: string[];
}

/**
 * Checks the client-settable parts of metadata. `server` holds the labels and annotations the server has already
 * set (on update): a client may send them back unchanged but not change or add others under nodus.dev/.
 */
export function checkMetadata(
  meta: Record<string, unknown>,
  mode: UnknownFieldMode,
  server: { labels: Record<string, string>; annotations: Record<string, string> } = { labels: {}, annotations: {} },
): MetadataCheck {
  const causes: StatusCause[] = [];
  const warnings: string[] = [];
  for (const key of Object.keys(meta)) {
    if (CLIENT_FIELDS.has(key) || SERVER_METADATA_FIELDS.has(key)) continue;
    if (mode === 'Strict')
      causes.push({ field: `metadata.${key}`, reason: 'FieldValueUnknown', message: `unknown field "${key}"` });
    else if (mode === 'Warn') warnings.push(`unknown field "metadata.${key}"`);
  }
  causes.push(...checkStringMap(meta.labels, 'metadata.labels', true));
  causes.push(...checkStringMap(meta.annotations, 'metadata.annotations', false));
  const annotations = (meta.annotations ?? {}) as Record<string, unknown>;
  const annotationBytes = Object.entries(annotations).reduce((n, [k, v]) => n + k.length + String(v).length, 0);
  if (annotationBytes > MAX_ANNOTATION_BYTES) {
    causes.push({
      field: 'metadata.annotations',
      reason: 'FieldValueTooLong',
      message: `may hold at most 256 KiB in total, not ${annotationBytes} bytes`,
    });
  }
  for (const [map, field, allowed] of [
    [meta.labels, 'metadata.labels', server.labels],
    [meta.annotations, 'metadata.annotations', server.annotations],
  ] as const) {
    if (!map || typeof map !== 'object') continue;
    for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
      if (!key.startsWith(NODUS_PREFIX)) continue;
      if (field === 'metadata.annotations' && REQUEST_ANNOTATIONS.has(key)) continue;
      if (allowed[key] === value) continue;
      causes.push({
        field: `${field}[${key}]`,
        reason: 'FieldValueForbidden',
        message:
          allowed[key] === undefined
            ? `keys under nodus.dev/ are set by Nodus; a client may not set "${key}"`
            : `"${key}" is set by Nodus and cannot be changed (it is "${allowed[key]}")`,
      });
    }
  }
  if (annotations[ANNOTATION_RESTART_REQUESTED_AT] !== undefined) {
    const value = annotations[ANNOTATION_RESTART_REQUESTED_AT];
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      causes.push({
        field: `metadata.annotations[${ANNOTATION_RESTART_REQUESTED_AT}]`,
        reason: 'FieldValueInvalid',
        message: `must be an RFC 3339 time such as "2026-12-02T10:00:00Z", not ${JSON.stringify(value)}`,
      });
    }
  }
  const finalizers = meta.finalizers;
  if (finalizers !== undefined && finalizers !== null) {
    if (!Array.isArray(finalizers) || finalizers.some((f) => typeof f !== 'string')) {
      causes.push({
        field: 'metadata.finalizers',
        reason: 'FieldValueTypeInvalid',
        message: 'must be a list of strings',
      });
    } else {
      finalizers.forEach((f: string, i) => {
        if (!QUALIFIED_NAME.test(f))
          causes.push({
            field: `metadata.finalizers[${i}]`,
            reason: 'FieldValueInvalid',
            message: `"${f}" is not a qualified name such as example.com/cleanup`,
          });
      });
    }
  }
  if (meta.ownerReferences !== undefined && meta.ownerReferences !== null && !Array.isArray(meta.ownerReferences)) {
    causes.push({ field: 'metadata.ownerReferences', reason: 'FieldValueTypeInvalid', message: 'must be a list' });
  }
  return { causes, warnings };
}

/** Copies the client-settable fields into a fresh ObjectMeta. */
export function clientMetadata(meta: Record<string, unknown>): ObjectMeta {
  const out: ObjectMeta = {};
  if (typeof meta.name === 'string') out.name = meta.name;
  if (typeof meta.generateName === 'string') out.generateName = meta.generateName;
  if (meta.labels && typeof meta.labels === 'object') out.labels = { ...(meta.labels as Record<string, string>) };
  if (meta.annotations && typeof meta.annotations === 'object')
    out.annotations = { ...(meta.annotations as Record<string, string>) };
  if (Array.isArray(meta.finalizers)) out.finalizers = [...(meta.finalizers as string[])];
  if (Array.isArray(meta.ownerReferences))
    out.ownerReferences = structuredClone(meta.ownerReferences) as ObjectMeta['ownerReferences'];
  return out;
}

export interface ServerKeySent {
  field: 'labels' | 'annotations';
  key: string;
  value: unknown;
}

/**
 * For a create: takes out the nodus.dev/ labels and annotations a client sent (an object read back from the server
 * carries them), so that the new object gets the server's own values instead of a refusal.
 */
export function withoutServerKeys(meta: Record<string, unknown>): {
  meta: Record<string, unknown>;
  sent: ServerKeySent[];
} {
  const sent: ServerKeySent[] = [];
  const out = { ...meta };
  for (const field of ['labels', 'annotations'] as const) {
    const map = meta[field];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(map)) {
      if (isNodusKey(key) && !(field === 'annotations' && REQUEST_ANNOTATIONS.has(key)))
        sent.push({ field, key, value });
      else kept[key] = value;
    }
    out[field] = kept;
  }
  return { meta: out, sent };
}

export function isNodusKey(key: string): boolean {
  return key.startsWith(NODUS_PREFIX);
}
