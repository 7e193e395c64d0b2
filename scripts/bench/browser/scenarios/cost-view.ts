/**
 * The console's Cost view on the usage project (`plan.size` Jobs with a month of charges, usage-project.ts):
 * - the first chart painted after its data arrived: from the usage report's responseEnd (resource timing) to the
 *   frame after the first `nodus:chart-drawn` mark;
 * - a live change of the burn rate: the benchmark creates Jobs that run, one at a time, each timed from the
 *   create's acknowledgement to the frame after `[data-figure="burn-rate"]` changed (and, the console's share,
 *   from the moment the benchmark's own watch read the Job's rate);
 * - the longest task while the view updates (the starts, and the chart's refresh as their charges post), once
 *   it is live: until the watches of what runs have listed, the burn rate shown is the report's, and that listing
 *   (tens of thousands of running objects in a large project) is a figure of its own;
 * - the chart at thousands of points: a 90-day hourly report (cost-points.ts) served in place of the API's.
 * Relies only on `data-figure="burn-rate"` (and its `data-source`) and the mark, so that the page's layout may
 * change freely.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { epochNow, HEADERS, type WatchEvent } from '../../env/mock.ts';
import { median } from '../../stats.ts';
import type { BenchContext, RunOutcome, Scenario } from '../../types.ts';
import { USAGE_DAYS, USAGE_PROJECT, usageProject } from '../../scenarios/usage-project.ts';
import type { BenchWindow } from '../collector-types.ts';
import { clockOffset, frameStats, openSession, until, worstFrameNote } from '../session.ts';
import { POINTS_SERIES, pointsReport, uplotAloneScript } from './cost-points.ts';

type PaintedDraw = { at: number; paintedAt: number };

const BURN_RATE = '[data-figure="burn-rate"]';
const USAGE_REQUESTS = '/apis/usage\\.nodus\\.dev/';
const POINTS_PROJECT = 'bench-chart';
/** How long to wait for the chart to redraw with the new Jobs' charges (the view refetches every few seconds). */
const REFRESH_WAIT_MS = 20_000;

/** The first chart painted after `since` (page clock), and the last usage report received before it was drawn. */
async function firstChart(
  page: Page,
  since = 0,
): Promise<{
  draw: PaintedDraw;
  reportEnd: number;
  reports: number;
}> {
  const draw = await until('no chart was drawn (no nodus:chart-drawn mark followed by a frame)', async () => {
    const draws = await page.evaluate((s) => (window as unknown as BenchWindow).__bench.chartDraws(s), since);
    const first = draws[0];
    return first?.paintedAt === undefined ? undefined : { at: first.at, paintedAt: first.paintedAt };
  });
  const reports = (
    await page.evaluate((p) => (window as unknown as BenchWindow).__bench.resources(p), USAGE_REQUESTS)
  ).filter((r) => r.end > 0 && r.end >= since && r.end <= draw.at);
  if (reports.length === 0) throw new Error('the chart was drawn before any usage report arrived (resource timing)');
  return { draw, reportEnd: Math.max(...reports.map((r) => r.end)), reports: reports.length };
}

function runningJob(name: string): Record<string, unknown> {
  return {
    metadata: {
      name,
      labels: { app: 'cost-view' },
      // Runs for the whole measurement, and costs too little to reach its cap.
      annotations: { 'mock.nodus.dev/run-seconds': '1000000' },
    },
    spec: { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '100000.00' },
  };
}

/** uPlot's own draw of the 2,160 × 5 chart, in a page of its own (cost-points.ts). */
async function uplotAlone(ctx: BenchContext, hours: number): Promise<{ drawn: number; painted: number }> {
  const page = await ctx.browser!.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js') });
    await page.addStyleTag({ path: createRequire(import.meta.url).resolve('uplot/dist/uPlot.min.css') });
    const [drawn, painted] = (await page.evaluate(uplotAloneScript(hours))) as [number, number];
    return { drawn, painted };
  } finally {
    await page.close();
  }
}

async function deleteJob(ctx: BenchContext, name: string): Promise<void> {
  await fetch(`${ctx.mock.url}${ctx.mock.api.jobsPath(USAGE_PROJECT)}/${name}`, { method: 'DELETE', headers: HEADERS });
}

export const costView: Scenario = {
  id: 'cost-view',
  title: 'the console: the Cost view, its first chart and the live burn rate',
  needsBrowser: true,
  async run(ctx, run): Promise<RunOutcome> {
    const { mock, plan } = ctx;
    await usageProject(mock, plan.size);
    ctx.log('cost-view: the usage project is seeded; opening the Cost view');
    const session = await openSession(ctx, {});
    const { page } = session;
    const created: string[] = [];
    try {
      // (a) The first chart, from its report's arrival to the frame after its first draw.
      await page.goto(`/projects/${USAGE_PROJECT}/cost`);
      const initial = await page.evaluate((s) => (window as unknown as BenchWindow).__bench.watchFigure(s), BURN_RATE);
      // Already shown when the watch began (a small project on a fast host): known only to be no later than now.
      const shownBefore = initial?.includes('$')
        ? await page.evaluate(() => (window as unknown as BenchWindow).__bench.now())
        : undefined;
      const first = await firstChart(page);
      // The burn rate is shown once the watches of running objects have listed (2 in 5 seeded Jobs are Running).
      const shownAt =
        shownBefore ??
        (
          await until(`the burn rate (${BURN_RATE}) was not shown`, async () => {
            const changes = await page.evaluate(() => (window as unknown as BenchWindow).__bench.figureChanges());
            return changes.find((c) => c.text?.includes('$') && c.paintedAt !== undefined);
          })
        ).paintedAt!;

      // Until the watches of what runs have listed (20,000 running Jobs at 50,000), the figure is the report's.
      // Live changes are measured once the view is live; the listing before it is a figure of its own.
      const liveAt = await until('the burn rate did not become live', async () => {
        const live = await page.evaluate(
          (s) => document.querySelector<HTMLElement>(s)?.dataset.source === 'watch',
          BURN_RATE,
        );
        return live ? await page.evaluate(() => (window as unknown as BenchWindow).__bench.now()) : undefined;
      });
      const listing = await frameStats(page, shownAt, liveAt);

      ctx.log('cost-view: chart drawn and burn rate live; starting Jobs');
      // (b) Starts, one at a time: each new running Job moves the burn rate.
      const offset = await clockOffset(page);
      const timeOrigin = await page.evaluate(() => (window as unknown as BenchWindow).__bench.timeOrigin());
      const toPage = (benchEpoch: number) => benchEpoch + offset - timeOrigin;
      const rateAt = new Map<string, number>();
      const watch = await mock.api.watchJobs(
        USAGE_PROJECT,
        await mock.api.resourceVersion(USAGE_PROJECT),
        (event: WatchEvent, at) => {
          const name = event.object.metadata.name ?? '';
          if (event.type !== 'DELETED' && event.object.status?.rateUSDPerHour !== undefined && !rateAt.has(name))
            rateAt.set(name, at);
        },
      );
      const fromAck: number[] = [];
      const fromRate: number[] = [];
      let windowStart: number | undefined;
      let lastPaint = 0;
      try {
        for (let i = 0; i < plan.costStarts; i++) {
          const name = `cost-view-${run}-${i}-${Date.now().toString(36)}`;
          await mock.api.post(mock.api.jobsPath(USAGE_PROJECT), runningJob(name));
          const ack = toPage(epochNow());
          created.push(name);
          windowStart ??= ack;
          const change = await until(`the burn rate did not change after Job ${name} started`, async () => {
            const changes = await page.evaluate(() => (window as unknown as BenchWindow).__bench.figureChanges());
            const seen = changes.find((c) => c.at > ack && c.paintedAt !== undefined && c.text?.includes('$'));
            return seen && rateAt.has(name) ? seen : undefined;
          });
          fromAck.push(change.paintedAt! - ack);
          fromRate.push(change.paintedAt! - toPage(rateAt.get(name)!));
          lastPaint = change.paintedAt!;
        }
      } finally {
        watch.close();
      }
      // (c) ...and the chart's refresh as the new Jobs' charges post: the updates window ends with it.
      const refresh = await until(
        'no redraw',
        async () => {
          const draws = await page.evaluate((s) => (window as unknown as BenchWindow).__bench.chartDraws(s), lastPaint);
          return draws.find((d) => d.paintedAt !== undefined);
        },
        REFRESH_WAIT_MS,
      ).catch(() => undefined);
      const windowEnd = Math.max(lastPaint, refresh?.paintedAt ?? 0);
      const updates = await frameStats(page, windowStart!, windowEnd);
      const opening = await frameStats(page, first.reportEnd, first.draw.paintedAt);

      ctx.log('cost-view: the chart at thousands of points');
      // (d) Thousands of points: the same view on a 90-day hourly report, served in place of the API's.
      await mock.api.post('/api/v1/namespaces', { metadata: { name: POINTS_PROJECT } }).catch(() => undefined);
      const report = JSON.stringify(pointsReport(plan.costPointsHours));
      await page.route(
        (url) => url.pathname.startsWith('/apis/usage.nodus.dev/'),
        (route) => route.fulfill({ status: 200, contentType: 'application/json', body: report }),
      );
      await page.goto(`/projects/${POINTS_PROJECT}/cost`);
      const points = await firstChart(page);
      const pointsFrames = await frameStats(page, points.reportEnd, points.draw.paintedAt);
      await page.unroute(() => true);
      const alone = await uplotAlone(ctx, plan.costPointsHours);

      return {
        figures: [
          {
            id: 'chart',
            label: 'first chart painted after its report arrived',
            unit: 'ms',
            value: first.draw.paintedAt - first.reportEnd,
            target: { op: '<=', value: 500 },
          },
          { id: 'report-nav', label: 'usage report received (from navigation)', unit: 'ms', value: first.reportEnd },
          { id: 'chart-nav', label: 'first chart painted (from navigation)', unit: 'ms', value: first.draw.paintedAt },
          { id: 'chart-task', label: 'longest task, report → chart painted', unit: 'ms', value: opening.longestTask },
          {
            id: 'burn-shown',
            label: 'burn rate shown (from navigation)',
            unit: 'ms',
            value: shownAt,
          },
          {
            id: 'burn-live',
            label: 'burn rate live: what runs listed (from navigation)',
            unit: 'ms',
            value: liveAt,
          },
          {
            id: 'listing-task',
            label: 'longest task while what runs is listed',
            unit: 'ms',
            value: listing.longestTask,
          },
          {
            id: 'burn-lag',
            label: 'a start → burn rate painted, slowest (from the create acknowledged)',
            unit: 'ms',
            value: Math.max(...fromAck),
            target: { op: '<=', value: 1_000 },
          },
          { id: 'burn-lag-p50', label: 'the same, median of the starts', unit: 'ms', value: median(fromAck) },
          {
            id: 'burn-console',
            label: "the console's share: the Job's rate read by the bench's watch → painted, slowest",
            unit: 'ms',
            value: Math.max(...fromRate),
          },
          {
            id: 'update-task',
            label: 'longest task while it updates',
            unit: 'ms',
            value: updates.longestTask,
            target: { op: '<=', value: 50 },
          },
          {
            id: 'update-frame',
            label: 'longest animation frame while it updates',
            unit: 'ms',
            value: updates.worstLoaf?.duration ?? 0,
          },
          {
            id: 'update-long-tasks',
            label: 'long tasks (over 50 ms) while it updates',
            unit: 'count',
            value: updates.longTasks,
          },
          {
            id: 'points',
            label: `${plan.costPointsHours.toLocaleString('en')} × ${POINTS_SERIES} stacked chart painted after its report arrived`,
            unit: 'ms',
            value: points.draw.paintedAt - points.reportEnd,
          },
          {
            id: 'points-task',
            label: `longest task while drawing it`,
            unit: 'ms',
            value: pointsFrames.longestTask,
          },
          {
            id: 'uplot-draw',
            label: 'uPlot alone: the same chart, new uPlot → drawn',
            unit: 'ms',
            value: alone.drawn,
          },
          { id: 'uplot-painted', label: 'uPlot alone: new uPlot → frame painted', unit: 'ms', value: alone.painted },
        ],
        notes: [
          `${plan.size.toLocaleString('en')} Jobs with ${USAGE_DAYS} days of charges; ${first.reports} usage report(s) had arrived when the first chart was drawn (timed from the last of them); ${plan.costStarts} Jobs started one at a time (median from the create ${Math.round(median(fromAck))} ms, of which the mock's controller takes the Job to Running with a rate in ${Math.round(median(fromAck) - median(fromRate))} ms)`,
          refresh
            ? `the updates window (${Math.round(windowEnd - windowStart!)} ms) ends with the chart's redraw after the new Jobs' charges`
            : `the chart did not redraw within ${REFRESH_WAIT_MS / 1000} s of the last start: the updates window ends with the last burn-rate paint`,
          `the ${plan.costPointsHours.toLocaleString('en')}-point report (${plan.costPointsHours / 24} days hourly; the API caps a series at 1,000 points) is served by the benchmark in place of the API's`,
          ...worstFrameNote(updates),
        ],
      };
    } finally {
      for (const name of created) await deleteJob(ctx, name).catch(() => undefined);
      await session.close();
    }
  },
};
