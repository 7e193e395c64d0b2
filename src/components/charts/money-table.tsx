/**
 * A chart's figures as a table: a row per bucket, a column per series, totals at the end, every amount in the one
 * money format; and the same as CSV (decimal strings in USD, what a spreadsheet sums exactly). It is what screen
 * readers read in place of the canvas, and what a person copies.
 */
import { useDeferredValue, useMemo } from 'react';
import { formatUSD } from '@/lib/format.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { bucketLabel, csvOf, tableOf, type MoneyOverTime, type MoneyTable as MoneyTableData } from './money-series.ts';

const NO_TABLE: MoneyTableData = { columns: [], rows: [], totals: [], total: '0.00' };

/** Saves the chart's figures as `<filename>.csv`. */
export function downloadCsv(data: MoneyOverTime, filename: string): void {
  saveBlob(new Blob([csvOf(data)], { type: 'text/csv;charset=utf-8' }), `${filename}.csv`);
}

export function MoneyTable({
  data,
  caption,
  filename,
  download = true,
  shown = true,
}: {
  data: MoneyOverTime;
  caption: string;
  /** The CSV's file name, without extension. */
  filename: string;
  /** False while a view keeps the table for screen readers only: then it takes no tab stop of its own. */
  shown?: boolean;
  /** False when the view puts the download elsewhere (`downloadCsv`). */
  download?: boolean;
}) {
  // Thousands of rows (90 days hourly) take hundreds of milliseconds to build: they come after the chart, in a
  // render React splits into slices, so neither the chart nor input waits for them.
  const table = useDeferredValue(
    useMemo(() => tableOf(data), [data]),
    NO_TABLE,
  );
  const building = table === NO_TABLE;
  return (
    <div>
      {download ? (
        <div className="flex items-center justify-end px-4 py-2">
          <button
            type="button"
            onClick={() => downloadCsv(data, filename)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            Download CSV
          </button>
        </div>
      ) : null}
      {/* Focusable, so the rows below the fold scroll from the keyboard too. */}
      <div
        tabIndex={shown ? 0 : undefined}
        role="region"
        aria-label={`${caption}, scrollable`}
        className={
          shown ? 'max-h-80 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40' : ''
        }
      >
        <table aria-label={caption} aria-busy={building} className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 border-b border-slate-100 bg-white text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-medium">
                {data.stepSeconds >= 86_400 ? 'Day' : 'From'}
              </th>
              {table.columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-50">
            {table.rows.map((row) => (
              <tr key={row.start}>
                <th scope="row" className="px-4 py-1.5 text-left font-normal whitespace-nowrap text-slate-600">
                  <time dateTime={row.start}>{bucketLabel(Date.parse(row.start), data.stepSeconds)}</time>
                </th>
                {row.amounts.map((amount, i) => (
                  <td key={table.columns[i]} className="px-2 py-1.5 text-slate-700">
                    {formatUSD(amount)}
                  </td>
                ))}
                <td className="px-4 py-1.5 font-medium text-slate-900">{formatUSD(row.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot hidden={building} className="border-t border-slate-200 font-medium text-slate-900">
            <tr>
              <th scope="row" className="px-4 py-2 text-left">
                Total
              </th>
              {table.totals.map((amount, i) => (
                <td key={table.columns[i]} className="px-2 py-2">
                  {formatUSD(amount)}
                </td>
              ))}
              <td className="px-4 py-2">{formatUSD(table.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
