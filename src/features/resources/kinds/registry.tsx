/**
 * What the table knows about each kind, as data: its columns, the phases it moves through (for the phase
 * filter) and what deleting it also does. Which actions apply to an object (its spec.state values, when it is
 * finished) is src/lib/lifecycle's, shared with the object page. A kind discovery lists that is not here gets
 * the generic columns and every phase.
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { KindInfo } from '../../../data/client/index.ts';
import { PhaseBadge } from '../../../components/ui/phase-badge.tsx';
import type { NodusObject, Phase } from '../../../shared/protocol.ts';
import type { SortValue } from '../table/table-view.ts';
import { Age, Clipped, Gpu, gpuOf, LabelChips, Money, Owner, ownerOf } from '../components/cells.tsx';

export interface Column {
  id: string;
  header: string;
  /** A CSS grid track: every row uses the same template, so columns line up without measuring. */
  width: string;
  align?: 'right';
  /** Absent: the column cannot be sorted. Keys of one column are all numbers or all strings. */
  sortValue?: (object: NodusObject) => SortValue;
  /** Numbers and ages read best biggest first on the first click. */
  firstDesc?: boolean;
  render: (object: NodusObject) => ReactNode;
}

export interface KindTraits {
  columns: Column[];
  phases: readonly string[];
  /** The phase an object of this kind shows while it waits for its final charge after a delete. */
  deletingPhase?: 'Cancelling' | 'Terminating';
  /** What else a delete removes. */
  cascade?: string;
}

const RUN_PHASES = ['Queued', 'Provisioning', 'Running', 'Succeeded', 'Failed', 'Cancelled', 'Suspended', 'Cancelling'];
const LONG_PHASES = ['Pending', 'Starting', 'Running', 'Stopped', 'Suspended', 'Failed', 'Terminating'];
const ALL_PHASES: readonly Phase[] = [
  'Queued', 'Provisioning', 'Pending', 'Starting', 'Running', 'Succeeded', 'Failed', 'Cancelled', 'Stopped', 'Suspended',
  'Cancelling', 'Terminating', 'Active', 'Available',
];

const num = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};
const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

const phase: Column = {
  id: 'phase', header: 'Phase', width: '8.5rem',
  sortValue: (o) => text(o.status?.phase),
  render: (o) => <PhaseBadge phase={o.status?.phase} still />,
};
const gpu: Column = {
  id: 'gpu', header: 'GPU', width: '8.5rem', firstDesc: true,
  sortValue: (o) => gpuOf(o).count || undefined,
  render: (o) => <Gpu object={o} />,
};
const cost: Column = {
  id: 'cost', header: 'Cost', width: '6.5rem', align: 'right', firstDesc: true,
  sortValue: (o) => num(o.status?.costUSD),
  render: (o) => <Money amount={o.status?.costUSD} warn={nearCap(o)} />,
};
const maxCost: Column = {
  id: 'max', header: 'Max', width: '6.5rem', align: 'right', firstDesc: true,
  sortValue: (o) => num(o.spec?.maxCostUSD),
  render: (o) => <Money amount={o.spec?.maxCostUSD} />,
};
const owner: Column = {
  id: 'owner', header: 'Owner', width: 'minmax(8rem, 1fr)',
  sortValue: (o) => ownerOf(o)?.text,
  render: (o) => <Owner object={o} />,
};
const labelsColumn: Column = {
  id: 'labels', header: 'Labels', width: 'minmax(10rem, 1.6fr)',
  render: (o) => <LabelChips labels={o.metadata.labels} />,
};
const ageColumn: Column = {
  id: 'age', header: 'Age', width: '4.5rem', align: 'right',
  // Youngest first when ascending, as ages read.
  sortValue: (o) => {
    const t = Date.parse(o.metadata.creationTimestamp ?? '');
    return Number.isNaN(t) ? undefined : -t;
  },
  render: (o) => <Age timestamp={o.metadata.creationTimestamp} />,
};
const projectColumn: Column = {
  id: 'project', header: 'Project', width: 'minmax(6rem, 0.6fr)',
  sortValue: (o) => o.metadata.namespace,
  render: (o) => <Clipped text={o.metadata.namespace ?? ''} className="text-slate-600" />,
};

function nearCap(o: NodusObject): boolean {
  const spent = num(o.status?.costUSD);
  const max = num(o.spec?.maxCostUSD);
  return spent !== undefined && max !== undefined && max > 0 && spent >= 0.8 * max;
}

function plain(id: string, header: string, width: string, read: (o: NodusObject) => unknown, align?: 'right'): Column {
  return {
    // Right-aligned columns hold numbers, which read best biggest first.
    id, header, width, ...(align ? { align, firstDesc: true } : {}),
    sortValue: (o) => (align ? num(read(o)) : text(read(o))),
    render: (o) => <Clipped text={text(read(o)) ?? '—'} className={clsx('text-slate-600', align && 'tabular-nums')} />,
  };
}

const size = plain('size', 'Size', '6rem', (o) => (o.spec?.sizeGiB === undefined ? undefined : o.spec.sizeGiB), 'right');
size.render = (o) => <Clipped text={o.spec?.sizeGiB === undefined ? '—' : `${text(o.spec.sizeGiB)} GiB`} className="tabular-nums text-slate-600" />;

const KINDS: Record<string, KindTraits> = {
  Job: { columns: [phase, gpu, cost, maxCost, owner], phases: RUN_PHASES, deletingPhase: 'Cancelling' },
  Pipeline: {
    columns: [phase, plain('step', 'Step', '7rem', (o) => o.status?.currentStep), cost, maxCost, owner],
    phases: RUN_PHASES, deletingPhase: 'Cancelling', cascade: 'the Jobs it started',
  },
  Sandbox: { columns: [phase, gpu, cost, maxCost, owner], phases: LONG_PHASES, deletingPhase: 'Terminating' },
  Function: {
    columns: [phase, plain('replicas', 'Replicas', '5.5rem', (o) => o.status?.replicas, 'right'), gpu, cost, maxCost, owner],
    phases: LONG_PHASES, deletingPhase: 'Terminating',
  },
  Volume: { columns: [phase, size, cost, owner], phases: LONG_PHASES, deletingPhase: 'Terminating' },
  Budget: {
    columns: [
      phase,
      { ...plain('limit', 'Limit', '6.5rem', (o) => o.spec?.limitUSD, 'right'), render: (o) => <Money amount={o.spec?.limitUSD} /> },
      { ...plain('spent', 'Spent', '6.5rem', (o) => o.status?.spentUSD, 'right'), render: (o) => <Money amount={o.status?.spentUSD} /> },
      plain('period', 'Period', '6rem', (o) => o.spec?.period),
    ],
    phases: ['Active', 'Suspended', 'Exceeded'],
  },
  Image: {
    columns: [
      {
        ...plain('reference', 'Reference', 'minmax(12rem, 1.4fr)', (o) => `${o.spec?.repository ?? ''}:${o.spec?.tag ?? ''}`),
        render: (o) => <Clipped text={`${o.metadata.namespace ?? ''}/${text(o.spec?.repository) ?? ''}:${text(o.spec?.tag) ?? ''}`} className="font-mono text-[12.5px] text-slate-700" />,
      },
      plain('cuda', 'CUDA', '5rem', (o) => o.spec?.cuda),
      size,
    ],
    phases: ['Available', 'Deprecated'],
  },
};

const GENERIC: KindTraits = { columns: [phase, owner], phases: ALL_PHASES };

export function kindTraits(kind: Pick<KindInfo, 'kind'>): KindTraits {
  return KINDS[kind.kind] ?? GENERIC;
}

/** Every column but Name (the row header) and the selection box, in order. */
export function tableColumns(kind: Pick<KindInfo, 'kind'>, allProjects: boolean): Column[] {
  return [...(allProjects ? [projectColumn] : []), ...kindTraits(kind).columns, labelsColumn, ageColumn];
}

export const nameSortValue = (o: NodusObject): SortValue => o.metadata.name;
