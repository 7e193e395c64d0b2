/**
 * The console: sort and filter the table of every seeded Job, timed from the click or key (the event's own
 * timestamp) to the frame that painted the changed rows. Needs the sort and filter controls of the virtualized
 * table: until the page object finds them, n/a.
 */
import type { Page } from '@playwright/test';
import { NotApplicable, type RunOutcome, type Scenario } from '../../types.ts';
import { openSession, openTable } from '../session.ts';
import type { BenchWindow } from '../collector-types.ts';

/** 100 ms up to 50,000 objects; beyond, 150 ms: the target set for 200,000 (a sort grows as n log n). */
function responseTarget(size: number): number {
  return size > 50_000 ? 150 : 100;
}

async function timed(page: Page, action: () => Promise<void>): Promise<number> {
  const armed = await page.evaluate(() => (window as unknown as BenchWindow).__bench.armResponse());
  if (armed !== 'ok') throw new Error(`cannot time the table (${armed})`);
  await action();
  for (let i = 0; i < 300; i++) {
    const r = await page.evaluate(() => (window as unknown as BenchWindow).__bench.response());
    if (r?.inputAt !== undefined && r.paintAt !== undefined) return r.paintAt - r.inputAt;
    await page.waitForTimeout(20);
  }
  throw new Error('the table did not change within 6 s of the input');
}

export const sortFilter: Scenario = {
  id: 'sort-filter',
  title: 'the console: sort and filter the table',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome | NotApplicable> {
    const session = await openSession(ctx);
    const { page, table } = session;
    try {
      await openTable(session, ctx.plan.openTimeoutMs);
      const sort = table.sortControl(table.nameColumn);
      const filter = table.filterInput();
      if ((await sort.count()) === 0 || (await filter.count()) === 0) {
        return new NotApplicable(
          'needs the virtualized table (no sort button in the Name header, or no filter searchbox; see page-object.ts)',
        );
      }
      const before = await table.firstRowName().textContent();
      const sortMs = await timed(page, () => sort.first().click());
      if ((await table.firstRowName().textContent()) === before)
        throw new Error('sorting by name did not change the first row');
      // Matches job-bulk-000100 to job-bulk-000199 (the seed numbers them from 000000): 100 of 50,000.
      const filterMs = await timed(page, () => filter.first().fill('bulk-0001'));
      return {
        figures: [
          {
            id: 'sort',
            label: 'sort by name: click → table painted',
            unit: 'ms',
            value: sortMs,
            target: { op: '<=', value: responseTarget(ctx.plan.size) },
          },
          {
            id: 'filter',
            label: 'filter by name: key → table painted',
            unit: 'ms',
            value: filterMs,
            target: { op: '<=', value: responseTarget(ctx.plan.size) },
          },
        ],
      };
    } finally {
      await session.close();
    }
  },
};
