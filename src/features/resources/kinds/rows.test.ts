/**
 * A table of rows shows, sorts and exports what a table of objects did: every column reads the same from a row
 * the mock prints as from the object itself, set and unset alike.
 */
import { describe, expect, it } from 'vitest';
import { RowReader } from '@/data/client/rows.ts';
import { toTable } from '@/mock/routes/table.ts';
import { KIND_NAMES, type KindName } from '@/shared/kinds.ts';
import { PRINTER_COLUMNS } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { tableColumns } from './registry.tsx';

/** An object of `kind` with a value at every printed path, or with none. */
function sample(kind: KindName, filled: boolean): NodusObject {
  const object: Record<string, unknown> = {
    apiVersion: 'nodus.dev/v1',
    kind,
    metadata: {
      name: `${kind.toLowerCase()}-${filled ? 'full' : 'bare'}`,
      namespace: 'p',
      uid: `uid-${kind}-${filled}`,
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: filled ? { team: 'nlp' } : {},
      ...(filled ? { ownerReferences: [{ kind: 'Pipeline', name: 'nightly', controller: true }] } : {}),
    },
  };
  if (!filled) return object as unknown as NodusObject;
  PRINTER_COLUMNS[kind].forEach((column, i) => {
    const keys = column.jsonPath.replace(/^\./, '').split('.');
    let at = object;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys.at(-1)!] =
      column.name === 'Phase'
        ? 'Running'
        : column.type === 'string'
          ? `${(i + 1) * 1.25}`
          : column.type === 'integer'
            ? i + 1
            : i + 0.5;
  });
  return object as unknown as NodusObject;
}

describe('a row reads as its object', () => {
  it.each(KIND_NAMES)('%s', (kind) => {
    const objects = [sample(kind, true), sample(kind, false)];
    const table = toTable(
      objects,
      PRINTER_COLUMNS[kind],
      {},
      {
        apiVersion: 'meta.k8s.io/v1',
        includeObject: 'Metadata',
        now: Date.parse('2026-01-02T00:00:00Z'),
      },
    );
    // As it comes over the wire.
    const rows = new RowReader().read(JSON.parse(JSON.stringify(table)) as Parameters<RowReader['read']>[0]);
    expect(rows).toHaveLength(2);
    for (const [i, object] of objects.entries()) {
      const row = rows[i]!;
      for (const column of tableColumns({ kind }, true)) {
        expect(column.text(row), `${kind} ${column.id} text`).toBe(column.text(object));
        expect(column.sortValue?.(row), `${kind} ${column.id} sort`).toEqual(column.sortValue?.(object));
      }
    }
    // Something to compare: the full sample shows a value in every column the kind declares.
    for (const column of tableColumns({ kind }, false)) expect(column.text(objects[0]!), column.id).not.toBe('');
  });
});
