/** Medians and percentiles for the benchmark: every figure it reports is one of these over raw samples or runs. */

/** The value below which p % of the values lie (nearest rank); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/**
 * Frame intervals as the display showed them: each a whole number of refresh periods. The page's clock is coarsened
 * to 0.1 ms, so one refresh at 60 Hz reads anywhere from 16.5 to 16.8 ms, and a p95 of raw intervals lands on
 * that noise (16.8 ms with 97 % of frames on time). The period is the mean of the intervals within 10 % of the
 * 10th percentile (one refresh, unless nine frames in ten were late), and each interval is rounded to a multiple.
 */
export function vsyncIntervals(intervals: readonly number[]): { period: number; frames: number[] } {
  if (intervals.length === 0) return { period: Number.NaN, frames: [] };
  const candidate = percentile(intervals, 10);
  const near = intervals.filter((i) => Math.abs(i - candidate) <= candidate * 0.1);
  const period = near.reduce((sum, i) => sum + i, 0) / near.length;
  // To the clock's 0.1 ms, like the raw intervals: three refreshes read 50.0 ms, not 50.006.
  return { period, frames: intervals.map((i) => Math.round(Math.max(1, Math.round(i / period)) * period * 10) / 10) };
}

/** The middle value (the mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export const MB = 1024 * 1024;
