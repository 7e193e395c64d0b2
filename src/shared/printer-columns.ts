/**
 * The columns each kind prints when the API answers as a `meta.k8s.io/v1` Table (what `kubectl get` shows, and what
 * a table that holds rows instead of objects reads): one declaration, read by the mock's printer and checked
 * against the console's columns, so every value a console column shows has a printed cell to come from.
 * Name and Age are every kind's and are not listed here.
 */
import type { KindName } from './kinds.ts';
import type { NodusObject, ObjectMeta } from './protocol.ts';

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'date';
  /** A simple path (`.status.phase`): the cell is the value there, or an empty cell when it is unset. */
  jsonPath: string;
  description: string;
  /** 1: shown by `kubectl get -o wide` only. */
  priority?: number;
}

const PHASE: PrinterColumn = {
  name: 'Phase',
  type: 'string',
  jsonPath: '.status.phase',
  description: 'Lifecycle phase.',
};
const COST: PrinterColumn = {
  name: 'Cost',
  type: 'string',
  jsonPath: '.status.costUSD',
  description: 'Spent so far (USD).',
};
const MAX: PrinterColumn = {
  name: 'Max',
  type: 'string',
  jsonPath: '.spec.maxCostUSD',
  description: 'Cost cap (USD).',
  priority: 1,
};
const GPU: PrinterColumn = {
  name: 'GPU',
  type: 'string',
  jsonPath: '.spec.resources.gpu.type',
  description: 'GPU model.',
};
const GPUS: PrinterColumn = {
  name: 'GPUs',
  type: 'integer',
  jsonPath: '.spec.resources.gpu.count',
  description: 'GPU count.',
  priority: 1,
};
// What the object is asked to be (Running, Suspended, Stopped, ...), beside the phase it is in: which actions
// apply to an object follows from both.
const STATE: PrinterColumn = {
  name: 'State',
  type: 'string',
  jsonPath: '.spec.state',
  description: 'Desired state.',
  priority: 1,
};

/** The columns several kinds print alike. */
export const SHARED_PRINTER_COLUMNS = { PHASE, COST, MAX, GPU, GPUS, STATE } as const;

export const PRINTER_COLUMNS: Readonly<Record<KindName, readonly PrinterColumn[]>> = {
  Job: [PHASE, GPU, GPUS, COST, MAX, STATE],
  Sandbox: [PHASE, GPU, GPUS, COST, MAX, STATE],
  Function: [
    PHASE,
    { name: 'Replicas', type: 'integer', jsonPath: '.status.replicas', description: 'Replicas running now.' },
    COST,
    MAX,
    { ...GPU, priority: 1 },
    GPUS,
    STATE,
  ],
  Volume: [
    PHASE,
    { name: 'Size', type: 'integer', jsonPath: '.spec.sizeGiB', description: 'Capacity in GiB.' },
    COST,
    MAX,
    STATE,
  ],
  Budget: [
    PHASE,
    { name: 'Limit', type: 'string', jsonPath: '.spec.limitUSD', description: 'Limit per period (USD).' },
    { name: 'Spent', type: 'string', jsonPath: '.status.spentUSD', description: 'Spent this period (USD).' },
    { name: 'Period', type: 'string', jsonPath: '.spec.period', description: 'Period.' },
    STATE,
  ],
  Pipeline: [
    PHASE,
    { name: 'Step', type: 'string', jsonPath: '.status.currentStep', description: 'The step running now.' },
    COST,
    MAX,
    STATE,
  ],
  Image: [
    { name: 'Repository', type: 'string', jsonPath: '.spec.repository', description: 'Repository.' },
    { name: 'Tag', type: 'string', jsonPath: '.spec.tag', description: 'Tag.' },
    { name: 'CUDA', type: 'string', jsonPath: '.spec.cuda', description: 'CUDA version.' },
    { name: 'Size', type: 'number', jsonPath: '.spec.sizeGiB', description: 'GiB.' },
  ],
};

/**
 * An object as the API prints it (a `meta.k8s.io/v1` Table's row, src/data/client/rows.ts): its metadata and its
 * printed cells. Not a NodusObject on purpose: whatever acts on an object fetches it whole.
 */
export interface RowObject {
  /** The object's metadata, less managedFields (no table shows them, and they are often most of its bytes). */
  readonly metadata: ObjectMeta;
  /** The printed cells by column name (`Phase`, `Cost`, `GPUs`, ...); an unset value is `''`, as printed. */
  readonly cells: Readonly<Record<string, unknown>>;
  /** Never set: a row cannot stand in for an object (`spec` and `status` are not there to read). */
  readonly spec?: never;
  readonly status?: never;
}

/** What a table holds of an object: its row, or the whole object. A column reads either (`printedValue`). */
export type TableItem = NodusObject | RowObject;

export function isRow(item: TableItem): item is RowObject {
  return (item as { cells?: unknown }).cells !== undefined;
}

/**
 * A reader of a printed column's value from a row's cell or from an object's path: the same value either way, an
 * unset one undefined (a row prints it as an empty cell).
 */
export function printedValue(column: PrinterColumn): (item: TableItem) => unknown {
  const read = pathReader(column.jsonPath);
  const { name } = column;
  return (item) => {
    if (!isRow(item)) return read(item);
    const cell = item.cells[name];
    return cell === '' || cell === null ? undefined : cell;
  };
}

/**
 * A reader of the value at a simple path (`.spec.resources.gpu.type`, or `{.status.phase}`), undefined where it
 * stops. The path is split once: tables read a column of every row on each sort and draw.
 */
export function pathReader(jsonPath: string): (obj: unknown) => unknown {
  const keys = jsonPath
    .replace(/^\{?\./, '')
    .replace(/\}$/, '')
    .split('.');
  return (obj) => {
    let value = obj;
    for (const key of keys) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  };
}

/** The value at a simple path, read once (see pathReader). */
export function valueAt(obj: unknown, jsonPath: string): unknown {
  return pathReader(jsonPath)(obj);
}

/** A column `kind` prints, by name; throws for one it does not print (a console column with nothing to read). */
export function printerColumn(kind: KindName, name: string): PrinterColumn {
  const found = PRINTER_COLUMNS[kind].find((c) => c.name === name);
  if (!found) throw new Error(`${kind} prints no column ${name}`);
  return found;
}
