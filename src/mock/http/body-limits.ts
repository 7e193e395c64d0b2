/**
 * What a parsed body must be before any handler walks it: text that is UTF-8 (not silently patched with U+FFFD),
 * no deeper than MAX_DEPTH, and free of cycles (a YAML alias inside its own anchor makes one). Validation, merge
 * patches, fingerprints and JSON.stringify all recurse, so a 10,000-deep body would otherwise overflow the stack
 * of whichever ran first, and a cycle would never end.
 */
import { isUtf8 } from 'node:buffer';
import { CST, isScalar, Lexer, visit, type Document } from 'yaml';
import { ApiFailure } from './errors.ts';

/** No object of this API nests past a dozen levels; this leaves room and keeps every recursion shallow. */
export const MAX_DEPTH = 100;

function lineColumnOf(text: string): { line: number; column: number } {
  const lines = text.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** Where the first byte that cannot start or continue a UTF-8 character is. */
function firstInvalidByte(raw: Buffer): number {
  let i = 0;
  while (i < raw.length) {
    const b = raw[i]!;
    const extra =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (extra < 0 || (extra > 0 && !isUtf8(raw.subarray(i, i + extra + 1)))) return i;
    i += extra + 1;
  }
  return raw.length;
}

/** The body as text; a leading byte order mark is dropped (editors on Windows write one). */
export function decodeUtf8(raw: Buffer): string {
  if (!isUtf8(raw)) {
    const at = firstInvalidByte(raw);
    const where = lineColumnOf(raw.subarray(0, at).toString('utf8'));
    const byte = raw[at] === undefined ? 'the end' : `byte 0x${raw[at].toString(16).padStart(2, '0')}`;
    throw new ApiFailure(
      'BadRequest',
      `the request body is not valid UTF-8: ${byte} at line ${where.line}, column ${where.column} (offset ${at})`,
      {
        fix: 'Send the body encoded as UTF-8 (re-save the file as UTF-8, or escape other characters as \\uXXXX in JSON).',
      },
    );
  }
  const text = raw.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function tooDeep(): ApiFailure {
  return new ApiFailure('BadRequest', `the request body nests more than ${MAX_DEPTH} levels deep`, {
    fix: `Flatten the body: objects of this API nest a few levels, never more than ${MAX_DEPTH}.`,
  });
}

/**
 * Refuses a parsed body that is too deep or refers to itself. Iterative, since the point is not to recurse; nodes
 * shared through YAML aliases are measured once.
 */
export function checkShape(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const heights = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: { node: object; exit: boolean }[] = [{ node: value, exit: false }];
  while (stack.length > 0) {
    const { node, exit } = stack.pop()!;
    const children = Object.values(node).filter((c): c is object => typeof c === 'object' && c !== null);
    if (exit) {
      const height = 1 + children.reduce((max, c) => Math.max(max, heights.get(c) ?? 0), 0);
      if (height > MAX_DEPTH) throw tooDeep();
      heights.set(node, height);
      onPath.delete(node);
      continue;
    }
    if (heights.has(node)) continue;
    if (onPath.has(node)) {
      throw new ApiFailure('BadRequest', 'the request body refers to itself (a YAML alias inside its own anchor)', {
        fix: 'Use an alias (*name) only after its anchor (&name) has ended.',
      });
    }
    if (onPath.size >= MAX_DEPTH) throw tooDeep();
    onPath.add(node);
    stack.push({ node, exit: true });
    for (const child of children) stack.push({ node: child, exit: false });
  }
}

/**
 * The yaml parser recurses once per level of nesting and overflows the stack at about 840 levels of flow
 * collections (fewer under a deep call stack). An overflow there is worse than an error: 10 KB of "- - - …" has
 * ended the whole process with a fatal V8 error (a regular expression compiled with no stack left), and 400 KB of
 * "[[[…" keeps it busy for seconds. So the depth is bounded before parsing, with the library's own lexer (which
 * does not recurse): flow collections open, plus the columns of indentation and the indicators ("-", "?", ":")
 * of the deepest line. No real document comes near it; checkShape then holds the parsed value to MAX_DEPTH.
 */
export const MAX_YAML_NESTING = 400;
/** Parsing costs about 8 µs an alias, and more than 100 uses of one anchor fail at toJS anyway (the alias budget). */
export const MAX_YAML_ALIASES = 1000;
/**
 * The parser builds a syntax tree of about 1.7 KB and 10 µs per node: 1 MiB of "- a" lines (260,000 nodes) took
 * 2.7 s and 210 MB, where the same data as JSON takes milliseconds. The largest object of this API is a few
 * thousand nodes; 20,000 parse in about 150 ms. JSON has no such bound.
 */
export const MAX_YAML_NODES = 20_000;

interface YamlCounts {
  nesting: number;
  aliases: number;
  nodes: number;
}

/**
 * Upper bounds from the characters alone: brackets anywhere, the longest run of indentation and indicators, and
 * nodes (every scalar or collection follows a separator: a line break, ",", ":", "-", "?", "[" or "{").
 */
function cheapYamlCounts(text: string): YamlCounts {
  let opens = 0;
  let stars = 0;
  let separators = 0;
  let lead = 0;
  let atStart = true;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) opens++;
    else if (c === 0x2a) stars++;
    if (c === 0x0a || c === 0x2c || c === 0x3a || c === 0x2d || c === 0x3f || c === 0x5b || c === 0x7b) separators++;
    if (c === 0x0a) {
      atStart = true;
      run = 0;
    } else if (atStart && (c === 0x20 || c === 0x09 || c === 0x2d || c === 0x3f || c === 0x3a)) {
      lead = Math.max(lead, ++run);
    } else atStart = false;
  }
  return { nesting: opens + lead + 2, aliases: stars, nodes: 2 * (separators + 1) };
}

function lexedYamlCounts(text: string): YamlCounts {
  let flow = 0;
  let indent = 0;
  let indicators = 0;
  let atLineStart = true;
  let scalarSource = false;
  const counts = { nesting: 0, aliases: 0, nodes: 0 };
  for (const token of new Lexer().lex(text)) {
    if (scalarSource) {
      // The token after a scalar marker is the scalar's own text (a block scalar's lines look like indentation).
      scalarSource = false;
      atLineStart = false;
      continue;
    }
    switch (CST.tokenType(token)) {
      case 'scalar':
        scalarSource = true;
        counts.nodes++;
        break;
      case 'newline':
        atLineStart = true;
        indent = 0;
        indicators = 0;
        break;
      case 'space':
        if (atLineStart) indent = /^[ \t]*/.exec(token)![0].length;
        break;
      case 'alias':
        counts.aliases++;
        atLineStart = false;
        break;
      case 'seq-item-ind':
      case 'explicit-key-ind':
      case 'map-value-ind':
        // Inside brackets these nest nothing: "[{a: 1}, {a: 1}, ...]" is two levels however long the line.
        if (flow === 0) indicators++;
        if (token === '-') counts.nodes++;
        atLineStart = false;
        break;
      case 'flow-seq-start':
      case 'flow-map-start':
        flow++;
        counts.nodes++;
        atLineStart = false;
        break;
      case 'flow-seq-end':
      case 'flow-map-end':
        flow = Math.max(0, flow - 1);
        break;
      default:
        atLineStart = false;
    }
    counts.nesting = Math.max(counts.nesting, flow + indent + indicators + 1);
    // Enough to refuse: lexing the rest would be wasted work.
    if (counts.nesting > MAX_YAML_NESTING || counts.aliases > MAX_YAML_ALIASES || counts.nodes > MAX_YAML_NODES) break;
  }
  return counts;
}

/** Refuses YAML the parser would choke on, before it is parsed. */
export function checkYamlLimits(text: string): void {
  const cheap = cheapYamlCounts(text);
  // Most bodies are small and shallow: the lexer runs only where the cheap count cannot rule a problem out.
  if (cheap.nesting <= MAX_YAML_NESTING && cheap.aliases <= MAX_YAML_ALIASES && cheap.nodes <= MAX_YAML_NODES) return;
  const counts = lexedYamlCounts(text);
  if (counts.nesting > MAX_YAML_NESTING) {
    throw new ApiFailure(
      'BadRequest',
      `the request body's YAML nests too deeply (over ${MAX_YAML_NESTING} levels of brackets, indentation and indicators)`,
      {
        fix: `Flatten the body: objects of this API nest a few levels, never more than ${MAX_DEPTH}.`,
      },
    );
  }
  if (counts.nodes > MAX_YAML_NODES) {
    throw new ApiFailure(
      'BadRequest',
      `the request body's YAML has more than ${MAX_YAML_NODES} nodes (keys, values and collections)`,
      {
        fix: 'Send the body as JSON (Content-Type: application/json), which has no such limit, or split the data up.',
      },
    );
  }
  if (counts.aliases > MAX_YAML_ALIASES) {
    throw new ApiFailure('BadRequest', `the request body's YAML uses more than ${MAX_YAML_ALIASES} aliases (*name)`, {
      fix: 'Write the values out, or use fewer aliases.',
    });
  }
}

/**
 * The first key that a YAML mapping repeats. The yaml library can check this itself (uniqueKeys), but compares
 * every key with every other, quadratic in a hostile body's keys (docs/PERFORMANCE.md). A set per mapping is linear.
 * Keys are equal as yaml's own check has them: the same scalar value; collection keys never.
 */
export function firstDuplicateKey(doc: Document): { key: string; offset: number } | undefined {
  let found: { key: string; offset: number } | undefined;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) {
          found = { key: String(pair.key.value), offset: pair.key.range?.[0] ?? 0 };
          return visit.BREAK;
        }
        seen.add(pair.key.value);
      }
      return undefined;
    },
  });
  return found;
}
