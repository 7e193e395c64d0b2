/**
 * The request being written: its body checked as JSON (with where it breaks) and, when the Function has a
 * spec.requestSchema, against that schema (the parts of JSON Schema such schemas use: type, required, properties,
 * items, enum and bounds); its extra headers checked as HTTP would take them.
 */
import { findJsonProblem } from '@/shared/json-position.ts';

export type JsonSchema = Record<string, unknown>;

export interface HeaderRow {
  name: string;
  value: string;
}

export type BodyCheck =
  { ok: true; value: unknown; empty: boolean } | { ok: false; message: string; line: number; column: number };

/** Line and column (from 1) of an offset in the text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

export function checkJson(text: string): BodyCheck {
  if (text.trim() === '') return { ok: true, value: undefined, empty: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, empty: false };
  } catch (error) {
    // JSON.parse rarely says where; the scanner does, and says what it expected there.
    const problem = findJsonProblem(text) ?? {
      offset: text.length,
      message: error instanceof Error ? error.message : String(error),
    };
    return { ok: false, message: problem.message, ...lineColumnAt(text, problem.offset) };
  }
}

const MAX_PROBLEMS = 20;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(want: unknown, value: unknown): boolean {
  const types = Array.isArray(want) ? want : [want];
  const got = typeOf(value);
  return types.some((t) => t === got || (t === 'number' && got === 'integer'));
}

function at(path: string): string {
  return path === '' ? 'The body' : path;
}

/** What the value lacks to fit the schema, as "field: problem" lines; empty when it fits. */
export function schemaProblems(value: unknown, schema: JsonSchema, path = '', depth = 0): string[] {
  const out: string[] = [];
  if (depth > 32) return out;
  if (schema.type !== undefined && !typeMatches(schema.type, value)) {
    const want = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type);
    return [`${at(path)}: must be ${/^[aeiou]/.test(want) ? 'an' : 'a'} ${want}, not ${typeOf(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    out.push(`${at(path)}: must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      out.push(`${at(path)}: must be at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      out.push(`${at(path)}: must be at most ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      out.push(`${at(path)}: must be at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      out.push(`${at(path)}: must be at most ${schema.maxLength} characters`);
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : [])
      if (!(key in obj)) out.push(`${path ? `${path}.` : ''}${key}: is required`);
    for (const [key, child] of Object.entries(obj)) {
      const childPath = path ? `${path}.${key}` : key;
      if (props[key]) out.push(...schemaProblems(child, props[key], childPath, depth + 1));
      else if (schema.additionalProperties === false) out.push(`${childPath}: is not a field of this request`);
    }
  }
  if (Array.isArray(value) && typeof schema.items === 'object' && schema.items !== null)
    value.forEach((item, i) =>
      out.push(...schemaProblems(item, schema.items as JsonSchema, `${path}[${i}]`, depth + 1)),
    );
  return out.slice(0, MAX_PROBLEMS);
}

/** A body that fits the schema's shape, from its defaults and examples: where to start writing a request. */
export function exampleFrom(schema: JsonSchema, depth = 0): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 8) return out;
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
        out[key] = exampleFrom(child, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// The API's key and the transport's own headers are the console's to set, never the request's.
const RESERVED = new Set(['authorization', 'host', 'content-length', 'cookie', 'connection', 'transfer-encoding']);

export interface HeadersCheck {
  headers: Record<string, string>;
  contentType: string;
  problems: string[];
}

/** The rows the person filled in, as headers; blank rows are ignored; Content-Type is taken apart. */
export function checkHeaders(rows: readonly HeaderRow[]): HeadersCheck {
  const headers: Record<string, string> = {};
  const problems: string[] = [];
  let contentType = 'application/json';
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '') continue;
    if (!TOKEN.test(name)) problems.push(`"${name}" is not a header name (letters, digits and - only)`);
    else if (RESERVED.has(name.toLowerCase())) problems.push(`${name} is set by the console and cannot be sent`);
    else if (/[\r\n]/.test(row.value)) problems.push(`${name}: a value cannot span lines`);
    else if (name.toLowerCase() === 'content-type') contentType = row.value.trim();
    else headers[name] = row.value;
  }
  return { headers, contentType, problems };
}
