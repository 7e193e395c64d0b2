/**
 * Money over time, as the charts and their tables read it. The API sends each bucket's amount as a decimal
 * string; sums (a bucket's total, a series' total, a stack's height) are made in whole ten-thousandths of a
 * dollar, never in floats, and only the drawing divides them into dollars.
 */
import { decimalUSD, parseUSD } from '@/lib/money.ts';
import { csvField } from '@/lib/csv.ts';

export interface MoneySeries {
  key: string;
  /** What the legend and the table's column say. */
  label: string;
  /** One amount per bucket, in the order of `starts`; missing or unreadable counts as nothing spent. */
  amounts: readonly (string | undefined)[];
}

export interface MoneyOverTime {
  /** Each bucket's start, RFC 3339. */
  starts: readonly string[];
  stepSeconds: number;
  series: readonly MoneySeries[];
}

export interface Stacked {
  /** Each bucket's start, in seconds since the epoch (what the chart's x axis takes). */
  xs: number[];
  /** Per series, per bucket: its own amount, in ten-thousandths. */
  units: number[][];
  /** Per series, per bucket: the top of its band in dollars (its amount plus those of the series before it). */
  tops: number[][];
  /** Per bucket: the sum of every series, in ten-thousandths. */
  totals: number[];
}

const UNITS_PER_DOLLAR = 10_000;

export function stack(data: MoneyOverTime): Stacked {
  const xs = data.starts.map((start) => Date.parse(start) / 1000);
  const units = data.series.map((s) => xs.map((_, i) => parseUSD(s.amounts[i]) ?? 0));
  const running = xs.map(() => 0);
  const tops = units.map((row) =>
    row.map((amount, i) => {
      running[i] = running[i]! + amount;
      return running[i] / UNITS_PER_DOLLAR;
    }),
  );
  return { xs, units, tops, totals: running };
}

/** A bucket's start as a person reads it: a date for daily steps and longer, a date and time for shorter ones. */
export function bucketLabel(startMs: number, stepSeconds: number): string {
  return (stepSeconds >= 86_400 ? DAY : HOUR).format(startMs);
}

// One formatter each: toLocaleString builds one per call, which made a 2,160-row hourly table take seconds.
const DAY = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const HOUR = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export interface MoneyTable {
  columns: string[];
  rows: { start: string; amounts: string[]; total: string }[];
  /** Per series over the whole window, then the grand total. */
  totals: string[];
  total: string;
}

/** The chart's data as rows of decimal strings: what the table shows and the CSV holds. */
export function tableOf(data: MoneyOverTime): MoneyTable {
  const { units, totals } = stack(data);
  const seriesTotals = units.map((row) => row.reduce((a, b) => a + b, 0));
  return {
    columns: data.series.map((s) => s.label),
    rows: data.starts.map((start, i) => ({
      start,
      amounts: units.map((row) => decimalUSD(row[i]!)),
      total: decimalUSD(totals[i]!),
    })),
    totals: seriesTotals.map(decimalUSD),
    total: decimalUSD(seriesTotals.reduce((a, b) => a + b, 0)),
  };
}

/** A spreadsheet's view of the table: a header, a row per bucket (amounts in USD as decimals), and a total row. */
export function csvOf(data: MoneyOverTime): string {
  const table = tableOf(data);
  const lines = [
    ['start', ...table.columns, 'total'],
    ...table.rows.map((row) => [row.start, ...row.amounts, row.total]),
    ['total', ...table.totals, table.total],
  ];
  return `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
