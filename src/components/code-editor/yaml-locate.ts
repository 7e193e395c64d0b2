/**
 * Where things are in a YAML text, for editor markers: the line and column range of a field path named by an
 * API Status cause (`spec.maxCostUSD`, `metadata.labels[app.kubernetes.io/name]`, `spec.env[0].value`), and the
 * parse problems of a text with their positions. Framework-free (only the `yaml` package); lines and columns
 * count from 1, as Monaco's do.
 * May import: libraries only.
 */
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  parseDocument,
  type Node,
  type Pair,
} from 'yaml';

export interface TextRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export interface FieldLocation extends TextRange {
  /** False when the field itself is not in the text (a required field left out): the range is its nearest parent. */
  exact: boolean;
  /** The part of the path that was found, e.g. `spec` for a missing `spec.image`. */
  foundPath: string;
}

export type PathSegment = string | number;

/**
 * Splits a cause's field path. Dots separate keys, `[n]` is a list index, `[key]` (optionally quoted) a map key
 * that may itself hold dots or slashes (label keys).
 */
export function parseFieldPath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let i = 0;
  let current = '';
  const flush = () => {
    if (current !== '') segments.push(current);
    current = '';
  };
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      flush();
      i++;
    } else if (ch === '[') {
      flush();
      const close = path.indexOf(']', i);
      if (close < 0) {
        current = path.slice(i);
        break;
      }
      let inner = path.slice(i + 1, close);
      if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else {
        if ((inner.startsWith('"') && inner.endsWith('"')) || (inner.startsWith("'") && inner.endsWith("'")))
          inner = inner.slice(1, -1);
        segments.push(inner);
      }
      i = close + 1;
    } else {
      current += ch;
      i++;
    }
  }
  flush();
  return segments;
}

function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function keyText(pair: Pair<unknown, unknown>): string | undefined {
  const key = pair.key;
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function nodeRange(node: unknown): [number, number] | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? [range[0], range[1]] : undefined;
}

/** Ranges the parser reported, as offsets: what a found step covers in the text. */
interface Step {
  keyRange?: [number, number];
  valueRange?: [number, number];
  scalar: boolean;
}

/**
 * The range of `path` in the first document of `text`: `key: value` for a scalar, the key for a map or a list,
 * the item for a list element. A field not in the text gives its nearest parent's key (or the document's
 * first line), with `exact: false`, so a "required" cause still lands somewhere sensible.
 */
export function locateField(text: string, path: string | readonly PathSegment[]): FieldLocation {
  const segments = typeof path === 'string' ? parseFieldPath(path) : [...path];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
  let node: unknown = doc.contents;
  let last: Step | undefined;
  let found = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    let next: Step | undefined;
    if (isMap(node)) {
      const map = node;
      // A map key may itself contain dots (`a.b/c` labels written as dotted paths): try the longest join first.
      for (let j = segments.length; j > i && !next; j--) {
        const joined = segments.slice(i, j);
        if (joined.some((s) => typeof s === 'number')) continue;
        const want = joined.join('.');
        const pair = map.items.find((p) => isPair(p) && keyText(p) === want);
        if (pair) {
          next = {
            keyRange: nodeRange(pair.key),
            valueRange: nodeRange(pair.value),
            scalar: isScalar(pair.value) || pair.value === null,
          };
          node = pair.value;
          i = j - 1;
        }
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment];
      if (item !== undefined) {
        next = { valueRange: nodeRange(item), scalar: isScalar(item) };
        node = item;
      }
    }
    if (!next) break;
    last = next;
    found = i + 1;
  }
  const exact = found === segments.length && last !== undefined;
  const foundPath = formatPath(segments.slice(0, found));
  if (!last) {
    const firstLine = lineCounter.linePos(0);
    const lineEnd = text.indexOf('\n');
    return {
      startLineNumber: firstLine.line,
      startColumn: 1,
      endLineNumber: firstLine.line,
      endColumn: (lineEnd < 0 ? text.length : lineEnd) + 1,
      exact: segments.length === 0,
      foundPath,
    };
  }
  let start: number;
  let end: number;
  if (last.keyRange && (!exact || !last.scalar || !last.valueRange)) [start, end] = last.keyRange;
  else if (last.keyRange && last.valueRange) [start, end] = [last.keyRange[0], last.valueRange[1]];
  else [start, end] = last.valueRange ?? [0, 0];
  // A block value's range runs to the next line; a marker should stay on the line where it starts.
  const firstNewline = text.indexOf('\n', start);
  if (firstNewline >= 0 && firstNewline < end) end = firstNewline;
  const s = lineCounter.linePos(start);
  const e = lineCounter.linePos(Math.max(start, end));
  return {
    startLineNumber: s.line,
    startColumn: s.col,
    endLineNumber: e.line,
    endColumn: Math.max(e.col, s.col + 1),
    exact,
    foundPath,
  };
}

/**
 * The path of the field at a position (lines and columns from 1), named as the API names fields
 * (`spec.env[0].name`); undefined outside any field. Says which field a message of the editor's schema check is about.
 */
export function fieldPathAt(text: string, line: number, column: number): string | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  const offset = (lineCounter.lineStarts[line - 1] ?? text.length) + column - 1;
  const covers = (from: unknown, to: unknown) => {
    const start = nodeRange(from)?.[0];
    const end = nodeRange(to)?.[1] ?? nodeRange(from)?.[1];
    return start !== undefined && end !== undefined && offset >= start && offset <= end;
  };
  const segments: PathSegment[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && covers(p.key, p.value));
      const key = pair ? keyText(pair) : undefined;
      if (!pair || key === undefined) break;
      segments.push(key);
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => covers(item, item));
      if (index < 0) break;
      segments.push(index);
      node = node.items[index];
    } else break;
  }
  return segments.length ? formatPath(segments) : undefined;
}

export interface YamlProblem extends TextRange {
  message: string;
  severity: 'error' | 'warning';
  /** The parser's code (e.g. BAD_INDENT), or `MULTIPLE_DOCUMENTS` / `EMPTY`. */
  code: string;
}

/** Syntax errors and warnings of `text`, with positions; several documents or an empty text are problems too. */
export function yamlProblems(text: string): YamlProblem[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const problems: YamlProblem[] = [];
  const list = Array.isArray(docs) ? docs : [];
  const at = (offset: number) => lineCounter.linePos(Math.min(Math.max(0, offset), text.length));
  for (const doc of list) {
    for (const [items, severity] of [
      [doc.errors, 'error'],
      [doc.warnings, 'warning'],
    ] as const) {
      for (const err of items) {
        const s = at(err.pos[0]);
        const e = at(Math.max(err.pos[1], err.pos[0] + 1));
        problems.push({
          startLineNumber: s.line,
          startColumn: s.col,
          endLineNumber: e.line,
          endColumn: e.line === s.line ? Math.max(e.col, s.col + 1) : e.col,
          // The parser's first line is the message; later lines repeat the source, which the editor shows itself.
          message: (err.message.split('\n')[0] ?? err.message).replace(/ at line \d+, column \d+:?$/, ''),
          severity,
          code: err.code,
        });
      }
    }
  }
  // A trailing `---` leaves an empty document (a null scalar): not a second object.
  const withContent = list.filter(
    (d) => d.contents !== null && !(isScalar(d.contents) && d.contents.value === null && !d.contents.source),
  );
  if (withContent.length > 1) {
    const second = withContent[1];
    const offset = second?.range[0] ?? 0;
    const s = at(offset);
    problems.push({
      startLineNumber: s.line,
      startColumn: 1,
      endLineNumber: s.line,
      endColumn: s.col + 1,
      message: `This text holds ${withContent.length} documents; write one object at a time (remove the "---" and what follows)`,
      severity: 'error',
      code: 'MULTIPLE_DOCUMENTS',
    });
  }
  if (withContent.length === 0 && !problems.some((p) => p.severity === 'error')) {
    problems.push({
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 2,
      message: 'The text is empty: write one object in YAML',
      severity: 'error',
      code: 'EMPTY',
    });
  }
  return problems;
}
