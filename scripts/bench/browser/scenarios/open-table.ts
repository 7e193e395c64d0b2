/**
 * The console: open the table of the seeded Jobs (a fresh browser context: nothing cached). Times on the page's
 * clock from navigation start: the first list page received (Resource Timing), the first rows painted, and every
 * Job listed (the live count reads them all) and painted. Targets: first rows within 400 ms of navigation (set
 * beside the floor a bare page of the same origin makes: floor-first-rows.ts) and within 300 ms of the first page,
 * and all listed and painted within 2× the ceiling: the mock serving the same list, in pages of 1,000, to a client
 * in the benchmark's process that only reads it, timed just before and just after the browser opens the table.
 */
import type { Page } from '@playwright/test';
import { TablePage } from '../page-object.ts';
import { frameStats, openSession, openTable } from '../session.ts';
import type { RunOutcome, Scenario } from '../../types.ts';
import type { BenchWindow } from '../collector-types.ts';
import { listEveryJob, ROWS_HEADERS } from '../../scenarios/mock-list.ts';
import { floorFirstRows } from './floor-first-rows.ts';
import { readListInBrowser } from './browser-list.ts';
import { streamedLists } from '../streamed-list.ts';

/** The Resource Timing entries of the page's workers matching `pattern`, moved to the page's clock. */
async function workerResources(
  page: Page,
  pattern: string,
): Promise<{ name: string; start: number; end: number; requestStart: number; responseStart: number }[]> {
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  const lists = await Promise.all(
    page.workers().map((worker) =>
      worker
        .evaluate((source) => {
          const re = new RegExp(source);
          const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return {
            origin: performance.timeOrigin,
            entries: entries
              .filter((e) => re.test(e.name))
              .map((e) => ({
                name: e.name,
                start: e.startTime,
                end: e.responseEnd,
                requestStart: e.requestStart,
                responseStart: e.responseStart,
              })),
          };
        }, pattern)
        .catch(() => ({ origin: pageOrigin, entries: [] })),
    ),
  );
  return lists.flatMap(({ origin, entries }) => {
    const shift = origin - pageOrigin;
    return entries.map((e) => ({
      ...e,
      start: e.start + shift,
      end: e.end + shift,
      requestStart: e.requestStart + shift,
      responseStart: e.responseStart + shift,
    }));
  });
}

/** Pages whose request started before the previous page's response had ended (the client reads ahead). */
function overlapping(pages: readonly { start: number; end: number }[]): number {
  return pages.filter((page, i) => i > 0 && page.start < pages[i - 1]!.end).length;
}

export const openTableScenario: Scenario = {
  id: 'open-table',
  title: 'the console: open the table of the seeded Jobs',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome> {
    const before = await listEveryJob(ctx, false);
    const rowsBefore = await listEveryJob(ctx, false, true);
    // It reads no frames: a callback at each frame would have Chromium draw every frame while the list arrives.
    const session = await openSession(ctx, { ...TablePage.collectorConfig('jobs', ctx.plan.size), frames: false });
    try {
      // A streamed list is one watch that never ends while the table is open, so Resource Timing never lists it:
      // its timing comes from the browser's own record of the request.
      const streamed = await streamedLists(session.page, session.cdp, /\/jobs\?/);
      const marks = await openTable(session, ctx.plan.openTimeoutMs);
      // The page's own requests, and its workers' (a list's later pages are fetched by one), on the page's clock.
      const resources = [
        ...(await session.page.evaluate(() => (window as unknown as BenchWindow).__bench.resources(`/jobs\\?`))),
        ...(await workerResources(session.page, `/jobs\\?`)),
      ];
      // The list's pages: the first asks for a limit above 1 (a count probe asks for 1) and no continue; the rest
      // carry a continue token (their limit grows: src/data/client/client.ts maxLimit).
      const limit = (name: string) => Number(new URL(name).searchParams.get('limit') ?? 0);
      const lists = resources.filter((r) => limit(r.name) > 1 && !/[?&]watch=/.test(r.name));
      const pages = lists.sort((a, b) => a.start - b.start);
      const stream = await streamed();
      const first = stream ?? pages.find((r) => !/[?&]continue=/.test(r.name));
      if (!first) throw new Error('no list request for jobs was seen');
      const lastPage = stream ? undefined : Math.max(...pages.map((p) => p.end));
      const load = await frameStats(session.page, 0, marks.allListedPainted!);
      await session.close();
      const after = await listEveryJob(ctx, false);
      const rowsAfter = await listEveryJob(ctx, false, true);
      const ceiling = (before.elapsed + after.elapsed) / 2;
      // The table reads the list as rows (as=Table): the same list, in the form the console asks for it.
      const rowsCeiling = (rowsBefore.elapsed + rowsAfter.elapsed) / 2;
      // The floor under the first rows: a bare page asking for the same stream (a list in pages has none).
      const floor = stream ? await floorFirstRows(ctx, stream.url, ROWS_HEADERS.Accept) : undefined;
      const browserRead = await readListInBrowser(
        ctx.browser!,
        ctx.console!.url,
        ctx.mock.url,
        ctx.mock.api.jobsPath(ctx.project),
        { rows: true, held: true },
      );
      const fromFirstPage = marks.allListedPainted! - first.start;
      return {
        figures: [
          {
            id: 'first-page-asked',
            label: 'first list page asked for (from navigation)',
            unit: 'ms',
            value: first.start,
          },
          {
            id: 'first-page-answered',
            label: 'first list page: its first byte (from navigation)',
            unit: 'ms',
            value: first.responseStart,
          },
          {
            id: 'first-page',
            label: stream
              ? 'first list page received: the stream’s first objects taken by the page (from navigation)'
              : 'first list page received (from navigation)',
            unit: 'ms',
            value: first.end,
          },
          {
            id: 'first-rows',
            label: 'first rows painted (from navigation)',
            unit: 'ms',
            value: marks.firstRowPainted!,
            target: { op: '<=', value: 400 },
          },
          ...(floor
            ? [
                {
                  id: 'floor-asked',
                  label:
                    'a bare page of the same origin (one small script): the same stream asked for (from navigation)',
                  unit: 'ms',
                  value: floor.asked,
                },
                {
                  id: 'floor-first-rows',
                  label: 'that bare page: its first 30 rows painted (from navigation), the floor under a cold start',
                  unit: 'ms',
                  value: floor.painted,
                },
                {
                  id: 'first-rows-floor-ratio',
                  label: 'first rows painted ÷ the bare page’s',
                  unit: '×',
                  value: marks.firstRowPainted! / floor.painted,
                },
              ]
            : []),
          {
            id: 'first-rows-after-page',
            label: 'first rows painted after the first page',
            unit: 'ms',
            value: marks.firstRowPainted! - first.end,
            target: { op: '<=', value: 300 },
          },
          ...(stream
            ? [
                {
                  id: 'first-rows-after-head',
                  label: 'first rows painted after the stream’s head (its first byte)',
                  unit: 'ms',
                  value: marks.firstRowPainted! - first.responseStart,
                },
              ]
            : []),
          ...(lastPage === undefined
            ? []
            : [{ id: 'list-done', label: 'last list page received (from navigation)', unit: 'ms', value: lastPage }]),
          {
            id: 'all-listed',
            label: `all ${ctx.plan.size.toLocaleString('en')} listed and painted (from navigation)`,
            unit: 'ms',
            value: marks.allListedPainted!,
          },
          {
            id: 'list-ceiling',
            label: 'ceiling: the mock serving the same list to a client that only reads it',
            unit: 'ms',
            value: ceiling,
          },
          {
            id: 'all-listed-ratio',
            label: 'all listed and painted ÷ the ceiling',
            unit: '×',
            value: marks.allListedPainted! / ceiling,
            target: { op: '<=', value: 2 },
          },
          {
            id: 'list-ceiling-rows',
            label: 'the same client reading the list as the console asks for it (rows: as=Table with metadata)',
            unit: 'ms',
            value: rowsCeiling,
          },
          {
            id: 'all-listed-rows-ratio',
            label: 'all listed and painted ÷ that read of rows',
            unit: '×',
            value: marks.allListedPainted! / rowsCeiling,
          },
          {
            id: 'all-listed-from-first-page',
            label: 'all listed and painted, from the first page asked',
            unit: 'ms',
            value: fromFirstPage,
          },
          {
            id: 'all-listed-from-first-page-ratio',
            label: 'the same ÷ the ceiling',
            unit: '×',
            value: fromFirstPage / ceiling,
          },
          {
            id: 'browser-read',
            label: 'Chromium alone reading the same list through the console’s proxy (fetch, no parse)',
            unit: 'ms',
            value: browserRead.proxied,
          },
          {
            id: 'browser-read-direct',
            label: 'Chromium alone reading it straight from the mock (cross-origin)',
            unit: 'ms',
            value: browserRead.direct,
          },
          {
            id: 'browser-read-rows',
            label: 'Chromium alone reading it as rows (as=Table with metadata) through the proxy',
            unit: 'ms',
            value: browserRead.rows!,
          },
          {
            id: 'all-listed-browser-ratio',
            label: 'all listed and painted, from the first page asked ÷ Chromium alone through the proxy',
            unit: '×',
            value: fromFirstPage / browserRead.proxied,
          },
          {
            id: 'all-listed-browser-rows-ratio',
            label: 'the same ÷ Chromium alone reading the rows, as the console does (proxy)',
            unit: '×',
            value: fromFirstPage / browserRead.rows!,
          },
          {
            id: 'browser-held',
            label: 'Chromium alone reading the rows ahead as the console does, parsing and holding them (proxy)',
            unit: 'ms',
            value: browserRead.held!,
          },
          {
            id: 'browser-held-ratio',
            label: 'that read ÷ the ceiling: what reading, parsing and holding alone take of the 2×',
            unit: '×',
            value: browserRead.held! / ceiling,
          },
          {
            id: 'all-listed-browser-held-ratio',
            label: 'all listed and painted, from the first page asked ÷ that read',
            unit: '×',
            value: fromFirstPage / browserRead.held!,
          },
          { id: 'longest-task', label: 'longest task while opening', unit: 'ms', value: load.longestTask },
        ],
        notes: [
          `${stream ? 'the list streamed on its watch (sendInitialEvents: one request; its "first page received" is when the page took the first bytes of its body, its first objects, as DevTools reports it: a page busy drawing takes them later than they came)' : `${pages.length} list pages, ${overlapping(pages)} of them asked for while the page before was still arriving`}; "painted" is the frame after the DOM change (within one frame); milestones from a MutationObserver for the first data row and the open kind's live count in the sidebar; the ceiling is the mean of a read of the whole list just before (${Math.round(before.elapsed)} ms) and just after (${Math.round(after.elapsed)} ms)`,
        ],
      };
    } finally {
      await session.close();
    }
  },
};
