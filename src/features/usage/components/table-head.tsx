/** The head row of the Cost view's tables: one look for every column label, numbers aligned right. */
import { clsx } from 'clsx';

export interface HeadColumn {
  label: string;
  /** Amounts line up on the right, under their label. */
  numeric?: boolean;
  /** Left out (a Project column on a single project's page). */
  hidden?: boolean;
  className?: string;
}

export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead className="border-b border-slate-100 text-left text-xs text-slate-500">
      <tr>
        {columns
          .filter((c) => !c.hidden)
          .map((c) => (
            <th
              key={c.label}
              scope="col"
              className={clsx('px-4 py-2 font-medium whitespace-nowrap', c.numeric && 'text-right', c.className)}
            >
              {c.label}
            </th>
          ))}
      </tr>
    </thead>
  );
}
