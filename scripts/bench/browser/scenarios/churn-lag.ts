/**
 * The console under churn: `churnRate` MODIFIED events a second for `churnSeconds` on the seeded Jobs while the
 * table is open. Lag is from the server's event (when the benchmark's own watch on the mock read it) to the frame
 * that painted the new cost in a row in the DOM (the collector's cell watch; the two clocks aligned by a
 * round-trip measurement). "Lost": rows in view that still show an older cost once the churn is over and the page has had
 * time to settle. Long tasks and frames are counted over the churn.
 */
import type { WatchEvent } from '../../env/mock.ts';
import { percentile } from '../../stats.ts';
import type { RunOutcome, Scenario } from '../../types.ts';
import { clockOffset, frameStats, openSession, openTable, worstFrameNote } from '../session.ts';
import type { BenchWindow } from '../collector-types.ts';

/**
 * The churn walks at most this many Jobs (the first by name, which the table shows first): at 2,000 a second it
 * passes the rows in view every 25 s, so that the lag is measured on more than the churn's first moments at any
 * size. Every event still goes to the whole list's watch.
 */
const CHURN_WINDOW = 50_000;

const SETTLE_MS = 15_000;

/** "$1,234.50" and "1234.50" alike. */
function money(text: string): string {
  const n = Number(text.replace(/[^0-9.]/g, ''));
  return Number.isFinite(n) ? n.toFixed(2) : text;
}

export const churnLag: Scenario = {
  id: 'churn-lag',
  title: 'the console: churn on the open table',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome> {
    const { mock, project, plan } = ctx;
    const session = await openSession(ctx);
    const { page, table } = session;
    try {
      await openTable(session, ctx.plan.openTimeoutMs);
      const offset = await clockOffset(page);
      const watching = await page.evaluate(
        ([key, value]) => (window as unknown as BenchWindow).__bench.watchCells(key!, value!),
        [table.nameColumn, table.costColumn],
      );
      if (watching !== 'ok')
        throw new Error(`cannot watch the table's cells (${watching}): check scripts/bench/browser/page-object.ts`);

      const expected = plan.churnRate * plan.churnSeconds;
      const serverAt = new Map<string, number>();
      const latest = new Map<string, string>();
      let received = 0;
      let allIn: () => void = () => undefined;
      const complete = new Promise<void>((resolve) => (allIn = resolve));
      const onEvent = (event: WatchEvent, at: number) => {
        if (event.type !== 'MODIFIED') return;
        const name = event.object.metadata.name ?? '';
        const cost = money(String(event.object.status?.costUSD ?? ''));
        const key = `${name}|${cost}`;
        if (!serverAt.has(key)) serverAt.set(key, at);
        latest.set(name, cost);
        if (++received >= expected) allIn();
      };
      const watch = await mock.api.watchJobs(project, await mock.api.resourceVersion(project), onEvent);
      const start = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      await mock.api.churnJobs(project, plan.churnRate, plan.churnSeconds, Math.min(plan.size, CHURN_WINDOW));
      await Promise.race([complete, page.waitForTimeout(plan.churnSeconds * 1000 + 60_000)]);
      const churnEnd = await page.evaluate(() => (window as unknown as BenchWindow).__bench.now());
      watch.close();

      // Let the page catch up, then compare what is in view with the server's last word on each row.
      const deadline = Date.now() + SETTLE_MS;
      let stale: { key: string; value: string }[] = [];
      do {
        const cells = await page.evaluate(
          ([key, value]) => (window as unknown as BenchWindow).__bench.visibleCells(key!, value!),
          [table.nameColumn, table.costColumn],
        );
        stale = cells.filter((c) => latest.has(c.key) && money(c.value) !== latest.get(c.key));
        if (stale.length === 0) break;
        await page.waitForTimeout(200);
      } while (Date.now() < deadline);
      const changes = await page.evaluate(() => (window as unknown as BenchWindow).__bench.cellChanges());
      const lags: number[] = [];
      const counted = new Set<string>();
      for (const change of changes) {
        const key = `${change.key}|${money(change.value)}`;
        const at = serverAt.get(key);
        if (at === undefined || counted.has(key)) continue;
        counted.add(key);
        lags.push(change.at - offset - at);
      }
      const frames = await frameStats(page, start, churnEnd);
      return {
        figures: [
          {
            id: 'lag-p95',
            label: 'p95 lag, server event → row painted',
            unit: 'ms',
            value: percentile(lags, 95),
            target: { op: '<=', value: 250 },
          },
          { id: 'lag-max', label: 'longest lag', unit: 'ms', value: Math.max(...lags) },
          {
            id: 'long-tasks',
            label: 'long tasks (over 50 ms) during the churn',
            unit: 'count',
            value: frames.longTasks,
            target: { op: '<=', value: 0 },
          },
          { id: 'longest-task', label: 'longest task', unit: 'ms', value: frames.longestTask },
          { id: 'frame-p95', label: 'p95 frame time during the churn', unit: 'ms', value: frames.p95 },
          {
            id: 'frame-p95-raw',
            label: 'the same from raw rAF intervals (0.1 ms clock)',
            unit: 'ms',
            value: frames.p95Raw,
          },
          {
            id: 'lost',
            label: 'rows in view left stale after the churn',
            unit: 'rows',
            value: stale.length,
            target: { op: '<=', value: 0 },
          },
        ],
        notes: [
          `${plan.churnRate.toLocaleString('en')} events/s for ${plan.churnSeconds} s (${received.toLocaleString('en')} received by the benchmark's watch); lag measured on ${lags.length} changes of rows in the DOM (the churn walks the first ${Math.min(plan.size, CHURN_WINDOW).toLocaleString('en')} Jobs by name, round and round, so rows in view change once per pass); clock offset page − bench ${offset.toFixed(1)} ms`,
          ...worstFrameNote(frames),
        ],
      };
    } finally {
      await session.close();
    }
  },
};
