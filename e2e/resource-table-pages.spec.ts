/**
 * A long list: the table asks for the first page itself and the list pages' worker fetches the rest; every page
 * is in the Support panel's call log, and every object is listed.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { Shell } from './pages/shell.ts';
import { NodusApi } from './support/resource-table-api.ts';
import { MOCK_URL } from './support/servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

/** The Resource Timing entries of the budget list's pages (count probes ask for a limit of 1). */
function listPages(): { name: string }[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((e) => /\/budgets\?/.test(e.name) && !/[?&]limit=1(&|$)/.test(e.name) && !/[?&]watch=/.test(e.name))
    .map((e) => ({ name: e.name }));
}

test('a long list’s later pages are fetched by the list worker and logged, and every object is listed', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-pages');
  // Pages of 500, 1,000, 1,000 and 100.
  const seeded = await request.post(`${MOCK_URL}/_mock/seed`, {
    headers,
    data: { project, kind: 'Budget', count: 2600 },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  // The mock is shared: the project goes, and everything in it, when the test ends.
  try {
    await checkPages(page, project);
  } finally {
    await api.deleteProject(project);
  }
});

async function checkPages(page: Page, project: string): Promise<void> {
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.count).toHaveText('2,600 budgets');
  await expect(ui.watchStatus).toHaveText('Live');

  // The page asked for the first page only.
  const onPage = await page.evaluate(listPages);
  expect(onPage.map((p) => new URL(p.name).searchParams.get('continue'))).toEqual([null]);

  // The worker asked for the three after it (that it asks ahead is page-fetcher.test.ts's to show).
  const worker = page.workers().find((w) => /page-fetch/.test(w.url()));
  expect(worker, 'the list pages worker').toBeDefined();
  const inWorker = await worker!.evaluate(listPages);
  expect(inWorker.map((p) => new URL(p.name).searchParams.get('limit'))).toEqual(['1000', '1000', '1000']);
  expect(inWorker.every((p) => new URL(p.name).searchParams.get('continue'))).toBe(true);

  // Every object is there: the last one seeded is found by name.
  await ui.textFilter.fill('budget-bulk-002599');
  await ui.expectNames(['budget-bulk-002599']);

  // The Support panel lists the worker's calls like any other.
  const shell = new Shell(page);
  await shell.supportButton.click();
  const calls = shell.supportPanel.getByRole('table', { name: 'API calls' });
  await expect(calls.getByRole('row').filter({ hasText: /\/budgets\?.*continue=/ })).toHaveCount(3);
  await expect(
    calls
      .getByRole('row')
      .filter({ hasText: /\/budgets\?.*continue=/ })
      .first(),
  ).toContainText('200');
}
