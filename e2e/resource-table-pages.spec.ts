/**
 * A long list: streamed on one watch where the API streams lists (sendInitialEvents), or, where it does not, the
 * first page asked for by the table itself and the rest by the list pages' worker. Every request is in the Support
 * panel's call log, and every object is listed; on a slow network the table says it is listing, and how many of
 * how many are in (a stream carries no count: a list of one object gives it). Page by page is what a server
 * without streaming lists gets: the mock's faults refuse streaming lists in one project, so the file runs alone
 * (faults are the whole mock's).
 */
import { expect, test, type Page } from '@playwright/test';
import { WARM_FALLBACK_MS, WARM_QUIET_MS } from '../src/lib/warm.ts';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { Shell } from './pages/shell.ts';
import { holdRequests as holdCode } from './support/hold.ts';
import { NodusApi } from './support/resource-table-api.ts';
import { MOCK_URL } from './support/servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

/** The Resource Timing entries of the budget list's pages (count probes ask for a limit of 1). */
function listPages(): { name: string }[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((e) => /\/budgets\?/.test(e.name) && !/[?&]limit=1(&|$)/.test(e.name) && !/[?&]watch=/.test(e.name))
    .map((e) => ({ name: e.name }));
}

/** The mock answers a streaming list in `project` as a server without streaming lists does (422), until cleared. */
async function withoutStreamingLists(api: NodusApi, project: string, body: () => Promise<void>): Promise<void> {
  await api.setFaults({ streamingLists: false, paths: [`/apis/nodus.dev/v1/namespaces/${project}/`] });
  try {
    await body();
  } finally {
    await api.clearFaults();
  }
}

test('a long list streams on one request, logged like any call, and every object is listed', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-stream');
  await api.seed(project, 'Budget', 2600, 'streamed');
  try {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/budgets\?/.test(r.url()) && !/[?&]limit=1(&|$)/.test(r.url())) asked.push(r.url());
    });
    const ui = new ResourceTablePage(page, 'budgets');
    await ui.goto(project);
    await expect(ui.count).toHaveText('2,600 budgets');
    await expect(ui.watchStatus).toHaveText('Live');
    // One request listed them and goes on watching: no page, and no worker to fetch pages.
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('sendInitialEvents')).toBe('true');
    expect(page.workers().filter((w) => /page-fetch/.test(w.url()))).toEqual([]);

    await ui.textFilter.fill('streamed-002599');
    await ui.expectNames(['streamed-002599']);
    // Still live, on the same request: a delete shows without another.
    await api.remove(project, 'budgets', 'streamed-002599');
    await ui.expectNames([]);
    expect(asked).toHaveLength(1);

    const shell = new Shell(page);
    await shell.supportButton.click();
    const calls = shell.supportPanel.getByRole('table', { name: 'API calls' });
    await expect(calls.getByRole('row').filter({ hasText: /\/budgets\?.*sendInitialEvents=true/ })).toHaveCount(1);
  } finally {
    await api.deleteProject(project);
  }
});

test('on a slow network a long list says it is listing, and how many of how many are in', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-slow');
  await api.seed(project, 'Budget', 2600, 'slow');
  try {
    // The console is loaded first, at full speed; then the link slows to 300 kB/s, so 2,600 rows (about 1.5 MB)
    // take seconds to stream.
    const jobs = new ResourceTablePage(page, 'jobs');
    await jobs.goto(project);
    await expect(jobs.count).toHaveText('0 jobs');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const link = (downloadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput,
        uploadThroughput: -1,
      });
    await link(300 * 1024);
    await jobs.kinds.getByRole('link', { name: /^Budgets/ }).click();

    const ui = new ResourceTablePage(page, 'budgets');
    // Connected and listing, not "Connecting…"; and, though a stream carries no count, how many are still to come.
    await expect(ui.watchStatus).toHaveText('Listing…');
    await expect(ui.count).toHaveText(/^Listing… [\d,]+ of 2,600 budgets so far$/);
    await link(-1);
    await expect(ui.count).toHaveText('2,600 budgets');
    await expect(ui.watchStatus).toHaveText('Live');
  } finally {
    await api.deleteProject(project);
  }
});

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
    await withoutStreamingLists(api, project, () => checkPages(page, project));
  } finally {
    await api.deleteProject(project);
  }
});

async function checkPages(page: Page, project: string): Promise<void> {
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.count).toHaveText('2,600 budgets');
  await expect(ui.watchStatus).toHaveText('Live');

  // The page asked for the first page only, once the streaming list was refused.
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

test("the other pages' code waits while a long list still arrives, and comes once it is whole", async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('lazy-long');
  // Pages of 500, 1,000 and 1,000: the first rows come with the first. Each is held back until released.
  await api.seed(project, 'Budget', 2500, 'held');
  try {
    await withoutStreamingLists(api, project, () => whileListing(page, project));
  } finally {
    await api.deleteProject(project);
  }
});

/** Warming, while a list's pages are held back: none until the list is whole. */
async function whileListing(page: Page, project: string): Promise<void> {
  {
    const list = `/namespaces/${project}/budgets\\?`;
    const releaseFirst = await holdCode(page, new RegExp(`${list}(?!.*continue=).*limit=500(&|$)`));
    const releaseRest = await holdCode(page, new RegExp(`${list}.*continue=`));
    // The table's own code comes with it (and a long list's pages, their worker's; the watches' share, asked for
    // as the console starts); any other would be warming.
    const drawnWith =
      /\/assets\/(index|table-menus|cell-peek|page-fetch\.worker|page-transport|worker-fetch|watch-share-browser)-[^/]*\.js$/;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/[^/]+\.js$/.test(r.url()) && !drawnWith.test(r.url())) asked.push(r.url());
    });
    // What is tested is that nothing is asked for within a given time: waits they are, on the page's clock.
    const wait = (ms: number) =>
      page.evaluate((ms) => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve), ms)), ms);
    const ui = new ResourceTablePage(page, 'budgets');
    await ui.goto(project);

    // A first page slower than a page without a table waits before warming: the table's skeleton holds it.
    await expect(page.getByLabel('Loading budgets')).toBeVisible();
    await wait(WARM_FALLBACK_MS + WARM_QUIET_MS * 2);
    expect(asked).toEqual([]);

    // The first rows are painted, the rest of the list is on its way: past a quiet moment, still nothing.
    releaseFirst();
    await expect(ui.row('held-000000')).toBeVisible();
    const partial = page.getByText(/Listing… 500 of 2,500 budgets/);
    await expect(partial).toBeVisible();
    await wait(WARM_QUIET_MS * 2);
    await expect(partial).toBeVisible();
    expect(asked).toEqual([]);

    const warmed = page.waitForRequest(/\/assets\/object-[^/]*\.js$/);
    releaseRest();
    await expect(ui.count).toHaveText('2,500 budgets');
    await warmed;
  }
}
