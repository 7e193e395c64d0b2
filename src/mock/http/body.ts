/**
 * Reading request bodies: at most 1 MiB of UTF-8, JSON or YAML by Content-Type, at most MAX_DEPTH deep, and parse
 * errors that say where.
 */
import type { IncomingMessage } from 'node:http';
import { parseDocument } from 'yaml';
import { checkShape, checkYamlLimits, decodeUtf8, firstDuplicateKey, MAX_DEPTH } from './body-limits.ts';
import { ApiFailure, clip } from './errors.ts';
import { findJsonProblem } from './json-position.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge(declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw tooLarge(size);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function tooLarge(size: number): ApiFailure {
  return new ApiFailure(
    'RequestEntityTooLarge',
    `the request body is ${size} bytes or more; the API accepts at most 1 MiB (${MAX_BODY_BYTES} bytes)`,
    {
      fix: 'Send a smaller body: objects are at most 1 MiB; put large data in a Volume.',
    },
  );
}

export type BodyFormat = 'json' | 'yaml';

export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The charset parameter of the Content-Type, unquoted; undefined when there is none. */
function charsetOf(req: IncomingMessage): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";]*)\1/i.exec(req.headers['content-type'] ?? '');
  return match ? match[2]!.trim() : undefined;
}

/** Where in the text an offset falls, 1-based. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = findJsonProblem(text) ?? { offset: 0, message: (error as Error).message };
    const where = lineColumn(text, problem.offset);
    throw new ApiFailure(
      'BadRequest',
      `the request body is not valid JSON: ${problem.message} at line ${where.line}, column ${where.column}`,
      {
        fix: 'Fix the JSON at the position given and send it again.',
      },
    );
  }
}

/** JSON is YAML: a body that is JSON is read as JSON, at JSON's cost (the YAML parser takes 50 times longer). */
function asJson(text: string): { value: unknown } | undefined {
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

export function parseYaml(text: string): unknown {
  const json = asJson(text);
  if (json) return json.value;
  checkYamlLimits(text);
  // logLevel: what a client sends must not write to the server's log (yaml warns of collection keys, for one).
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
  const error = doc.errors[0];
  const duplicate = error ? undefined : firstDuplicateKey(doc);
  if (duplicate) {
    const where = lineColumn(text, duplicate.offset);
    throw new ApiFailure(
      'BadRequest',
      `the request body is not valid YAML: Map keys must be unique ("${clip(duplicate.key, 100)}" again) at line ${where.line}, column ${where.column}`,
      {
        fix: 'Fix the YAML at the position given and send it again.',
      },
    );
  }
  if (error) {
    const pos = error.linePos?.[0];
    const where = pos ? { line: pos.line, column: pos.col } : lineColumn(text, error.pos[0]);
    const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
    // The parser recurses; what overflowed it is nesting, which the client can fix once told so.
    const detail = /call stack/i.test(first) ? `it nests more than ${MAX_DEPTH} levels deep` : first;
    throw new ApiFailure(
      'BadRequest',
      `the request body is not valid YAML: ${detail} at line ${where.line}, column ${where.column}`,
      {
        fix: 'Fix the YAML at the position given and send it again.',
      },
    );
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    // The alias budget ("billion laughs"): yaml throws rather than expanding exponentially.
    throw new ApiFailure('BadRequest', `the request body's YAML aliases expand too far (${(cause as Error).message})`, {
      fix: 'Write the values out, or use fewer aliases (*name) of large anchors (&name).',
    });
  }
}

/**
 * Reads and parses a body whose media type must be one of `accepted`. JSON and YAML parse;
 * anything else gets 415 naming what this operation takes.
 */
export async function readBody(
  req: IncomingMessage,
  accepted: readonly string[],
): Promise<{ value: unknown; type: string }> {
  const type = mediaType(req);
  const raw = await readRaw(req);
  if (!accepted.includes(type)) {
    throw new ApiFailure(
      'UnsupportedMediaType',
      `the body's Content-Type "${type || '(none)'}" is not supported here; send one of: ${accepted.join(', ')}`,
      {
        fix: `Set Content-Type to ${accepted[0]}.`,
      },
    );
  }
  const charset = charsetOf(req);
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new ApiFailure(
      'UnsupportedMediaType',
      `the body's charset "${charset.slice(0, 40)}" is not supported: JSON and YAML bodies are UTF-8`,
      { fix: `Send the body as UTF-8, with Content-Type ${type} (or ${type}; charset=utf-8).` },
    );
  }
  const text = decodeUtf8(raw);
  const value = type.endsWith('yaml') ? parseYaml(text) : parseJson(text);
  checkShape(value);
  return { value, type };
}

export function requireObject(value: unknown, what = 'the request body'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure(
      'BadRequest',
      `${what} must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}
