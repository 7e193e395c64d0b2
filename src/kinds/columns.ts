/**
 * A kind's table columns, as data: what each column reads and which kind of cell shows it. The table feature
 * maps each cell type to its component and derives the sort key, so the registry stays free of React and of
 * the table's code. Name, project, labels and age are every kind's and belong to the table.
 */
import { SHARED_PRINTER_COLUMNS, printedValue, type PrinterColumn, type TableItem } from '../shared/printer-columns.ts';

/**
 * How a value is shown: `phase` a badge; `money` an amount (`warn` in amber, `live` with a dot); `gpu` reads the GPU model and
 * count, `owner` the metadata's owner or creator; `text` plain (tabular when right-aligned); `size` GiB; `reference` code-like text.
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
  /**
   * The printed columns (a Table's cells, src/shared/printer-columns.ts) the cell, its sort and its colours read,
   * besides the metadata: all a table needs of an object to show this column. Each function below reads a
   * table's item, a row or a whole object, through `printed` readers only.
   */
  reads: readonly string[];
  /** What the cell shows; absent for cells that read the whole object (gpu, owner). */
  value?: (item: TableItem) => unknown;
  /** What the column sorts by, when not what it shows. */
  sortBy?: (item: TableItem) => unknown;
  /** A money cell drawn in amber, e.g. spent close to its cap. */
  warn?: (item: TableItem) => boolean;
  /** A money cell that moves on its own (what runs is charged as it runs): marked live, in no warning colour. */
  live?: (item: TableItem) => boolean;
}

const num = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

const { PHASE, COST, MAX, GPU, GPUS } = SHARED_PRINTER_COLUMNS;

/** What a printed column holds for a row or an object. */
export const printed = printedValue;

const costOf = printed(COST);
const gpuTypeOf = printed(GPU);
const gpuCountOf = printed(GPUS);
const maxOf = printed(MAX);
const phaseOf = printed(PHASE);

function nearCap(o: TableItem): boolean {
  const spent = num(costOf(o));
  const max = num(maxOf(o));
  return spent !== undefined && max !== undefined && max > 0 && spent >= 0.8 * max;
}

/** The GPU model and count a row or an object asks for (none: count 0). */
export function gpuOf(item: TableItem): { type: string | undefined; count: number } {
  const type = gpuTypeOf(item);
  return { type: typeof type === 'string' && type !== '' ? type : undefined, count: num(gpuCountOf(item)) ?? 0 };
}

/** A printed column shown as plain text, or as numbers when right-aligned. */
export function textColumn(id: string, width: string, column: PrinterColumn, align?: 'right'): ColumnSpec {
  return {
    id,
    header: column.name,
    width,
    cell: 'text',
    reads: [column.name],
    value: printed(column),
    ...(align ? { align } : {}),
  };
}

/** A printed column of amounts in USD. */
export function moneyColumn(id: string, column: PrinterColumn): ColumnSpec {
  return {
    id,
    header: column.name,
    width: '6.5rem',
    align: 'right',
    cell: 'money',
    reads: [column.name],
    value: printed(column),
  };
}

/** A printed size in GiB. */
export function sizeColumn(column: PrinterColumn): ColumnSpec {
  return {
    id: 'size',
    header: 'Size',
    width: '6rem',
    align: 'right',
    cell: 'size',
    reads: [column.name],
    value: printed(column),
  };
}

/** Charged as it runs: its cost moves every few seconds. */
const accruing = (o: TableItem): boolean => phaseOf(o) === 'Running';

/** The columns most kinds share. */
export const COLUMNS = {
  phase: { id: 'phase', header: 'Phase', width: '8.5rem', cell: 'phase', reads: [PHASE.name], value: phaseOf },
  gpu: { id: 'gpu', header: 'GPU', width: '8.5rem', cell: 'gpu', reads: [GPU.name, GPUS.name] },
  // Amber near its cap, marked live while it runs.
  cost: { ...moneyColumn('cost', COST), reads: [COST.name, MAX.name, PHASE.name], warn: nearCap, live: accruing },
  maxCost: moneyColumn('max', MAX),
  owner: { id: 'owner', header: 'Owner', width: 'minmax(8rem, 1fr)', cell: 'owner', reads: [] },
} as const satisfies Record<string, ColumnSpec>;
