/**
 * Fields a kind's schema does not know, found in a YAML text as the API finds them: under a mapping whose schema
 * lists its properties (and neither allows other keys nor keeps unknown fields), any other key is refused with
 * FieldValueUnknown. Each becomes a marker on the key, with its path, a sentence, and the known name it is
 * closest to. monaco-yaml does not report these: the published schemas do not say `additionalProperties: false`.
 * May import: ./yaml-markers (types) and libraries.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { TextMarker } from './yaml-markers.ts';
import { closestName } from '@/shared/closest-name.ts';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Fields the API accepts that an editing schema leaves out: `status` (dropped for editing, ignored on writes) and
 * metadata the server owns.
 */
const ALSO_KNOWN: Record<string, readonly string[]> = {
  '': ['status'],
  metadata: ['deletionGracePeriodSeconds', 'managedFields', 'selfLink'],
};

export function unknownFieldMarkers(text: string, schema: Schema, kind: string): TextMarker[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  const markers: TextMarker[] = [];

  const walk = (node: unknown, nodeSchema: Schema, path: string) => {
    if (nodeSchema['x-kubernetes-preserve-unknown-fields'] === true) return;
    if (isSeq(node)) {
      const items = nodeSchema.items;
      if (isSchema(items)) node.items.forEach((item, i) => walk(item, items, `${path}[${i}]`));
      return;
    }
    if (!isMap(node)) return;
    const properties = isSchema(nodeSchema.properties) ? nodeSchema.properties : undefined;
    const additional = nodeSchema.additionalProperties;
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const childPath = path ? `${path}.${key}` : key;
      const child =
        properties && Object.hasOwn(properties, key) ? properties[key] : isSchema(additional) ? additional : undefined;
      if (isSchema(child)) {
        walk(pair.value, child, childPath);
        continue;
      }
      if (!properties || additional === true || ALSO_KNOWN[path]?.includes(key)) continue;
      const [start, end] = pair.key.range ?? [0, 0];
      const from = lineCounter.linePos(start);
      const to = lineCounter.linePos(Math.max(end, start + 1));
      markers.push({
        startLineNumber: from.line,
        startColumn: from.col,
        endLineNumber: to.line,
        endColumn: to.line === from.line ? to.col : from.col + key.length,
        message: unknownFieldMessage(childPath, path, key, Object.keys(properties), kind),
        severity: 'error',
        source: 'Schema: unknown field',
      });
    }
  };

  if (doc.errors.length === 0) walk(doc.contents, schema, '');
  return markers;
}

/** "spec.maxCostUDS is not a field of a Job spec: did you mean maxCostUSD?" */
export function unknownFieldMessage(
  path: string,
  parent: string,
  key: string,
  known: readonly string[],
  kind: string,
): string {
  const where = parent === '' ? `a ${kind}` : parent === 'spec' ? `a ${kind} spec` : parent;
  const close = closestName(key, known);
  if (close) return `${path} is not a field of ${where}: did you mean ${close}?`;
  return known.length
    ? `${path} is not a field of ${where}, which has: ${known.join(', ')}.`
    : `${path} is not a field of ${where}.`;
}
