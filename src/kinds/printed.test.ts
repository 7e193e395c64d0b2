/**
 * The console's columns against what each kind prints as a Table: a table that holds printed rows instead of whole
 * objects can show a column only if every value it reads is a printed cell.
 */
import { describe, expect, it } from 'vitest';
import { KIND_FACTS, KIND_NAMES } from '../shared/kinds.ts';
import { PRINTER_COLUMNS, valueAt } from '../shared/printer-columns.ts';
import type { NodusObject } from '../shared/protocol.ts';
import { KIND_PRESENTATION } from './registry.ts';

/** An object of `kind` whose every printed path holds a value of its own ("Phase-value", 7, ...). */
function sample(kind: (typeof KIND_NAMES)[number]): NodusObject {
  const object: Record<string, unknown> = { apiVersion: 'nodus.dev/v1', kind, metadata: { name: 's', namespace: 'p' } };
  PRINTER_COLUMNS[kind].forEach((column, i) => {
    const keys = column.jsonPath.replace(/^\./, '').split('.');
    let at = object;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys.at(-1)!] = column.type === 'string' ? `${column.name}-value` : i + 1;
  });
  return object as unknown as NodusObject;
}

describe("every kind prints what the console's columns read", () => {
  it.each(KIND_NAMES)('%s', (kind) => {
    const printed = PRINTER_COLUMNS[kind].map((c) => c.name);
    const object = sample(kind);
    for (const column of KIND_PRESENTATION[kind].columns) {
      for (const name of column.reads) expect(printed, `${kind} column ${column.id}`).toContain(name);
      // A column that shows one printed value shows that cell.
      if (column.reads.length === 1 && column.value) {
        const source = PRINTER_COLUMNS[kind].find((c) => c.name === column.reads[0])!;
        expect(column.value(object)).toBe(valueAt(object, source.jsonPath));
      }
    }
  });

  it('prints spec.state exactly for the kinds that have it, which the row actions need', () => {
    for (const kind of KIND_NAMES)
      expect(
        PRINTER_COLUMNS[kind].some((c) => c.jsonPath === '.spec.state'),
        kind,
      ).toBe(KIND_FACTS[kind].states !== undefined);
  });

  it("reads an Image's reference from its printed repository and tag", () => {
    const reference = KIND_PRESENTATION.Image.columns.find((c) => c.id === 'reference')!;
    expect(reference.value!(sample('Image'))).toBe('p/Repository-value:Tag-value');
    expect(reference.reads).toEqual(['Repository', 'Tag']);
  });
});
