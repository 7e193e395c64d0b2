/**
 * The usage API at size: `plan.size` Jobs seeded with 30 days of charges (one a day each) in a project of their
 * own, then the 30-day report in daily steps, by kind (the cost explorer's first chart) and by object (its top
 * spenders and the series cap). The seeding is timed once; the reports on every run.
 */
import type { RunOutcome, Scenario } from '../types.ts';
import { USAGE_DAYS as DAYS, USAGE_PROJECT as PROJECT, usageProject } from './usage-project.ts';

interface Report {
  status: { totalUSD: string; series: unknown[] };
}

export const mockUsage: Scenario = {
  id: 'mock-usage',
  title: `mock API: the usage report over ${DAYS} days of charges`,
  async run(ctx): Promise<RunOutcome> {
    const { mock, plan } = ctx;
    const seededMs = await usageProject(mock, plan.size);
    const path = (groupBy: string) =>
      `/apis/usage.nodus.dev/v1/namespaces/${PROJECT}/usage?window=${DAYS}d&step=1d&groupBy=${groupBy}`;
    const timed = async (groupBy: string) => {
      const started = performance.now();
      const report = await mock.api.get<Report>(path(groupBy));
      if (report.status.series.length === 0) throw new Error(`the ${groupBy} report has no series`);
      return performance.now() - started;
    };
    const byKind = await timed('kind');
    const byObject = await timed('object');
    return {
      figures: [
        {
          id: 'seed',
          label: `seed ${plan.size.toLocaleString('en')} Jobs × ${DAYS} days`,
          unit: 'ms',
          value: seededMs,
        },
        { id: 'by-kind', label: `${DAYS}d report in daily steps, by kind`, unit: 'ms', value: byKind },
        { id: 'by-object', label: `${DAYS}d report in daily steps, by object (top 20)`, unit: 'ms', value: byObject },
      ],
      notes: [`${(plan.size * DAYS).toLocaleString('en')} charges in the ledger, one bucket each; seeded once`],
    };
  },
};
