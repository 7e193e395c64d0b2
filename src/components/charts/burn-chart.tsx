/**
 * Spend adding up against a limit, drawn by uPlot: the running total so far, a dashed forecast from now to the
 * end at the present rate, and the limit as a horizontal line. Import it lazily (it is this module's default
 * export), so uPlot loads only with a view that draws it. The canvas is a picture: the same figures are in a table
 * next to it. Amounts come in whole ten-thousandths of a dollar; only the drawing divides them into dollars.
 */
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatUnitsUSD } from '@/lib/money.ts';
import { useTheme, type Theme } from '@/data/theme.ts';
import { axisUSD, chartAxis, chartGrid } from './axis.ts';
import { useSizedPlot } from './use-sized-plot.ts';

export interface BurnPoint {
  /** ms since the epoch */
  at: number;
  /** ten-thousandths of a dollar */
  units: number;
}

export interface BurnChartProps {
  /** The x axis' span (ms): a Budget's period, or an object's window. */
  start: number;
  end: number;
  /** The running total, oldest first. */
  spent: readonly BurnPoint[];
  /** From now (the last spent point) to where the rate leads. */
  forecast?: readonly [BurnPoint, BurnPoint] | undefined;
  limit?: number | undefined;
  limitLabel?: string;
  /** A moment worth a dot on the forecast, such as when it reaches the limit. */
  marker?: (BurnPoint & { label: string }) | undefined;
  label: string;
  height?: number;
}

/** Indigo and rose, a step lighter on the dark card so the lines keep their contrast. */
const LINES = {
  light: { spent: '#4f46e5', spentFill: 'rgba(79, 70, 229, 0.10)', limit: '#e11d48', card: '#fff' },
  dark: { spent: '#818cf8', spentFill: 'rgba(129, 140, 248, 0.16)', limit: '#fb7185', card: '#0f172a' },
};

interface Drawn {
  data: uPlot.AlignedData;
  top: number;
}

function layout(p: BurnChartProps): Drawn {
  const xs = [
    ...new Set([
      p.start,
      ...p.spent.map((s) => s.at),
      ...(p.forecast?.map((f) => f.at) ?? []),
      ...(p.marker ? [p.marker.at] : []),
    ]),
  ].sort((a, b) => a - b);
  const at = (list: readonly BurnPoint[] | undefined) => {
    const by = new Map(list?.map((s) => [s.at, s.units / 10_000]));
    return xs.map((x) => by.get(x) ?? null);
  };
  const spent = at(p.spent);
  // The running total starts from nothing at the start of the span.
  if (spent[0] === null && p.spent.length > 0 && xs[0] === p.start) spent[0] = 0;
  const top = Math.max(p.limit ?? 0, ...p.spent.map((s) => s.units), ...(p.forecast?.map((f) => f.units) ?? []));
  const limit = p.limit === undefined ? undefined : p.limit / 10_000;
  return {
    data: [
      xs.map((x) => x / 1000),
      spent,
      ...(p.forecast ? [at(p.forecast)] : []),
      ...(limit === undefined ? [] : [xs.map(() => limit)]),
      ...(p.marker ? [at([p.marker])] : []),
    ],
    top: top / 10_000,
  };
}

function options(p: BurnChartProps, width: number, current: { top: number }, theme: Theme): uPlot.Options {
  const axis = chartAxis(theme);
  const lines = LINES[theme];
  const value = (_u: uPlot, v: number | null) => (v === null ? '—' : formatUnitsUSD(Math.round(v * 10_000)));
  return {
    width,
    height: p.height ?? 220,
    cursor: { drag: { x: false, y: false }, points: { size: 6 }, y: false },
    // The legend names the lines; the figures under a pointer are in the table, to the cent.
    legend: { live: false },
    hooks: { draw: [() => performance.mark('nodus:chart-drawn')] },
    scales: {
      x: { time: true, range: () => [p.start / 1000, p.end / 1000] },
      y: { range: () => [0, current.top > 0 ? current.top * 1.12 : 1] },
    },
    axes: [
      { ...axis, grid: { show: false } },
      {
        ...axis,
        size: 60,
        grid: chartGrid(theme),
        values: (_u, splits) => splits.map(axisUSD),
      },
    ],
    series: [
      {
        label: 'At',
        value: (_u: uPlot, at: number | null) =>
          at === null
            ? '—'
            : new Date(at * 1000).toLocaleString(undefined, {
                month: 'short',
                day: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
              }),
      },
      { label: 'Spent', stroke: lines.spent, fill: lines.spentFill, width: 2, points: { show: false }, value },
      ...(p.forecast
        ? [
            {
              label: 'Forecast at this rate',
              stroke: lines.spent,
              dash: [6, 5],
              width: 1.5,
              spanGaps: true,
              points: { show: false },
              value,
            },
          ]
        : []),
      ...(p.limit !== undefined
        ? [{ label: p.limitLabel ?? 'Limit', stroke: lines.limit, width: 1.5, points: { show: false }, value }]
        : []),
      ...(p.marker
        ? [
            {
              label: p.marker.label,
              stroke: lines.limit,
              width: 0,
              paths: () => null,
              points: { show: true, size: 9, width: 2, stroke: lines.limit, fill: lines.card },
              value,
            },
          ]
        : []),
    ],
  };
}

export default function BurnChart(props: BurnChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const drawn = useMemo(() => layout(props), [props]);
  // The y range reads the latest top without the chart being built again.
  const current = useRef({ top: drawn.top });
  current.current.top = drawn.top;
  const theme = useTheme();
  const shape = [
    theme,
    props.start,
    props.end,
    props.forecast ? 1 : 0,
    props.limit === undefined ? 0 : 1,
    props.marker?.label ?? '',
    props.height ?? 220,
  ].join('|');

  const plot = useSizedPlot(
    host,
    (width) => new uPlot(options(props, width, current.current, theme), drawn.data, host.current!),
    props.height ?? 220,
    shape,
  );

  useEffect(() => {
    plot.current?.setData(drawn.data);
  }, [plot, drawn]);

  return <div ref={host} role="img" aria-label={props.label} className="money-chart w-full" />;
}
