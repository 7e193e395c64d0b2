/** A usage report as the charts read it: each series named as a person reads its key. */
import type { MoneyOverTime } from '@/components/charts/money-series.ts';
import type { SeriesKey, UsageReport } from '../api/usage-report.ts';

const STEP_SECONDS: Record<string, number> = { h: 3600, d: 86_400 };

/** `1h` → 3600, `7d` → 604800. */
export function stepSeconds(step: string): number {
  const match = /^(\d+)([hd])$/.exec(step);
  return match ? Number(match[1]) * STEP_SECONDS[match[2]!]! : 3600;
}

/** What a series is called in the legend and the table: "Job", "team=nlp", "Job/train-a", "nlp", "4 others". */
export function seriesLabel(key: SeriesKey): string {
  if (key.others !== undefined) return `${key.others} other${key.others === 1 ? '' : 's'}`;
  if (key.object) return `${key.object.kind}/${key.object.name}${key.project ? ` (${key.project})` : ''}`;
  if (key.label) return key.label.value === '(none)' ? `no ${key.label.key}` : key.label.value;
  if (key.kind) return key.kind;
  if (key.project) return key.project;
  return 'Spend';
}

/** A stable id for a series' key (its color follows it from one window to the next). */
export function seriesId(key: SeriesKey): string {
  return JSON.stringify(key);
}

export function moneyOverTime(report: UsageReport): MoneyOverTime {
  const first = report.status.series[0];
  return {
    starts: first ? first.points.map((p) => p.start) : [],
    stepSeconds: stepSeconds(report.spec.step),
    series: report.status.series.map((s) => ({
      key: seriesId(s.key),
      label: seriesLabel(s.key),
      amounts: s.points.map((p) => p.costUSD),
    })),
  };
}
