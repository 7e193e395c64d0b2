/**
 * A spend chart's figures as a table: a row per bucket with what it added and the running total, the total at the
 * foot (a Budget's spent, or an object's costUSD), and the same as CSV. Screen readers read it in place of the
 * canvas; a finance lead copies it.
 */
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { bucketLabel } from '@/components/charts/money-series.ts';
import { formatUnitsUSD } from '@/lib/money.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { percentOf, spendCsv, type SpendRow } from '../model/spend.ts';

export function SpendTable({
  rows,
  stepMs,
  caption,
  filename,
  limit,
  limitLabel,
}: {
  rows: readonly SpendRow[];
  stepMs: number;
  caption: string;
  /** The CSV's file name, without extension. */
  filename: string;
  limit?: number | undefined;
  limitLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const download = () => saveBlob(new Blob([spendCsv(rows)], { type: 'text/csv;charset=utf-8' }), `${filename}.csv`);
  return (
    <div className="border-t border-slate-100">
      <div className="flex items-center justify-between px-4 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="flex items-center gap-1.5 text-xs font-medium text-indigo-700 hover:text-indigo-900"
        >
          <span aria-hidden="true" className={clsx('inline-block transition-transform', open && 'rotate-90')}>
            ›
          </span>
          {open ? 'Hide the figures' : 'Show the figures as a table'}
        </button>
        <button
          type="button"
          onClick={download}
          className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        >
          Download CSV
        </button>
      </div>
      {open ? (
        <div id={id} className="max-h-72 overflow-auto border-t border-slate-100">
          <table aria-label={caption} className="w-full text-right text-sm tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 border-b border-slate-100 bg-white text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 text-left font-medium">
                  {stepMs >= 86_400_000 ? 'Day' : 'From'}
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Spent
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Running total
                </th>
                {limit !== undefined ? (
                  <th scope="col" className="px-4 py-2 font-medium">
                    % of {limitLabel}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-50">
              {rows.map((row) => (
                <tr key={row.start}>
                  <th scope="row" className="px-4 py-1.5 text-left font-normal whitespace-nowrap text-slate-600">
                    <time dateTime={row.start}>{bucketLabel(Date.parse(row.start), stepMs / 1000)}</time>
                  </th>
                  <td className="px-2 py-1.5 text-slate-700">{formatUnitsUSD(row.amount)}</td>
                  <td className="px-2 py-1.5 text-slate-900">{formatUnitsUSD(row.cumulative)}</td>
                  {limit !== undefined ? (
                    <td className="px-4 py-1.5 text-slate-500">{percentOf(row.cumulative, limit)} %</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-200 font-medium text-slate-900">
              <tr>
                <th scope="row" className="px-4 py-2 text-left">
                  Total
                </th>
                <td data-figure="table-total" className="px-2 py-2">
                  {formatUnitsUSD(total)}
                </td>
                <td className="px-2 py-2">{formatUnitsUSD(total)}</td>
                {limit !== undefined ? <td className="px-4 py-2">{percentOf(total, limit)} %</td> : null}
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
    </div>
  );
}
