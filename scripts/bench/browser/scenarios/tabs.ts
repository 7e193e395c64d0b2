/**
 * The console in several tabs of one browser. One tab of a project's Cost page, then five (two Cost pages, a
 * Budget's page, the Jobs and the project's Activity): the long-lived requests (watches, followed logs) the mock
 * holds for the project with five tabs ÷ with one, which sharing and the budget keep near 1 (each tab streaming
 * its own would hold five to six times as many, and the browser's six connections with them). Then a write from a
 * sixth tab (Resume, Suspend of a Job), timed in the page from the click to its result, beside the same write with
 * that tab alone (its ceiling, in the same run), and the sockets the browser holds to the console's origin.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { median } from '../../stats.ts';
import type { RunOutcome, Scenario } from '../../types.ts';

const PROJECT = 'bench-tabs';
const JOB = 'paused';

/** The long-lived requests the mock holds for the project, once two reads a quarter of a second apart agree. */
async function settledStreams(page: Page, read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (let i = 0; i < 80; i++) {
    await page.waitForTimeout(250);
    const now = await read();
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** One write from the object page's action bar: ms from the click to its result, read in the page. */
function timedAction(page: Page, label: string, expected: string): Promise<number> {
  return page.evaluate(
    async ({ label, expected }) => {
      const group = document.querySelector('[role="group"][aria-label="Actions"]');
      const button = [...(group?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === label);
      if (!button) throw new Error(`no ${label} button on the object page`);
      const start = performance.now();
      button.click();
      // The result is a new note under the header once the API has answered.
      // (No named function in here: tsx would wrap it in a helper the page does not have.)
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const result = document.querySelector('[role="status"][aria-label="Action result"]');
          if (!result?.textContent?.includes(expected)) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      return performance.now() - start;
    },
    { label, expected },
  );
}

/** Resume, then Suspend, twice: each write's time. */
async function writes(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    times.push(await timedAction(page, 'Resume', `Job ${JOB}: spec.state is now Running.`));
    await page
      .getByRole('button', { name: 'Suspend', exact: true })
      .and(page.locator(':not([aria-disabled])'))
      .waitFor();
    times.push(await timedAction(page, 'Suspend', `Job ${JOB}: spec.state is now Suspended.`));
    await page
      .getByRole('button', { name: 'Resume', exact: true })
      .and(page.locator(':not([aria-disabled])'))
      .waitFor();
  }
  return times;
}

export const tabsScenario: Scenario = {
  id: 'tabs',
  title: 'the console in several tabs: streams shared within a budget, a write from a sixth tab',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome> {
    const { mock, console: server } = ctx;
    const api = mock.api;
    await api.post('/api/v1/namespaces', { metadata: { name: PROJECT } }).catch(() => undefined);
    const jobs = api.jobsPath(PROJECT);
    await api
      .post(jobs, {
        metadata: { name: JOB, annotations: { 'mock.nodus.dev/run-seconds': '36000' } },
        spec: { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '5.00', state: 'Suspended' },
      })
      .catch(() => undefined);
    const budgets = `/apis/nodus.dev/v1/namespaces/${PROJECT}/budgets`;
    await api.post(budgets, { metadata: { name: 'team' }, spec: { limitUSD: '100.00' } }).catch(() => undefined);
    const streams = async () => (await api.get<{ count: number }>(`/_mock/streams?path=/namespaces/${PROJECT}/`)).count;

    const context: BrowserContext = await ctx.browser!.newContext({
      baseURL: server!.url,
      viewport: { width: 1440, height: 900 },
    });
    try {
      const open = async (path: string, ready: (page: Page) => Promise<unknown>): Promise<Page> => {
        const page = await context.newPage();
        await page.goto(path);
        await ready(page);
        return page;
      };
      const cost = (page: Page) => page.locator('[data-figure="burn-rate"]').filter({ hasText: /\$/ }).waitFor();
      const heading = (text: string) => (page: Page) =>
        page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
      const table = (page: Page) =>
        page
          .getByRole('status', { name: 'Watch status' })
          .filter({ hasText: /^(Live|Every)/ })
          .waitFor();

      const tabs = [await open(`/projects/${PROJECT}/cost`, cost)];
      const one = await settledStreams(tabs[0]!, streams);
      tabs.push(
        await open(`/projects/${PROJECT}/budgets/team`, heading('team')),
        await open(`/projects/${PROJECT}/jobs`, table),
        await open(`/projects/${PROJECT}/activity`, heading('Activity')),
        await open(`/projects/${PROJECT}/cost`, cost),
      );
      const five = await settledStreams(tabs[0]!, streams);

      const sixth = await open(`/projects/${PROJECT}/jobs/${JOB}`, heading(JOB));
      await sixth.getByRole('status', { name: 'Live status' }).filter({ hasText: 'Live' }).waitFor();
      const busy = await writes(sixth);
      const connections = await server!.connections();
      for (const tab of tabs) await tab.close();
      const alone = await writes(sixth);
      const latency = median(busy);
      const ceiling = median(alone);
      return {
        figures: [
          {
            id: 'api-streams-one-tab',
            label: 'long-lived requests the mock holds: one tab (Cost)',
            unit: '',
            value: one,
          },
          { id: 'api-streams-five-tabs', label: 'the same with five tabs of the project', unit: '', value: five },
          { id: 'api-watches-ratio', label: 'five tabs ÷ one tab', unit: '×', value: five / Math.max(1, one) },
          {
            id: 'connections',
            label: 'sockets the browser holds to the console’s origin',
            unit: '',
            value: connections,
          },
          {
            id: 'action-latency',
            label: 'a write from a sixth tab, click to result (median of 4)',
            unit: 'ms',
            value: latency,
          },
          {
            id: 'action-latency-alone',
            label: 'the same write with that tab alone (the ceiling)',
            unit: 'ms',
            value: ceiling,
          },
          { id: 'action-latency-ratio', label: 'a write with five tabs ÷ alone', unit: '×', value: latency / ceiling },
        ],
        notes: [
          `streams held for ${PROJECT} with one tab ${one}, with five ${five}; writes with six tabs ${busy.map((t) => Math.round(t)).join(', ')} ms, alone ${alone.map((t) => Math.round(t)).join(', ')} ms; ${connections} sockets to the console's origin`,
        ],
      };
    } finally {
      await context.close();
    }
  },
};
