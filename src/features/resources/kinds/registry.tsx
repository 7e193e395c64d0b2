/**
 * The table's view of the kinds registry (src/kinds): each kind's columns drawn with the table's cells, the
 * phases it moves through (for the phase filter) and what deleting it also does. Which actions apply to an
 * object is src/kinds's too, shared with the object page. A kind the spec does not declare gets the registry's
 * generic columns and every phase.
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { PhaseBadge } from '@/components/ui/phase-badge.tsx';
import { gpuOf, presentationOf, type ColumnSpec, type KindPresentation } from '@/kinds/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import { labelColumnId, labelKeyOf } from '@/data/column-layout.ts';
import type { SortValue } from '../table/table-view.ts';
import { Age, Clipped, Gpu, LabelChips, Money, Owner, ownerOf } from '../components/cells.tsx';

export interface Column {
  id: string;
  header: string;
  /** A CSS grid track: every row uses the same template, so columns line up without measuring. */
  width: string;
  align?: 'right';
  /** Absent: the column cannot be sorted. Keys of one column are all numbers or all strings. */
  sortValue?: (object: TableItem) => SortValue;
  /** Numbers and ages read best biggest first on the first click. */
  firstDesc?: boolean;
  render: (object: TableItem) => ReactNode;
  /** The value as plain text, as an export writes it (raw numbers and timestamps, not as formatted). */
  text: (object: TableItem) => string;
}

export interface KindTraits {
  columns: Column[];
  phases: readonly string[];
  /** The phase an object of this kind shows while it waits for its final charge after a delete. */
  deletingPhase?: KindPresentation['deletingPhase'];
  /** What else a delete removes. */
  cascade?: string;
}

const num = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The sort key of a column: GPUs by count, owners by name, right-aligned columns as numbers, the rest as text. */
function sortValueOf(spec: ColumnSpec): (o: TableItem) => SortValue {
  if (spec.cell === 'gpu') return (o) => gpuOf(o).count || undefined;
  if (spec.cell === 'owner') return (o) => ownerOf(o)?.text;
  const read = spec.sortBy ?? spec.value ?? (() => undefined);
  return spec.align === 'right' ? (o) => num(read(o)) : (o) => text(read(o));
}

function textOf(spec: ColumnSpec): (o: TableItem) => string {
  if (spec.cell === 'gpu')
    return (o) => {
      const { type, count } = gpuOf(o);
      return type && count > 0 ? `${count}x ${type}` : '';
    };
  if (spec.cell === 'owner') return (o) => ownerOf(o)?.text ?? '';
  const read = spec.value ?? (() => undefined);
  return (o) => text(read(o)) ?? '';
}

function cellOf(spec: ColumnSpec): (o: TableItem) => ReactNode {
  const read = spec.value ?? (() => undefined);
  switch (spec.cell) {
    case 'phase':
      return (o) => <PhaseBadge phase={text(read(o))} still />;
    case 'gpu':
      return (o) => <Gpu object={o} />;
    case 'owner':
      return (o) => <Owner object={o} />;
    case 'money':
      return (o) => <Money amount={read(o)} warn={spec.warn?.(o)} live={spec.live?.(o)} />;
    case 'size':
      return (o) => (
        <Clipped
          text={read(o) === undefined ? '—' : `${text(read(o)) ?? ''} GiB`}
          className="tabular-nums text-slate-600"
        />
      );
    case 'reference':
      return (o) => <Clipped text={text(read(o)) ?? ''} className="font-mono text-[12.5px] text-slate-700" />;
    case 'text':
      return (o) => (
        <Clipped text={text(read(o)) ?? '—'} className={clsx('text-slate-600', spec.align && 'tabular-nums')} />
      );
  }
}

/** A registry column as the table draws it. */
function toColumn(spec: ColumnSpec): Column {
  // Numbers and GPU counts read best biggest first.
  const firstDesc = spec.align === 'right' || spec.cell === 'gpu';
  return {
    id: spec.id,
    header: spec.header,
    width: spec.width,
    ...(spec.align ? { align: spec.align } : {}),
    ...(firstDesc ? { firstDesc } : {}),
    sortValue: sortValueOf(spec),
    render: cellOf(spec),
    text: textOf(spec),
  };
}

const labelsColumn: Column = {
  id: 'labels',
  header: 'Labels',
  width: 'minmax(10rem, 1.6fr)',
  render: (o) => <LabelChips labels={o.metadata.labels} />,
  text: (o) =>
    Object.entries(o.metadata.labels ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(','),
};
const ageColumn: Column = {
  id: 'age',
  header: 'Age',
  // Room for an absolute time of day ("19:24:34") as well as an age.
  width: '5.5rem',
  align: 'right',
  // Youngest first when ascending, as ages read.
  sortValue: (o) => {
    const t = Date.parse(o.metadata.creationTimestamp ?? '');
    return Number.isNaN(t) ? undefined : -t;
  },
  render: (o) => <Age timestamp={o.metadata.creationTimestamp} />,
  text: (o) => o.metadata.creationTimestamp ?? '',
};
const projectColumn: Column = {
  id: 'project',
  header: 'Project',
  width: 'minmax(6rem, 0.6fr)',
  sortValue: (o) => o.metadata.namespace,
  render: (o) => <Clipped text={o.metadata.namespace ?? ''} className="text-slate-600" />,
  text: (o) => o.metadata.namespace ?? '',
};

const traits = new Map<string, KindTraits>();

/** What the table reads of a registry entry. */
export function traitsOf(p: KindPresentation): KindTraits {
  return {
    columns: p.columns.map(toColumn),
    phases: p.phases,
    ...(p.deletingPhase ? { deletingPhase: p.deletingPhase } : {}),
    ...(p.cascade ? { cascade: p.cascade } : {}),
  };
}

/** One object per kind, so columns keep their identity between renders. */
export function kindTraits(kind: Pick<KindInfo, 'kind'>): KindTraits {
  let found = traits.get(kind.kind);
  if (!found) traits.set(kind.kind, (found = traitsOf(presentationOf(kind.kind))));
  return found;
}

/** Every column but Name (the row header) and the selection box, in order. */
export function tableColumns(kind: Pick<KindInfo, 'kind'>, allProjects: boolean): Column[] {
  return [...(allProjects ? [projectColumn] : []), ...kindTraits(kind).columns, labelsColumn, ageColumn];
}

export const nameSortValue = (o: TableItem): SortValue => o.metadata.name;

const labelColumns = new Map<string, Column>();

/** A label as a column of its own (`kubectl get -L key`): its value, sortable; one object per key. */
export function labelColumn(key: string): Column {
  let found = labelColumns.get(key);
  if (!found) {
    const value = (o: TableItem) => o.metadata.labels?.[key];
    found = {
      id: labelColumnId(key),
      header: key,
      width: 'minmax(7rem, 0.8fr)',
      sortValue: value,
      render: (o) => <Clipped text={value(o) ?? '—'} className="font-mono text-[12px] text-slate-600" />,
      text: (o) => value(o) ?? '',
    };
    labelColumns.set(key, found);
  }
  return found;
}

/** The column an id names: one of `columns`, or a label column; undefined for an id this kind does not have. */
export function columnById(columns: readonly Column[], id: string): Column | undefined {
  const key = labelKeyOf(id);
  return key !== undefined ? labelColumn(key) : columns.find((c) => c.id === id);
}
