/**
 * Table columns as data. Every kind gets the generic columns; a column with `visible` shows only when the
 * listed objects carry its field, so a kind without `spec.maxCostUSD` has no empty Max cost column.
 * Known kinds may add their own columns in KIND_COLUMNS, keyed by `Kind`.
 */
import type { ReactNode } from 'react';
import type { KindInfo } from '../../api/index.ts';
import { PhaseBadge } from '../../components/ui/phase-badge.tsx';
import { formatAge, formatUSD } from '../../lib/format.ts';
import type { NodusObject } from '../../shared/protocol.ts';

export interface ColumnContext {
  now: number;
}

export interface Column {
  id: string;
  header: string;
  align?: 'left' | 'right';
  render: (object: NodusObject, context: ColumnContext) => ReactNode;
  visible?: (items: readonly NodusObject[]) => boolean;
}

const phaseColumn: Column = {
  id: 'phase',
  header: 'Phase',
  render: (o) => <PhaseBadge phase={o.status?.phase} />,
};

const maxCostColumn: Column = {
  id: 'maxCostUSD',
  header: 'Max cost',
  align: 'right',
  render: (o) => <Money amount={o.spec?.maxCostUSD} />,
  visible: (items) => items.some((o) => o.spec?.maxCostUSD !== undefined),
};

const costColumn: Column = {
  id: 'costUSD',
  header: 'Cost',
  align: 'right',
  render: (o) => <Money amount={o.status?.costUSD} />,
  visible: (items) => items.some((o) => o.status?.costUSD !== undefined),
};

const ageColumn: Column = {
  id: 'age',
  header: 'Age',
  align: 'right',
  render: (o, { now }) => (
    <time dateTime={o.metadata.creationTimestamp} title={o.metadata.creationTimestamp} className="tabular-nums">
      {formatAge(o.metadata.creationTimestamp, now)}
    </time>
  ),
};

function Money({ amount }: { amount: unknown }) {
  return <span className="font-mono text-[13px] tabular-nums">{formatUSD(amount) ?? '—'}</span>;
}

function field(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

function sizeColumn(header: string): Column {
  return {
    id: 'sizeGiB',
    header,
    align: 'right',
    render: (o) => <span className="tabular-nums">{o.spec?.sizeGiB === undefined ? '—' : `${field(o.spec.sizeGiB)} GiB`}</span>,
  };
}

/** Extra columns per kind, placed before Age. A kind that is not here still gets the generic columns. */
const KIND_COLUMNS: Record<string, Column[]> = {
  Budget: [
    { id: 'limitUSD', header: 'Limit', align: 'right', render: (o) => <Money amount={o.spec?.limitUSD} /> },
    { id: 'spentUSD', header: 'Spent', align: 'right', render: (o) => <Money amount={o.status?.spentUSD} /> },
    { id: 'period', header: 'Period', render: (o) => field(o.spec?.period) },
  ],
  Volume: [sizeColumn('Size')],
  Image: [
    {
      id: 'reference',
      header: 'Reference',
      // How a spec refers to a published image: <project>/<repository>:<tag>.
      render: (o) => (
        <span className="font-mono text-[13px]">{`${o.metadata.namespace ?? ''}/${field(o.spec?.repository)}:${field(o.spec?.tag)}`}</span>
      ),
    },
    sizeColumn('Size'),
  ],
};

/** The Name column is the row header and is rendered by the table itself. */
export function columnsFor(kind: KindInfo, items: readonly NodusObject[]): Column[] {
  const columns = [phaseColumn, ...(KIND_COLUMNS[kind.kind] ?? []), costColumn, maxCostColumn, ageColumn];
  return columns.filter((c) => !c.visible || c.visible(items));
}
