/**
 * A uPlot chart in `host`, built when the host first has a width and sized by a ResizeObserver after that. The
 * width comes from the observer, after layout: reading `clientWidth` while building would force a layout of the
 * whole page first (thousands of table rows beside a long report), in the same task as the draw.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type uPlot from 'uplot';

export function useSizedPlot(
  host: RefObject<HTMLDivElement | null>,
  /** Builds the chart at a width, from the latest props (it is read when the chart is built, not captured). */
  build: (width: number) => uPlot,
  height: number,
  /** The chart is built again when this changes; new figures go through `setData` on the returned chart. */
  shape: string,
): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(build);
  latest.current = build;
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    let chart: uPlot | undefined;
    const resize = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width <= 0) return;
      if (chart) chart.setSize({ width, height });
      else plot.current = chart = latest.current(width);
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart?.destroy();
      plot.current = null;
    };
  }, [host, height, shape]);
  return plot;
}
