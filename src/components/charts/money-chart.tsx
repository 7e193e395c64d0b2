/**
 * Money over time as stacked bars, drawn by uPlot on a canvas: thousands of buckets stay smooth, and it needs
 * neither eval nor inline script, so it runs under the production Content-Security-Policy. Import it lazily, with
 * the view that draws it. The canvas is a picture: the same figures are in `MoneyTable` for screen readers and for
 * copying, and the legend shows the bucket under the pointer.
 */
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatUnitsUSD } from '@/lib/money.ts';
import { useTheme, type Theme } from '@/data/theme.ts';
import { axisUSD, chartAxis, chartGrid } from './axis.ts';
import { bucketLabel, stack, type MoneyOverTime, type Stacked } from './money-series.ts';
import { seriesColor } from './palette.ts';
import { useSizedPlot } from './use-sized-plot.ts';

/** uPlot draws series in order, so the top of the stack goes first and each band below is drawn over it. */
function drawOrder(data: MoneyOverTime): number[] {
  return data.series.map((_, i) => data.series.length - 1 - i);
}

function options(
  data: MoneyOverTime,
  width: number,
  height: number,
  current: { stacked: Stacked },
  theme: Theme,
): uPlot.Options {
  const axis = chartAxis(theme);
  const bars = uPlot.paths.bars!({ size: [0.8, 48], align: 1, gap: 1 });
  return {
    width,
    height,
    cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
    legend: { live: true },
    // A mark per drawing: the benchmark times a chart from its data's arrival to its first paint.
    hooks: { draw: [() => performance.mark('nodus:chart-drawn')] },
    scales: {
      // Each bar spans its bucket, from its start: the axis runs to the end of the last one.
      x: { time: true, range: (_u, min, max) => [min, max + data.stepSeconds] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
    },
    axes: [
      { ...axis, grid: { show: false } },
      { ...axis, size: 56, grid: chartGrid(theme), values: (_u, splits) => splits.map(axisUSD) },
    ],
    series: [
      {
        label: data.stepSeconds >= 86_400 ? 'Day' : 'From',
        // Away from the chart, the legend gives each series' total over the window.
        value: (_u: uPlot, at: number | null) => (at === null ? 'Total' : bucketLabel(at * 1000, data.stepSeconds)),
      },
      ...drawOrder(data).map((index) => {
        const color = seriesColor(data.series[index]!.key, index);
        return {
          label: data.series[index]!.label,
          stroke: color,
          fill: color,
          width: 0,
          paths: bars,
          points: { show: false },
          // The band's own amount, not the top of the stack it is drawn to.
          value: (_u: uPlot, _v: number | null, _s: number, at: number | null) =>
            formatUnitsUSD(
              at === null
                ? current.stacked.units[index]!.reduce((a, b) => a + b, 0)
                : (current.stacked.units[index]![at] ?? 0),
            ),
        } satisfies uPlot.Series;
      }),
    ],
  };
}

function aligned(data: MoneyOverTime, stacked: Stacked): uPlot.AlignedData {
  return [stacked.xs, ...drawOrder(data).map((index) => stacked.tops[index]!)];
}

export function MoneyChart({ data, label, height = 240 }: { data: MoneyOverTime; label: string; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  const stacked = useMemo(() => stack(data), [data]);
  // The legend's values read the latest figures without the chart being built again.
  const current = useRef({ stacked });
  current.current.stacked = stacked;
  const theme = useTheme();
  const shape = `${theme}|${data.stepSeconds}|${data.series.map((s) => `${s.key}\u0000${s.label}`).join('\u0001')}`;
  const plot = useSizedPlot(
    host,
    (width) => new uPlot(options(data, width, height, current.current, theme), aligned(data, stacked), host.current!),
    height,
    shape,
  );

  useEffect(() => {
    plot.current?.setData(aligned(data, stacked));
  }, [plot, data, stacked]);

  return <div ref={host} role="img" aria-label={label} className="money-chart w-full" />;
}
