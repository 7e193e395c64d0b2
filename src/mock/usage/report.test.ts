import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config.ts';
import { HOUR_MS, type AccountInfo } from '../ledger/ledger.ts';
import { MockState } from '../state.ts';
import { spread } from './history.ts';
import { readUsageQuery } from './query.ts';
import { usageReport } from './report.ts';

const NOW = Date.parse('2026-12-03T15:20:00Z');
const DAY = 24 * HOUR_MS;

function account(name: string, kind: string, labels: Record<string, string> = {}, project = 'p'): AccountInfo {
  return {
    kind,
    name,
    uid: `${kind.toLowerCase()}_${name}`,
    project,
    labels: { 'nodus.dev/created-by': 'ana', ...labels },
  };
}

function stateWith(charges: [AccountInfo, number, bigint][]): MockState {
  const state = new MockState(defaultConfig());
  state.now = () => NOW;
  for (const [info, at, amount] of charges)
    state.ledger.post({ account: info, budgets: [], start: at - 60_000, end: at, amount, rate: 0n });
  return state;
}

/** null reports across all projects. */
const report = (state: MockState, query: string, project: string | null = 'p') =>
  usageReport(state, readUsageQuery(new URLSearchParams(query), project ?? undefined, NOW));

describe('the usage report', () => {
  const a = account('a', 'Job', { team: 'nlp' });
  const b = account('b', 'Sandbox', { team: 'vision' });
  const c = account('c', 'Job');
  const state = stateWith([
    [a, NOW - 2 * DAY, 10_000n],
    [a, NOW - 2 * DAY + HOUR_MS, 5_000n],
    [b, NOW - DAY, 2_500n],
    [c, NOW, 100n],
    [c, NOW - 40 * DAY, 999_999n],
    [account('x', 'Job', {}, 'other'), NOW, 7n],
  ]);

  it('puts each charge in the step its period ended in, and totals exactly', () => {
    const r = report(state, 'window=7d&step=1d');
    expect(r.status.totalUSD).toBe('1.76');
    const points = r.status.series[0]!.points;
    expect(points).toHaveLength(7);
    expect(points.map((p) => p.costUSD)).toEqual(['0.00', '0.00', '0.00', '0.00', '1.50', '0.25', '0.01']);
    expect(points[6]!.start).toBe('2026-12-03T00:00:00Z');
  });

  it('groups by kind, by a label (with "(none)" for objects without it) and by object', () => {
    const byKind = report(state, 'window=7d&groupBy=kind').status.series.map((s) => [s.key, s.totalUSD]);
    expect(byKind).toEqual([
      [{ kind: 'Job' }, '1.51'],
      [{ kind: 'Sandbox' }, '0.25'],
    ]);
    const byTeam = report(state, 'window=7d&groupBy=label:team').status.series.map((s) => [s.key, s.totalUSD]);
    expect(byTeam).toEqual([
      [{ label: { key: 'team', value: 'nlp' } }, '1.50'],
      [{ label: { key: 'team', value: 'vision' } }, '0.25'],
      [{ label: { key: 'team', value: '(none)' } }, '0.01'],
    ]);
    const byObject = report(state, 'window=7d&groupBy=object').status.series[0]!.key;
    expect(byObject).toEqual({ object: { kind: 'Job', name: 'a', uid: 'job_a' } });
  });

  it('folds the series past maxSeries into one that says how many it holds', () => {
    const series = report(state, 'window=7d&groupBy=object&maxSeries=1').status.series;
    expect(series.map((s) => [s.key, s.totalUSD])).toEqual([
      [{ object: { kind: 'Job', name: 'a', uid: 'job_a' } }, '1.50'],
      [{ others: 2 }, '0.26'],
    ]);
    expect(series[1]!.points.at(-1)!.costUSD).toBe('0.01');
  });

  it('filters by object, and lists the top spenders with who created them', () => {
    expect(report(state, 'window=7d&object=Job/c').status.totalUSD).toBe('0.01');
    expect(report(state, 'window=90d&object=Job/c').status.totalUSD).toBe('100.0099');
    const top = report(state, 'window=7d').status.top;
    expect(top.map((t) => [t.object.name, t.costUSD, t.createdBy, t.rateUSDPerHour])).toEqual([
      ['a', '1.50', 'ana', '0.00'],
      ['b', '0.25', 'ana', '0.00'],
      ['c', '0.01', 'ana', '0.00'],
    ]);
  });

  it('covers every project, grouped by project, without a project in the path', () => {
    const r = report(state, 'window=24h&groupBy=project', null);
    expect(r.metadata).toEqual({});
    expect(r.status.series.map((s) => [s.key, s.totalUSD])).toEqual([
      [{ project: 'p' }, '0.01'],
      [{ project: 'other' }, '0.0007'],
    ]);
  });

  it('answers one series of zeros when nothing was charged', () => {
    const r = report(stateWith([]), 'window=24h');
    expect(r.status.series).toHaveLength(1);
    expect(r.status.series[0]!.points).toHaveLength(24);
    expect(r.status).toMatchObject({ totalUSD: '0.00', burnRateUSDPerHour: '0.00', top: [] });
  });
});

describe('spreading history', () => {
  it('splits an amount over hours in whole cents, adding up exactly', () => {
    const parts = spread(12_345_600n, NOW - 10 * HOUR_MS, NOW, (t) => (new Date(t).getUTCHours() < 9 ? 0.2 : 1));
    expect(parts).toHaveLength(11);
    expect(parts.reduce((n, p) => n + p.amount, 0n)).toBe(12_345_600n);
    expect(parts.slice(0, -1).every((p) => p.amount % 100n === 0n)).toBe(true);
    expect(parts[0]!.amount < parts[5]!.amount).toBe(true);
  });
});
