/**
 * The console's registry of kinds: each kind of src/shared/kinds.ts with what the console shows of it (table
 * columns, the object page's summary and money meter, its icon, what a new object's text starts with). Keyed
 * by KindName, so a kind the spec declares and the registry lacks is a type error. A kind only discovery knows
 * (a newer API's) gets the explicit generic presentation.
 */
import { ALL_PHASES, KIND_FACTS, isKindName, type KindFacts, type KindName } from '../shared/kinds.ts';
import { printerColumn, type TableItem } from '../shared/printer-columns.ts';
import { COLUMNS, moneyColumn, printed, sizeColumn, textColumn } from './columns.ts';
import { costMeter, presentation, type KindLook, type KindPresentation } from './presentation.ts';

const { phase, gpu, cost, maxCost, owner } = COLUMNS;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
const repository = printed(printerColumn('Image', 'Repository'));
const tag = printed(printerColumn('Image', 'Tag'));
const reference = (o: TableItem): string => `${text(repository(o)) ?? ''}:${text(tag(o)) ?? ''}`;

const LOOKS: Record<KindName, KindLook> = {
  Job: {
    columns: [phase, gpu, cost, maxCost, owner],
    meter: costMeter,
    spend: 'object',
    icon: 'M6.5 4.5v11l9-5.5z',
    // What a run-to-completion object runs, as in the API's own example of a Job.
    template: { command: ['python', 'train.py'] },
  },
  Sandbox: {
    columns: [phase, gpu, cost, maxCost, owner],
    meter: costMeter,
    spend: 'object',
    icon: 'M3.5 5.5h13v9h-13zM6 9l2 1.5L6 12M10 12.5h3.5',
    endpoints: true,
  },
  Function: {
    columns: [
      phase,
      textColumn('replicas', '5.5rem', printerColumn('Function', 'Replicas'), 'right'),
      gpu,
      cost,
      maxCost,
      owner,
    ],
    meter: costMeter,
    spend: 'object',
    icon: 'M11.5 3.5 6 11h4l-1.5 5.5L14 9h-4z',
    endpoints: true,
  },
  Volume: {
    columns: [phase, sizeColumn(printerColumn('Volume', 'Size')), cost, owner],
    meter: costMeter,
    spend: 'object',
    icon: 'M4 6c0-1.1 2.7-2 6-2s6 .9 6 2-2.7 2-6 2-6-.9-6-2zM4 6v8c0 1.1 2.7 2 6 2s6-.9 6-2V6M4 10c0 1.1 2.7 2 6 2s6-.9 6-2',
  },
  Budget: {
    columns: [
      phase,
      moneyColumn('limit', printerColumn('Budget', 'Limit')),
      moneyColumn('spent', printerColumn('Budget', 'Spent')),
      textColumn('period', '6rem', printerColumn('Budget', 'Period')),
    ],
    meter: (o) => ({
      spent: o.status?.spentUSD ?? '0.00',
      limit: o.spec?.limitUSD,
      spentLabel: 'spent this period',
      limitLabel: 'limit',
    }),
    spend: 'budget',
    icon: 'M3.5 6.5h13v8h-13zM3.5 6.5l2-2.5h9l2 2.5M13 10.5h1.5',
  },
  Pipeline: {
    columns: [phase, textColumn('step', '7rem', printerColumn('Pipeline', 'Step')), cost, maxCost, owner],
    meter: costMeter,
    spend: 'object',
    icon: 'M5 5.5h3v3H5zM12 11.5h3v3h-3zM8 7h2.5a1.5 1.5 0 0 1 1.5 1.5V11.5M5 13h4',
  },
  Image: {
    columns: [
      {
        id: 'reference',
        header: 'Reference',
        width: 'minmax(12rem, 1.4fr)',
        cell: 'reference',
        reads: ['Repository', 'Tag'],
        value: (o) => `${o.metadata.namespace ?? ''}/${reference(o)}`,
        sortBy: reference,
      },
      textColumn('cuda', '5rem', printerColumn('Image', 'CUDA')),
      sizeColumn(printerColumn('Image', 'Size')),
    ],
    icon: 'M10 3.5 16.5 7 10 10.5 3.5 7zM3.5 10 10 13.5 16.5 10M3.5 13 10 16.5 16.5 13',
  },
};

export const KIND_PRESENTATION: Readonly<Record<KindName, KindPresentation>> = Object.fromEntries(
  Object.entries(LOOKS).map(([name, look]) => [name, presentation(KIND_FACTS[name as KindName], look)]),
) as Record<KindName, KindPresentation>;

/** A kind only discovery knows: no state to set, never finished, what its spec says one fact per plain field. */
function genericPresentation(kind: string): KindPresentation {
  // Its names come from discovery; nothing here reads them.
  const facts: KindFacts = {
    kind,
    plural: '',
    singular: '',
    shortNames: [],
    uidPrefix: '',
    lifecycle: 'none',
    phases: ALL_PHASES,
    billable: false,
    logs: false,
    restart: false,
    published: false,
  };
  return presentation(
    facts,
    {
      columns: [phase, owner],
      meter: (o) => (o.spec?.maxCostUSD === undefined ? undefined : costMeter(o)),
      icon: 'M10 3 16 6.5v7L10 17l-6-3.5v-7zM4 6.5 10 10l6-3.5M10 10v7',
    },
    false,
  );
}

const generic = new Map<string, KindPresentation>();

/** The presentation of a kind: its registry entry, or the generic one only for a kind the spec does not declare. */
export function presentationOf(kind: string): KindPresentation {
  if (isKindName(kind)) return KIND_PRESENTATION[kind];
  let found = generic.get(kind);
  if (!found) generic.set(kind, (found = genericPresentation(kind)));
  return found;
}
