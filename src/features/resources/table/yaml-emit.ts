/**
 * YAML for JSON data (what the API sends), written directly: the `yaml` library takes about a second per
 * thousand objects, too slow for an export of 50,000. Strings that could read as anything but themselves
 * (numbers, booleans, null, anything with YAML's punctuation) are written as JSON strings, which YAML reads
 * the same way.
 */

const PLAIN = /^[A-Za-z_/][A-Za-z0-9_./-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n)$/i;

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(String(value));
}

const isEmpty = (v: unknown) =>
  typeof v === 'object' && v !== null && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);

function emit(value: unknown, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'object' && item !== null && !isEmpty(item)) {
        // The first line of a map or sequence goes after the dash; the rest at the item's indentation.
        const inner: string[] = [];
        emit(item, indent + '  ', inner);
        out.push(`${indent}- ${inner[0]!.slice(indent.length + 2)}`, ...inner.slice(1));
      } else out.push(`${indent}- ${isEmpty(item) ? (Array.isArray(item) ? '[]' : '{}') : scalar(item)}`);
    }
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    const k = scalar(key);
    if (typeof item === 'object' && item !== null && !isEmpty(item)) {
      out.push(`${indent}${k}:`);
      emit(item, Array.isArray(item) ? indent : indent + '  ', out);
    } else out.push(`${indent}${k}: ${isEmpty(item) ? (Array.isArray(item) ? '[]' : '{}') : scalar(item)}`);
  }
}

/** `items` as a block sequence at the top level, one line per `\n`, ending in one. */
export function yamlSequence(items: readonly unknown[]): string {
  const out: string[] = [];
  emit(items, '', out);
  return out.length === 0 ? '' : out.join('\n') + '\n';
}
