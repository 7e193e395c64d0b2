/**
 * A small OpenAPI v3 schema subset that is, at once, what the mock validates with, where defaults come from,
 * and what /openapi/v3 publishes. One source, so the console's editor, kubectl explain and the server agree.
 */
import type { StatusCause } from '@/shared/protocol.ts';
import { closestName } from '@/shared/closest-name.ts';
import { MAX_CAUSES } from '../http/errors.ts';

export type Mutability = 'any' | 'raise-only';

export interface Schema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: readonly (string | number)[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  /** Set on fields that may change after create. */
  'x-nodus-mutable'?: Mutability;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[];
  'x-nodus-mutable-fields'?: string[];
}

export type UnknownFieldMode = 'Strict' | 'Warn' | 'Ignore';

export interface ValidationResult {
  value: unknown;
  causes: StatusCause[];
  /** Unknown fields dropped under Warn or Ignore. */
  warnings: string[];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function cloneDefault(value: unknown): unknown {
  return value === undefined ? undefined : structuredClone(value);
}

/**
 * Checks `value` against `schema`, filling in defaults. Returns the defaulted value (a new object; the input
 * is not changed) and one cause per problem, each naming its field path.
 */
export function validate(
  schema: Schema,
  value: unknown,
  path: string,
  mode: UnknownFieldMode = 'Strict',
): ValidationResult {
  const causes: StatusCause[] = [];
  const warnings: string[] = [];
  const result = walk(schema, value, path, mode, causes, warnings);
  return { value: result, causes, warnings };
}

function walk(
  schema: Schema,
  value: unknown,
  path: string,
  mode: UnknownFieldMode,
  causes: StatusCause[],
  warnings: string[],
): unknown {
  if (schema['x-kubernetes-preserve-unknown-fields'] && schema.type === undefined) return value;
  const actual = typeOf(value);
  const expected = schema.type;
  if (expected && actual !== expected && !(expected === 'number' && actual === 'integer')) {
    causes.push({
      field: path,
      reason: 'FieldValueTypeInvalid',
      message: `must be of type ${expected}, not ${actual} (${describe(value)})`,
    });
    return value;
  }
  if (schema.enum && !schema.enum.includes(value as string | number)) {
    causes.push({
      field: path,
      reason: 'FieldValueNotSupported',
      message: `${describe(value)} is not supported; use one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`,
    });
  }
  switch (actual) {
    case 'string':
      checkString(schema, value as string, path, causes);
      return value;
    case 'integer':
    case 'number':
      checkNumber(schema, value as number, path, causes);
      return value;
    case 'array':
      return walkArray(schema, value as unknown[], path, mode, causes, warnings);
    case 'object':
      return walkObject(schema, value as Record<string, unknown>, path, mode, causes, warnings);
    default:
      return value;
  }
}

function checkString(schema: Schema, value: string, path: string, causes: StatusCause[]): void {
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    causes.push({
      field: path,
      reason: 'FieldValueInvalid',
      message: `must be at least ${schema.minLength} characters`,
    });
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    causes.push({
      field: path,
      reason: 'FieldValueTooLong',
      message: `must be at most ${schema.maxLength} characters, not ${value.length}`,
    });
  }
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
    const hint =
      schema.example !== undefined
        ? `a value such as ${JSON.stringify(schema.example)}`
        : `a match for ${schema.pattern}`;
    causes.push({
      field: path,
      reason: 'FieldValueInvalid',
      message: `${describe(value)} is not valid: expected ${hint}`,
    });
  }
}

function checkNumber(schema: Schema, value: number, path: string, causes: StatusCause[]): void {
  if (schema.minimum !== undefined && value < schema.minimum) {
    causes.push({
      field: path,
      reason: 'FieldValueInvalid',
      message: `must be at least ${schema.minimum}, not ${value}`,
    });
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    causes.push({
      field: path,
      reason: 'FieldValueInvalid',
      message: `must be at most ${schema.maximum}, not ${value}`,
    });
  }
}

function walkArray(
  schema: Schema,
  value: unknown[],
  path: string,
  mode: UnknownFieldMode,
  causes: StatusCause[],
  warnings: string[],
): unknown[] {
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    causes.push({
      field: path,
      reason: 'FieldValueRequired',
      message: `must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`,
    });
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    causes.push({
      field: path,
      reason: 'FieldValueTooMany',
      message: `must have at most ${schema.maxItems} items, not ${value.length}`,
    });
  }
  const items = schema.items;
  return items ? value.map((item, i) => walk(items, item, `${path}[${i}]`, mode, causes, warnings)) : [...value];
}

function walkObject(
  schema: Schema,
  value: Record<string, unknown>,
  path: string,
  mode: UnknownFieldMode,
  causes: StatusCause[],
  warnings: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = schema.properties ?? {};
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    // Own properties only: "toString" or "constructor" in a body is an unknown field, not Object.prototype's.
    const childSchema =
      (Object.hasOwn(props, key) ? props[key] : undefined) ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (childSchema) {
      if (child === null) continue; // null clears a field, as merge patches do
      setField(out, key, walk(childSchema, child, childPath, mode, causes, warnings));
    } else if (schema.additionalProperties === true || schema['x-kubernetes-preserve-unknown-fields']) {
      setField(out, key, child);
    } else if (mode === 'Strict') {
      // Only the causes a Status will show get a suggestion (errors.ts); 50,000 unknown keys need no 50,000.
      const hint = causes.length < MAX_CAUSES ? suggest(key, Object.keys(props)) : '';
      causes.push({ field: childPath, reason: 'FieldValueUnknown', message: `unknown field "${key}"${hint}` });
    } else {
      if (mode === 'Warn') warnings.push(`unknown field "${childPath}"`);
    }
  }
  for (const name of schema.required ?? []) {
    if (out[name] === undefined) {
      causes.push({ field: path ? `${path}.${name}` : name, reason: 'FieldValueRequired', message: 'is required' });
    }
  }
  for (const [key, child] of Object.entries(props)) {
    if (out[key] === undefined && child.default !== undefined) out[key] = cloneDefault(child.default);
    else if (out[key] === undefined && child.type === 'object' && child.properties && hasNestedDefaults(child)) {
      out[key] = walk(child, {}, path ? `${path}.${key}` : key, mode, causes, warnings);
    }
  }
  return out;
}

/** `out[key] = value`, except that a key "__proto__" (JSON.parse makes it an own key) stays a key, not a prototype. */
export function setField(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function hasNestedDefaults(schema: Schema): boolean {
  return Object.values(schema.properties ?? {}).some((p) => p.default !== undefined);
}

/** "did you mean" for a mistyped field name, by edit distance. */
function suggest(key: string, known: string[]): string {
  const best = closestName(key, known);
  return best ? `; did you mean "${best}"?` : known.length ? `; known fields: ${known.join(', ')}` : '';
}

/** Dotted paths of every field marked mutable, e.g. `spec.state`. */
export function mutablePaths(schema: Schema, prefix: string): { path: string; rule: 'any' | 'raise-only' }[] {
  const out: { path: string; rule: 'any' | 'raise-only' }[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}.${key}`;
    const rule = child['x-nodus-mutable'];
    if (rule) out.push({ path, rule });
    else out.push(...mutablePaths(child, path));
  }
  return out;
}
