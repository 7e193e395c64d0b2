/**
 * The report the cost-view scenario serves in place of the API's must read as the console reads a real one: every
 * series with a bucket per hour, consecutive, and totals that add up, or the chart it times would not be the
 * chart at thousands of points.
 */
import { describe, expect, test } from 'vitest';
import { stack } from '@/components/charts/money-series.ts';
import type { UsageReport } from '@/features/usage/api/usage-report.ts';
import { moneyOverTime } from '@/features/usage/model/report-series.ts';
import { parseUSD, sumUSD } from '@/lib/money.ts';
import { parseOptions, planFor } from '../../cli.ts';
import { POINTS_SERIES, pointsReport } from './cost-points.ts';

describe("the cost-view scenario's report at thousands of points", () => {
  test('90 days hourly: 2,160 consecutive buckets in each of 5 series, as the console reads it', () => {
    const now = Date.parse('2026-12-04T09:30:00Z');
    const report = pointsReport(90 * 24, now) as unknown as UsageReport;
    const data = moneyOverTime(report);
    expect(data.stepSeconds).toBe(3600);
    expect(data.starts).toHaveLength(2160);
    expect(data.series).toHaveLength(POINTS_SERIES);
    expect(new Set(data.series.map((s) => s.label)).size).toBe(POINTS_SERIES);
    const { xs, totals } = stack(data);
    expect(xs.every((x, i) => i === 0 || x - xs[i - 1]! === 3600)).toBe(true);
    // The last bucket is the hour before the current one, as the API's window ends at the hour.
    expect(xs.at(-1)).toBe(Date.parse('2026-12-04T08:00:00Z') / 1000);
    for (const series of report.status.series) {
      expect(series.points).toHaveLength(2160);
      expect(sumUSD(series.points.map((p) => p.costUSD))).toBe(parseUSD(series.totalUSD));
    }
    expect(totals.reduce((a, b) => a + b, 0)).toBe(parseUSD(report.status.totalUSD));
    expect(totals.some((t) => t > 0)).toBe(true);
  });

  test('a full run draws 90 days hourly; --quick draws fewer and starts fewer Jobs', () => {
    const full = planFor(parseOptions([]) as never);
    const quick = planFor(parseOptions(['--quick']) as never);
    expect(full.costPointsHours).toBe(2160);
    expect(quick.costPointsHours).toBeLessThan(full.costPointsHours);
    expect(quick.costStarts).toBeGreaterThan(0);
    expect(quick.costStarts).toBeLessThan(full.costStarts);
  });
});
