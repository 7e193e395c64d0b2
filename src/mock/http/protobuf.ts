/**
 * Just enough of the Kubernetes protobuf wire format to read a Namespace and the RBAC objects: kubectl's typed
 * clients send built-in types as `application/vnd.kubernetes.protobuf` whatever the server advertises, so refusing
 * it would refuse `kubectl create namespace` and `kubectl create rolebinding`. The envelope is the magic `k8s\0`
 * and a runtime.Unknown whose `raw` is the object.
 */
import { ApiFailure } from './errors.ts';

export const PROTOBUF = 'application/vnd.kubernetes.protobuf';

const MAGIC = [0x6b, 0x38, 0x73, 0x00];

interface Field {
  number: number;
  /** Length-delimited bytes; undefined for varints and fixed-width values, which Namespace metadata never needs. */
  bytes?: Buffer;
}

function malformed(what: string): ApiFailure {
  return new ApiFailure('BadRequest', `the protobuf request body is malformed: ${what}`, {
    fix: 'Send the object as JSON (Content-Type: application/json), or a valid Kubernetes protobuf envelope.',
  });
}

function varint(buf: Buffer, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (let i = at; i < buf.length && shift < 64; i++) {
    const byte = buf[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  throw malformed(`a varint at byte ${at} is cut off`);
}

/** The fields of one message, in order; repeated fields appear once per value. */
export function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(buf, at);
    const number = Math.floor(key / 8);
    const wire = key % 8;
    at = next;
    if (wire === 0) at = varint(buf, at)[1];
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const [length, start] = varint(buf, at);
      if (start + length > buf.length) throw malformed(`field ${number} runs past the end of the body`);
      out.push({ number, bytes: buf.subarray(start, start + length) });
      at = start + length;
      continue;
    } else throw malformed(`field ${number} has the unsupported wire type ${wire}`);
    if (at > buf.length) throw malformed(`field ${number} runs past the end of the body`);
    out.push({ number });
  }
  return out;
}

export function text(field: Field): string {
  return field.bytes ? field.bytes.toString('utf8') : '';
}

function stringMap(entries: Field[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.bytes) continue;
    let key = '';
    let value = '';
    for (const f of fields(entry.bytes)) {
      if (f.number === 1) key = text(f);
      if (f.number === 2) value = text(f);
    }
    map[key] = value;
  }
  return map;
}

/** ObjectMeta: name 1, generateName 2, namespace 3, labels 11, annotations 12 (the rest is the server's to set). */
function objectMeta(buf: Buffer): Record<string, unknown> {
  const all = fields(buf);
  const meta: Record<string, unknown> = {};
  for (const f of all) {
    if (f.number === 1) meta.name = text(f);
    if (f.number === 2) meta.generateName = text(f);
    if (f.number === 3) meta.namespace = text(f);
  }
  const labels = all.filter((f) => f.number === 11);
  const annotations = all.filter((f) => f.number === 12);
  if (labels.length) meta.labels = stringMap(labels);
  if (annotations.length) meta.annotations = stringMap(annotations);
  return meta;
}

/** The string fields of a message, by field number, as named in `names` (repeated ones keep the last). */
export function stringFields(buf: Buffer, names: Record<number, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields(buf)) {
    const name = names[f.number];
    if (name !== undefined && f.bytes) out[name] = text(f);
  }
  return out;
}

/** Opens the envelope: the TypeMeta as JSON fields, and the object's own message. */
export function unwrap(body: Buffer): { typeMeta: Record<string, string>; raw: Buffer } {
  if (body.length < MAGIC.length || MAGIC.some((b, i) => body[i] !== b))
    throw malformed('it does not start with the Kubernetes magic bytes "k8s\\0"');
  let typeMeta: Record<string, string> = {};
  let raw: Buffer | undefined;
  for (const f of fields(body.subarray(MAGIC.length))) {
    if (f.number === 1 && f.bytes)
      typeMeta = Object.fromEntries(
        fields(f.bytes).flatMap((t) =>
          t.number === 1 ? [['apiVersion', text(t)]] : t.number === 2 ? [['kind', text(t)]] : [],
        ),
      );
    if (f.number === 2) raw = f.bytes ?? Buffer.alloc(0);
  }
  if (!raw) throw malformed('the envelope holds no object (runtime.Unknown.raw)');
  return { typeMeta, raw };
}

/** Decodes a protobuf Namespace into the JSON shape the rest of the server reads. */
export function decodeNamespace(body: Buffer): Record<string, unknown> {
  const { typeMeta, raw } = unwrap(body);
  const out: Record<string, unknown> = { ...typeMeta };
  for (const f of fields(raw)) {
    if (f.number === 1 && f.bytes) out.metadata = objectMeta(f.bytes);
    if (f.number === 2 && f.bytes)
      out.spec = {
        finalizers: fields(f.bytes)
          .filter((s) => s.number === 1)
          .map(text),
      };
  }
  return out;
}

const strings = (all: Field[], number: number): string[] => all.filter((f) => f.number === number).map(text);

/** PolicyRule: verbs 1, apiGroups 2, resources 3, resourceNames 4, nonResourceURLs 5. */
function policyRule(buf: Buffer): Record<string, unknown> {
  const all = fields(buf);
  const rule: Record<string, unknown> = { verbs: strings(all, 1) };
  const named = { apiGroups: 2, resources: 3, resourceNames: 4, nonResourceURLs: 5 };
  for (const [name, number] of Object.entries(named))
    if (all.some((f) => f.number === number)) rule[name] = strings(all, number);
  return rule;
}

/**
 * A Role or ClusterRole (metadata 1, rules 2) or a RoleBinding or ClusterRoleBinding (metadata 1, subjects 2 as
 * {kind 1, apiGroup 2, name 3, namespace 4}, roleRef 3 as {apiGroup 1, kind 2, name 3}), as JSON.
 */
export function decodeRbac(body: Buffer, binding: boolean): Record<string, unknown> {
  const { typeMeta, raw } = unwrap(body);
  const out: Record<string, unknown> = { ...typeMeta };
  const all = fields(raw);
  const meta = all.find((f) => f.number === 1);
  if (meta?.bytes) out.metadata = objectMeta(meta.bytes);
  const second = all.filter((f) => f.number === 2 && f.bytes);
  if (!binding) {
    out.rules = second.map((f) => policyRule(f.bytes!));
    return out;
  }
  out.subjects = second.map((f) =>
    Object.fromEntries(
      Object.entries(stringFields(f.bytes!, { 1: 'kind', 2: 'apiGroup', 3: 'name', 4: 'namespace' })).filter(
        ([, v]) => v !== '',
      ),
    ),
  );
  const roleRef = all.find((f) => f.number === 3);
  if (roleRef?.bytes) out.roleRef = stringFields(roleRef.bytes, { 1: 'apiGroup', 2: 'kind', 3: 'name' });
  return out;
}
