/**
 * A kind's table columns, as data: what each column reads and which kind of cell shows it. The table feature
 * maps each cell type to its component and derives the sort key, so the registry stays free of React and of
 * the table's code. Name, project, labels and age are every kind's and belong to the table.
 */
import type { NodusObject } from '../shared/protocol.ts';

/**
 * How a value is shown: `phase` a badge; `money` an amount (`warn` in amber, `live` with a dot); `gpu` and `owner` read the whole
 * object; `text` plain (tabular when right-aligned); `size` GiB; `reference` code-like text.
 */
export type CellType = 'phase' | 'money' | 'gpu' | 'owner' | 'text' | 'size' | 'reference';

export interface ColumnSpec {
  id: string;
  header: string;
  /** A CSS grid track: every row uses the same template, so columns line up without measuring. */
  width: string;
  /** Right-aligned columns hold numbers: they sort as numbers, biggest first on the first click. */
  align?: 'right';
  cell: CellType;
  /** What the cell shows; absent for cells that read the whole object (gpu, owner). */
  value?: (object: NodusObject) => unknown;
  /** What the column sorts by, when not what it shows. */
  sortBy?: (object: NodusObject) => unknown;
  /** A money cell drawn in amber, e.g. spent close to its cap. */
  warn?: (object: NodusObject) => boolean;
  /** A money cell that moves on its own (what runs is charged as it runs): marked live, in no warning colour. */
  live?: (object: NodusObject) => boolean;
}

const num = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

function nearCap(o: NodusObject): boolean {
  const spent = num(o.status?.costUSD);
  const max = num(o.spec?.maxCostUSD);
  return spent !== undefined && max !== undefined && max > 0 && spent >= 0.8 * max;
}

/** A column of plain text, or of numbers when right-aligned. */
export function textColumn(
  id: string,
  header: string,
  width: string,
  value: (o: NodusObject) => unknown,
  align?: 'right',
): ColumnSpec {
  return { id, header, width, cell: 'text', value, ...(align ? { align } : {}) };
}

/** A column of amounts in USD. */
export function moneyColumn(
  id: string,
  header: string,
  value: (o: NodusObject) => unknown,
  warn?: (o: NodusObject) => boolean,
  live?: (o: NodusObject) => boolean,
): ColumnSpec {
  return {
    id,
    header,
    width: '6.5rem',
    align: 'right',
    cell: 'money',
    value,
    ...(warn ? { warn } : {}),
    ...(live ? { live } : {}),
  };
}

/** Charged as it runs: its cost moves every few seconds. */
const accruing = (o: NodusObject): boolean => o.status?.phase === 'Running';

/** The columns most kinds share. */
export const COLUMNS = {
  phase: { id: 'phase', header: 'Phase', width: '8.5rem', cell: 'phase', value: (o) => o.status?.phase },
  gpu: { id: 'gpu', header: 'GPU', width: '8.5rem', cell: 'gpu' },
  cost: moneyColumn('cost', 'Cost', (o) => o.status?.costUSD, nearCap, accruing),
  maxCost: moneyColumn('max', 'Max', (o) => o.spec?.maxCostUSD),
  owner: { id: 'owner', header: 'Owner', width: 'minmax(8rem, 1fr)', cell: 'owner' },
  size: { id: 'size', header: 'Size', width: '6rem', align: 'right', cell: 'size', value: (o) => o.spec?.sizeGiB },
} as const satisfies Record<string, ColumnSpec>;
