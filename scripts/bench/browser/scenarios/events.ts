/**
 * The console's Events, as a busy project has them, each made through the API as a person's writes make them:
 * - Activity, cold: a project holding `plan.activityEvents` Events (the creations of as many Budgets; a project
 *   keeps at most 5,000): the first events painted, and all of them listed and painted against the ceiling of the
 *   same list read by a client that only reads it (pages of 1,000), in the same run. Timed from the first events
 *   page the page asks for, so that the page's own load (open-table's figure) is not counted again.
 * - Activity, live: the Budgets change `eventsFloodRate` times a second for `eventsFloodSeconds`, each change an
 *   Event whose note names the new value (past the bound, each new one pushes the oldest out): the write's
 *   acknowledgement to the newest row painted (p95), the tasks over 50 ms meanwhile, and whether the view ends with
 *   every Event the API has.
 * - An object's Events tab, live, while that object changes as often (the API folds a burst of similar events into
 *   one that counts them, as Kubernetes' aggregator does): the same three figures.
 * Relies on the list's label ("Events, newest first"), `data-event` on each row, Activity's "N of N events" and the
 * tab's `data-figure="event-count"`.
 */
import { streamedLists } from '../streamed-list.ts';
import { epochNow, HEADERS } from '../../env/mock.ts';
import { listEvery } from '../../scenarios/mock-list.ts';
import { readListInBrowser } from './browser-list.ts';
import { percentile } from '../../stats.ts';
import type { BenchPlan } from '../../cli.ts';
import { NotApplicable, type Figure, type RunOutcome, type Scenario } from '../../types.ts';
import type { BenchWindow } from '../collector-types.ts';
import {
  clockOffset,
  frameStats,
  marks,
  openSession,
  worstFrameNote,
  type FrameStats,
  type Marks,
  type Session,
  until,
} from '../session.ts';

const LIST = '[aria-label="Events, newest first"]';
const TAB_COUNT = '[data-figure="event-count"]';
const ACTIVITY_COUNT = 'p[aria-live="polite"]';
const WATCHED = 'watched';
/** The value the watched Budget's limit starts at; change i sets it to this plus i cents. */
const BASE_CENTS = 100_000;
const WRITERS = 16;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Runs `task` over `count` indexes, `WRITERS` at a time. */
async function inParallel(count: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(WRITERS, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function write(url: string, method: 'POST' | 'PATCH', body: unknown): Promise<void> {
  const res = await fetch(url, {
    method,
    headers: method === 'PATCH' ? { ...HEADERS, 'Content-Type': 'application/merge-patch+json' } : HEADERS,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

interface FloodResult {
  lags: number[];
  frames: FrameStats;
  /** The API's events (of the project, or of the object) after the last write, and what the view showed of them. */
  total: number;
  shown: number;
  /** When the view showed them all, in ms after the last write's acknowledgement (undefined: never, in 30 s). */
  caughtUp: number | undefined;
  seconds: number;
}

/**
 * Sends `changes` writes paced at `rate` a second, each setting Budget `target(i)`'s limit to a value of its own,
 * and times each newest row the page paints whose note names a value sent. `count` reads how many events the view
 * shows; `listPath` lists what the API has.
 */
async function flood(
  session: Session,
  options: {
    budgets: string;
    changes: number;
    rate: number;
    target: (i: number) => string;
    count: () => Promise<number>;
    listPath: string;
    mockUrl: string;
  },
): Promise<FloodResult> {
  const { page } = session;
  await page.evaluate((s) => (window as unknown as BenchWindow).__bench.watchFigure(s), `${LIST} [data-event]`);
  const offset = await clockOffset(page);
  const timeOrigin = await page.evaluate(() => (window as unknown as BenchWindow).__bench.timeOrigin());
  const toPage = (epoch: number) => epoch + offset - timeOrigin;
  const acked = new Map<string, number>();
  const start = toPage(epochNow());
  const began = performance.now();
  await inParallel(options.changes, async (i) => {
    // Paced: change i is sent no earlier than its moment.
    const wait = began + (i / options.rate) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const limit = dollars(BASE_CENTS + i + 1);
    await write(`${options.budgets}/${options.target(i)}`, 'PATCH', { spec: { limitUSD: limit } });
    acked.set(limit, toPage(epochNow()));
  });
  const sent = toPage(epochNow());
  const seconds = (performance.now() - began) / 1000;
  const total = (await listEvery(options.mockUrl, options.listPath)).total;
  const caughtUp = await until(
    'the view did not show every event',
    async () => ((await options.count()) === total ? toPage(epochNow()) - sent : undefined),
    30_000,
  ).catch(() => undefined);
  const shown = await options.count();
  const seen = await page.evaluate(() => (window as unknown as BenchWindow).__bench.figureChanges());
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFigure());
  const lags = seen.flatMap((c) => {
    const limit = /→ (\d+\.\d\d)/.exec(c.text ?? '')?.[1];
    const ack = limit === undefined ? undefined : acked.get(limit);
    return ack === undefined || c.paintedAt === undefined ? [] : [c.paintedAt - ack];
  });
  return { lags, frames: await frameStats(page, start, sent), total, shown, caughtUp, seconds };
}

function floodFigures(prefix: string, what: string, result: FloodResult, plan: BenchPlan): Figure[] {
  return [
    {
      id: `${prefix}-lag-p95`,
      label: `${what}, ${plan.eventsFloodRate}/s for ${plan.eventsFloodSeconds} s: p95 lag, write acknowledged → newest row painted`,
      unit: 'ms',
      value: percentile(result.lags, 95),
      target: { op: '<=', value: 250 },
    },
    {
      id: `${prefix}-long-tasks`,
      label: `${what}: tasks over 50 ms during the changes`,
      unit: 'count',
      value: result.frames.longTasks,
      target: { op: '<=', value: 0 },
    },
    { id: `${prefix}-longest-task`, label: `${what}: longest task`, unit: 'ms', value: result.frames.longestTask },
    {
      id: `${prefix}-frame-p95`,
      label: `${what}: p95 frame time during the changes`,
      unit: 'ms',
      value: result.frames.p95,
    },
    {
      id: `${prefix}-missing`,
      label: `${what}: the API's events not shown at the end`,
      unit: 'events',
      value: Math.abs(result.total - result.shown),
      target: { op: '<=', value: 0 },
    },
  ];
}

function floodNote(what: string, changes: number, result: FloodResult): string {
  const end =
    result.caughtUp === undefined
      ? `it showed ${result.shown} of the API's ${result.total} 30 s after`
      : `it showed all ${result.total} ${Math.max(0, Math.round(result.caughtUp))} ms after the last write`;
  return `${what}: ${changes.toLocaleString('en')} changes sent in ${result.seconds.toFixed(1)} s by ${WRITERS} writers; ${result.lags.length} newest rows timed; ${end}${worstFrameNote(
    result.frames,
  )
    .map((n) => `; ${n}`)
    .join('')}`;
}

const digitsOf = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, '') || NaN);

export const eventsView: Scenario = {
  id: 'events',
  title: "the console: a project's Activity and an object's Events tab",
  needsBrowser: true,
  async run(ctx, run): Promise<RunOutcome | NotApplicable> {
    const { mock, plan } = ctx;
    // A project of its own per run, so that its events are exactly the ones written here.
    const project = `bench-events-${run}-${Date.now().toString(36)}`;
    await mock.api.post('/api/v1/namespaces', { metadata: { name: project } });
    const budgets = `${mock.url}/apis/nodus.dev/v1/namespaces/${project}/budgets`;
    const eventsPath = `/apis/events.k8s.io/v1/namespaces/${project}/events`;
    // The watched Budget last: the changes in Activity push the oldest events out, and its creation must stay.
    const names = Array.from({ length: plan.activityEvents }, (_, i) =>
      i === plan.activityEvents - 1 ? WATCHED : `b-${i}`,
    );
    const create = (name: string) =>
      write(budgets, 'POST', {
        metadata: { name },
        spec: { limitUSD: dollars(BASE_CENTS), period: 'Monthly', enforcement: 'Alert' },
      });
    await inParallel(names.length - 1, (i) => create(names[i]!));
    await create(WATCHED);
    const before = await listEvery(mock.url, eventsPath);
    const expected = `${before.total.toLocaleString('en')} of ${before.total.toLocaleString('en')} events`;
    const changes = plan.eventsFloodRate * plan.eventsFloodSeconds;

    // Activity, cold, then live.
    const activity = await openSession(ctx, {
      rowSelector: `${LIST} [data-event]`,
      countSelector: ACTIVITY_COUNT,
      expectedText: expected,
    });
    let opened: Marks;
    let firstAsked: number;
    let openStats: FrameStats;
    let live: FloodResult;
    try {
      const streamed = await streamedLists(activity.page, activity.cdp, /\/apis\/events\.k8s\.io\//);
      await activity.page.goto(`/projects/${project}/activity`);
      opened = await until(
        `Activity did not show ${expected}`,
        async () => {
          const now = await marks(activity.page);
          return now.allListedPainted !== undefined && now.firstRowPainted !== undefined ? now : undefined;
        },
        plan.openTimeoutMs,
      );
      const requests = await activity.page.evaluate(() =>
        (window as unknown as BenchWindow).__bench.resources('/apis/events\\.k8s\\.io/'),
      );
      const first =
        (await streamed()) ??
        requests.filter((r) => !/[?&](watch|continue)=/.test(r.name)).sort((a, b) => a.start - b.start)[0];
      if (!first) throw new Error('no list request for events was seen');
      firstAsked = first.start;
      openStats = await frameStats(activity.page, 0, opened.allListedPainted!);
      live = await flood(activity, {
        budgets,
        changes,
        rate: plan.eventsFloodRate,
        // Every Budget but the watched one, in turn.
        target: (i) => names[i % (names.length - 1)]!,
        count: async () => {
          // "4,990 of 5,000 events": the second number is what the view holds.
          const text = (await activity.page.locator(ACTIVITY_COUNT).textContent()) ?? '';
          return digitsOf(/of ([\d,]+) events/.exec(text)?.[1] ?? '');
        },
        listPath: eventsPath,
        mockUrl: mock.url,
      });
    } finally {
      await activity.close();
    }
    const after = await listEvery(mock.url, eventsPath, false);
    const ceiling = (before.elapsed + after.elapsed) / 2;
    const browserRead = await readListInBrowser(ctx.browser!, ctx.console!.url, mock.url, eventsPath, {
      held: true,
    });

    // The Events tab of one object while it changes.
    const tab = await openSession(ctx, {});
    try {
      const { page } = tab;
      await page.goto(`/projects/${project}/budgets/${WATCHED}?tab=events`);
      const found = await page
        .locator(TAB_COUNT)
        .waitFor({ timeout: 45_000 })
        .then(
          () => true,
          () => false,
        );
      if (!found) return new NotApplicable(`needs the count of an object's events (${TAB_COUNT}) on its Events tab`);
      const ofObject = await flood(tab, {
        budgets,
        changes,
        rate: plan.eventsFloodRate,
        target: () => WATCHED,
        count: async () => digitsOf(await page.locator(TAB_COUNT).textContent()),
        listPath: `${eventsPath}?fieldSelector=${encodeURIComponent(`regarding.name=${WATCHED}`)}`,
        mockUrl: mock.url,
      });
      return {
        figures: [
          {
            id: 'activity-first',
            label: 'Activity: first events painted (from navigation)',
            unit: 'ms',
            value: opened.firstRowPainted!,
          },
          {
            id: 'activity-all',
            label: `Activity: all ${before.total.toLocaleString('en')} events listed and painted, from the first page asked`,
            unit: 'ms',
            value: opened.allListedPainted! - firstAsked,
          },
          {
            id: 'activity-ceiling',
            label: 'ceiling: the mock serving the same events to a client that only reads them',
            unit: 'ms',
            value: ceiling,
          },
          {
            id: 'activity-ratio',
            label: 'Activity all listed ÷ the ceiling',
            unit: '×',
            value: (opened.allListedPainted! - firstAsked) / ceiling,
            target: { op: '<=', value: 2 },
          },
          {
            id: 'activity-browser-read',
            label: 'Chromium alone reading the same events through the console’s proxy (fetch, no parse)',
            unit: 'ms',
            value: browserRead.proxied,
          },
          {
            id: 'activity-browser-ratio',
            label: 'Activity all listed ÷ Chromium alone',
            unit: '×',
            value: (opened.allListedPainted! - firstAsked) / browserRead.proxied,
          },
          {
            id: 'activity-browser-held',
            label: 'Chromium alone reading the events ahead as the console does, parsing and holding them (proxy)',
            unit: 'ms',
            value: browserRead.held!,
          },
          {
            id: 'activity-browser-held-ratio',
            label: 'that read ÷ the ceiling: what reading, parsing and holding alone take of the 2×',
            unit: '×',
            value: browserRead.held! / ceiling,
          },
          {
            id: 'activity-browser-held-all-ratio',
            label: 'Activity all listed ÷ that read',
            unit: '×',
            value: (opened.allListedPainted! - firstAsked) / browserRead.held!,
          },
          {
            id: 'activity-open-longest-task',
            label: 'Activity: longest task while opening',
            unit: 'ms',
            value: openStats.longestTask,
          },
          ...floodFigures('activity', 'Activity', live, plan),
          ...floodFigures('tab', 'Events tab', ofObject, plan),
        ],
        notes: [
          `Activity: ${before.total.toLocaleString('en')} events in ${before.pageTimes.length} pages; the ceiling is the mean of a read of the whole list just before (${Math.round(before.elapsed)} ms) and just after (${Math.round(after.elapsed)} ms)`,
          floodNote('Activity', changes, live),
          floodNote('Events tab', changes, ofObject),
        ],
      };
    } finally {
      await tab.close();
    }
  },
};
