/**
 * Server-side printing (meta.k8s.io/v1 Table): `kubectl get` asks for a Table and prints its cells as they come,
 * so the columns a kind declares (PHASE, COST, ...) and Age are computed here, from the kinds' own data, the way
 * an API server does for a CRD's additionalPrinterColumns. Lists, single gets and watch events all use it.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { pathReader } from '@/shared/printer-columns.ts';
import { ApiFailure } from '../http/errors.ts';
import type { PrinterColumn } from '../kinds/common.ts';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: unknown[];
  object?: unknown;
}

export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  /** Left out of a watch's later events: the client keeps the columns it was given first. */
  columnDefinitions?: ColumnDefinition[];
  rows: TableRow[];
}

export interface TableOptions {
  /** meta.k8s.io/v1 or meta.k8s.io/v1beta1, whichever the client asked for. */
  apiVersion: string;
  includeObject: IncludeObject;
  now: number;
}

/** The Namespace kind is not in the kinds registry; its columns are the ones kubectl shows for a cluster's. */
export const NAMESPACE_COLUMNS: PrinterColumn[] = [
  {
    name: 'Status',
    type: 'string',
    jsonPath: '.status.phase',
    description: "The project's phase: Active, or Terminating while it is deleted.",
  },
];

const NAME_COLUMN: ColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  priority: 0,
  description: 'A DNS label of at most 63 characters, unique within its project and kind.',
};
const AGE_COLUMN: ColumnDefinition = {
  name: 'Age',
  type: 'date',
  format: '',
  priority: 0,
  description: 'Time since metadata.creationTimestamp.',
};

export function parseIncludeObject(raw: string | null): IncludeObject {
  if (raw === null || raw === '') return 'Metadata';
  if (raw === 'None' || raw === 'Metadata' || raw === 'Object') return raw;
  throw new ApiFailure('BadRequest', `includeObject must be None, Metadata or Object, not "${raw}"`, {
    fix: 'Leave includeObject out (Metadata), or send None or Object.',
  });
}

export function columnDefinitions(columns: readonly PrinterColumn[]): ColumnDefinition[] {
  const declared = columns.map((c) => ({
    name: c.name,
    type: c.type,
    format: '',
    description: c.description,
    priority: c.priority ?? 0,
  }));
  return [NAME_COLUMN, ...declared, AGE_COLUMN];
}

/**
 * How a resource prints as a Table: its columns, and each object's cells in their order. The kinds print Name, their
 * declared columns and Age; a resource with columns of its own (Events) brings its own printer.
 */
export interface Printer {
  columns: ColumnDefinition[];
  cells: (obj: NodusObject, now: number) => unknown[];
  /** The object a row carries with includeObject=Object, in the shape its API serves; as stored by default. */
  shape?: (obj: NodusObject) => unknown;
}

/** A kind's declared columns, or a printer of its own. */
export type Printable = readonly PrinterColumn[] | Printer;

const kindPrinters = new WeakMap<readonly PrinterColumn[], Printer>();

function kindPrinter(columns: readonly PrinterColumn[]): Printer {
  let printer = kindPrinters.get(columns);
  if (!printer) {
    const readers = columns.map((c) => c.render ?? pathReader(c.jsonPath));
    printer = {
      columns: columnDefinitions(columns),
      cells: (obj, now) => {
        const created = Date.parse(obj.metadata.creationTimestamp ?? '');
        const age = Number.isNaN(created) ? '<unknown>' : humanDuration(now - created);
        return [obj.metadata.name ?? '', ...readers.map((read) => cell(read(obj))), age];
      },
    };
    kindPrinters.set(columns, printer);
  }
  return printer;
}

export function printerOf(printable: Printable): Printer {
  return Array.isArray(printable) ? kindPrinter(printable as readonly PrinterColumn[]) : (printable as Printer);
}

/**
 * Kubernetes' HumanDuration (k8s.io/apimachinery/pkg/util/duration): the exact strings kubectl shows in AGE,
 * so the mock's output reads like a cluster's ("42m", "3h10m", "12d").
 */
export function humanDuration(ms: number): string {
  // Truncated toward zero, as Go converts: -1.5 s is still "0s".
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.floor(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** A missing value prints as an empty cell, as kubectl shows an unset CRD column. */
function cell(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function rowObject(obj: NodusObject, printer: Printer, include: IncludeObject, apiVersion: string): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return printer.shape ? printer.shape(obj) : obj;
  return { kind: 'PartialObjectMetadata', apiVersion, metadata: obj.metadata };
}

export function tableRow(obj: NodusObject, printable: Printable, options: TableOptions): TableRow {
  const printer = printerOf(printable);
  const cells = printer.cells(obj, options.now);
  const object = rowObject(obj, printer, options.includeObject, options.apiVersion);
  return object === undefined ? { cells } : { cells, object };
}

export function toTable(
  objects: readonly NodusObject[],
  printable: Printable,
  metadata: Table['metadata'],
  options: TableOptions,
): Table {
  const printer = printerOf(printable);
  return {
    kind: 'Table',
    apiVersion: options.apiVersion,
    metadata,
    columnDefinitions: printer.columns,
    rows: objects.map((obj) => tableRow(obj, printer, options)),
  };
}
