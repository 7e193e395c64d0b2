import { describe, expect, it } from 'vitest';
import type { UsageReport } from '../api/usage-report.ts';
import { moneyOverTime, stepStarts } from './report-series.ts';

function report(series: UsageReport['status']['series']): UsageReport {
  return {
    apiVersion: 'usage.nodus.dev/v1',
    kind: 'UsageReport',
    metadata: { namespace: 'p' },
    spec: {
      window: '24h',
      start: '2026-12-03T00:00:00Z',
      end: '2026-12-03T03:00:00Z',
      step: '1h',
      groupBy: 'kind',
      maxSeries: 20,
    },
    status: { asOf: '2026-12-03T02:30:00Z', totalUSD: '0.00', burnRateUSDPerHour: '0.00', series, top: [] },
  };
}

describe('moneyOverTime', () => {
  it('names each series as a person reads its key', () => {
    const data = moneyOverTime(
      report([
        { key: { kind: 'Job' }, totalUSD: '1.50', points: [{ start: '2026-12-03T00:00:00Z', costUSD: '1.50' }] },
      ]),
    );
    expect(data.series.map((s) => [s.label, s.amounts])).toEqual([['Job', ['1.50']]]);
    expect(data.starts).toEqual(['2026-12-03T00:00:00Z']);
  });

  it('draws an empty window as zeros over its steps, not as nothing', () => {
    const data = moneyOverTime(report([]));
    expect(data.starts).toEqual(['2026-12-03T00:00:00Z', '2026-12-03T01:00:00Z', '2026-12-03T02:00:00Z']);
    expect(data.series).toHaveLength(1);
    expect(data.series[0]!.label).toBe('Spend');
  });

  it('steps through a window, end exclusive', () => {
    expect(stepStarts('2026-12-01T00:00:00Z', '2026-12-03T00:00:00Z', '1d')).toEqual([
      '2026-12-01T00:00:00Z',
      '2026-12-02T00:00:00Z',
    ]);
    expect(stepStarts('nonsense', '2026-12-03T00:00:00Z', '1d')).toEqual([]);
  });
});
