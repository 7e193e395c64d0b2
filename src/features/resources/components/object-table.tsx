/** The objects of one kind in one project: name, then the kind's columns. */
import { clsx } from 'clsx';
import type { KindInfo } from '../../../api/index.ts';
import { useNow } from '../../../lib/use-now.ts';
import type { NodusObject } from '../../../shared/protocol.ts';
import { columnsFor } from '../kind-columns.tsx';

export function ObjectTable({ kind, items, label }: { kind: KindInfo; items: readonly NodusObject[]; label: string }) {
  const now = useNow();
  const columns = columnsFor(kind, items);
  return (
    <table aria-label={label} className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-200 bg-slate-50/80 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <th scope="col" className="px-4 py-2.5 font-medium">Name</th>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={clsx('px-4 py-2.5 font-medium', c.align === 'right' && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((object) => (
          <tr key={object.metadata.uid ?? object.metadata.name} className="hover:bg-slate-50/70">
            <th scope="row" className="w-2/5 max-w-0 truncate px-4 py-2.5 text-left font-medium text-slate-900">
              <span className="font-mono text-[13px]">{object.metadata.name}</span>
            </th>
            {columns.map((c) => (
              <td key={c.id} className={clsx('whitespace-nowrap px-4 py-2.5 text-slate-600', c.align === 'right' && 'text-right')}>
                {c.render(object, { now })}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
