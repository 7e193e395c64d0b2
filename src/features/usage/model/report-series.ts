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

/** Each step's start from `start` to `end` (exclusive), RFC 3339 as the API writes them. */
export function stepStarts(start: string, end: string, step: string): string[] {
  const from = Date.parse(start);
  const to = Date.parse(end);
  const stepMs = stepSeconds(step) * 1000;
  if (Number.isNaN(from) || Number.isNaN(to)) return [];
  const starts: string[] = [];
  for (let at = from; at < to && starts.length < 1000; at += stepMs)
    starts.push(new Date(at).toISOString().replace('.000Z', 'Z'));
  return starts;
}

export function moneyOverTime(report: UsageReport): MoneyOverTime {
  const first = report.status.series[0];
  return {
    // Nothing spent (no series): the window's steps still, so the chart and the table show zeros, not nothing.
    starts: first ? first.points.map((p) => p.start) : stepStarts(report.spec.start, report.spec.end, report.spec.step),
    stepSeconds: stepSeconds(report.spec.step),
    series: first
      ? report.status.series.map((s) => ({
          key: seriesId(s.key),
          label: seriesLabel(s.key),
          amounts: s.points.map((p) => p.costUSD),
        }))
      : [{ key: seriesId({}), label: seriesLabel({}), amounts: [] }],
  };
}
