/**
 * PATCH with a JSON Patch (RFC 6902, `application/json-patch+json`): a list of operations applied in order to the
 * stored object; the result is then admitted exactly like a merge patch's (schema, immutability, metadata rules).
 * A body that is not a list of operations is 400, as kube-apiserver answers; an operation that cannot apply is 422.
 */
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import { setField } from '../schema/schema.ts';
import type { MockState } from '../state.ts';
import { conflict, notFound, updateObject, type WriteRequest } from './writes.ts';

export const JSON_PATCH = 'application/json-patch+json';

const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
type OpName = (typeof OPS)[number];

export interface JsonPatchOp {
  op: OpName;
  path: string;
  from?: string;
  value?: unknown;
}

const FIX = 'Send a JSON array of operations, e.g. [{"op":"replace","path":"/spec/maxCostUSD","value":"60.00"}].';

function badPatch(message: string): ApiFailure {
  return new ApiFailure('BadRequest', `the body is not a valid JSON Patch: ${message}`, { fix: FIX });
}

/** Checks the body's shape: 400 for anything that is not a list of well-formed operations. */
export function parseJsonPatch(value: unknown): JsonPatchOp[] {
  if (!Array.isArray(value)) throw badPatch(`it must be a JSON array of operations, not ${typeOf(value)}`);
  return value.map((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw badPatch(`operation ${i} must be an object, not ${typeOf(raw)}`);
    }
    const op = raw as Record<string, unknown>;
    if (!(OPS as readonly unknown[]).includes(op.op)) {
      throw badPatch(`operation ${i} has op ${JSON.stringify(op.op) ?? 'missing'}; use one of ${OPS.join(', ')}`);
    }
    const needs = ['path', ...(op.op === 'move' || op.op === 'copy' ? ['from'] : [])];
    for (const key of needs) {
      if (typeof op[key] !== 'string') throw badPatch(`operation ${i} (${String(op.op)}) needs "${key}", a string`);
      pointer(op[key] as string, i);
    }
    if (['add', 'replace', 'test'].includes(op.op as string) && !Object.hasOwn(op, 'value')) {
      throw badPatch(`operation ${i} (${String(op.op)}) needs "value"`);
    }
    return op as unknown as JsonPatchOp;
  });
}

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

/** RFC 6901: "" is the whole document; each token unescapes ~1 to "/" and then ~0 to "~". */
function pointer(path: string, i: number): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw badPatch(`operation ${i}'s path "${path}" must start with "/"`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function cannotApply(i: number, op: JsonPatchOp, why: string): ApiFailure {
  return new ApiFailure('Invalid', `JSON Patch operation ${i} (${op.op} ${op.path}) cannot apply: ${why}`, {
    details: { causes: [{ field: 'patch', reason: 'FieldValueInvalid', message: why }] },
    fix: 'Read the object again and build the patch against what it holds now.',
  });
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(arr: unknown[], token: string, forAdd: boolean): number | null {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return null;
  const n = Number(token);
  return n < arr.length || (forAdd && n === arr.length) ? n : null;
}

/** The container holding the pointer's last token, or a reason it does not exist. */
function parentOf(doc: unknown, tokens: string[]): Container | string {
  let at: unknown = doc;
  for (const [depth, token] of tokens.slice(0, -1).entries()) {
    const where = `/${tokens.slice(0, depth + 1).join('/')}`;
    if (Array.isArray(at)) {
      const n = arrayIndex(at, token, false);
      if (n === null) return `${where} does not exist`;
      at = at[n];
    } else if (isContainer(at) && Object.hasOwn(at, token)) at = (at as Record<string, unknown>)[token];
    else return `${where} does not exist`;
  }
  return isContainer(at) ? at : `the parent of the path is not an object or array`;
}

function get(doc: unknown, tokens: string[]): { found: boolean; value?: unknown } {
  if (tokens.length === 0) return { found: true, value: doc };
  const parent = parentOf(doc, tokens);
  if (typeof parent === 'string') return { found: false };
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(parent)) {
    const n = arrayIndex(parent, last, false);
    return n === null ? { found: false } : { found: true, value: parent[n] };
  }
  return Object.hasOwn(parent, last) ? { found: true, value: parent[last] } : { found: false };
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  }
  if (!isContainer(a) || !isContainer(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k as never], b[k as never]));
}

/** Applies the operations to a copy of `doc`; 422 Invalid names the first that cannot apply. */
export function applyJsonPatch(doc: unknown, ops: JsonPatchOp[]): unknown {
  let out: unknown = structuredClone(doc);
  ops.forEach((op, i) => {
    const tokens = pointer(op.path, i);
    const fail = (why: string) => cannotApply(i, op, why);
    const insert = (value: unknown) => {
      if (tokens.length === 0) return void (out = value);
      const parent = parentOf(out, tokens);
      if (typeof parent === 'string') throw fail(parent);
      const last = tokens[tokens.length - 1]!;
      if (Array.isArray(parent)) {
        const n = arrayIndex(parent, last, true);
        if (n === null) throw fail(`index "${last}" is out of range (the array has ${parent.length} items)`);
        parent.splice(n, 0, value);
      } else setField(parent, last, value);
    };
    const remove = (): unknown => {
      const found = get(out, tokens);
      if (!found.found) throw fail(`${op.path} does not exist`);
      if (tokens.length === 0) throw fail('the whole object cannot be removed');
      const parent = parentOf(out, tokens) as Container;
      const last = tokens[tokens.length - 1]!;
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      return found.value;
    };
    switch (op.op) {
      case 'add':
        return insert(structuredClone(op.value));
      case 'remove':
        return void remove();
      case 'replace':
        remove();
        return insert(structuredClone(op.value));
      case 'move': {
        if (op.path.startsWith(`${op.from}/`)) throw fail(`cannot move ${op.from} into its own child`);
        const from = get(out, pointer(op.from!, i));
        if (!from.found) throw fail(`from ${op.from} does not exist`);
        const moved = applyJsonPatch(out, [{ op: 'remove', path: op.from! }]);
        out = applyJsonPatch(moved, [{ op: 'add', path: op.path, value: from.value }]);
        return;
      }
      case 'copy': {
        const from = get(out, pointer(op.from!, i));
        if (!from.found) throw fail(`from ${op.from} does not exist`);
        return insert(structuredClone(from.value));
      }
      case 'test': {
        const found = get(out, tokens);
        if (!found.found) throw fail(`test failed: ${op.path} does not exist`);
        if (!equal(found.value, op.value)) {
          throw fail(`test failed: ${op.path} is ${JSON.stringify(found.value)}, not ${JSON.stringify(op.value)}`);
        }
        return;
      }
    }
  });
  return out;
}

export interface JsonPatchRequest extends WriteRequest {
  name: string;
  ops: JsonPatchOp[];
}

/** Patches the stored object, then admits the result as an update; a changed resourceVersion is a precondition. */
export function jsonPatchObject(state: MockState, req: JsonPatchRequest): Reply {
  const { kind, namespace, name } = req;
  const existing = state.store.get(kind.plural, namespace, name);
  if (!existing) throw notFound(kind, namespace, name);
  const patched = applyJsonPatch(existing, req.ops);
  if (!isContainer(patched) || Array.isArray(patched)) {
    throw new ApiFailure('Invalid', 'the patched object must be a JSON object', {
      details: { causes: [{ field: 'patch', reason: 'FieldValueInvalid', message: 'the result is not an object' }] },
    });
  }
  const meta = isContainer(patched.metadata) && !Array.isArray(patched.metadata) ? patched.metadata : {};
  const rv = (meta as Record<string, unknown>).resourceVersion;
  if (rv !== undefined && rv !== null && String(rv) !== existing.metadata.resourceVersion) throw conflict(kind, name);
  // Status is the server's: a patch to it is ignored, as with a merge patch.
  const { status: _status, ...body } = patched;
  const metadata = { ...meta, resourceVersion: existing.metadata.resourceVersion };
  return updateObject(state, { ...req, body: { ...body, metadata }, preconditionChecked: true });
}
