/**
 * One browser, many tabs of the console: their live lists are shared (one stream per list for the whole browser)
 * and held within a budget of four streams, so the browser's six connections to the console always leave room
 * for what a person asks. Five tabs of a project (two Cost pages, a Budget's page, the Jobs and Activity) and a
 * sixth tab's Resume is answered at once; the same once the tab that held the streams is closed. A change made
 * while tabs open and close reaches every tab, once.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { LiveWatchesPanel } from './pages/live-watches.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { DrillApi } from './support/drills.ts';
import { ObjectApi } from './support/object-api.ts';
import { MOCK_URL } from './support/servers.ts';

test.describe.configure({ timeout: 150_000 });

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

/** The long requests (watches, followed logs) the mock holds open for one project. */
async function streamsOf(page: Page, project: string): Promise<number> {
  const res = await page.request.get(`${MOCK_URL}/_mock/streams?path=/namespaces/${project}/`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

async function open(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await ready(page);
  return page;
}

const costReady = async (page: Page) =>
  await expect(page.locator('[data-figure="burn-rate"]')).not.toHaveText(/…|^$/, { timeout: 45_000 });
const tableReady = async (page: Page) =>
  await expect(page.getByRole('status', { name: 'Watch status' })).toHaveText(/^(Live|Every \d+ s)$/, {
    timeout: 45_000,
  });
const headingReady = (name: string) => async (page: Page) =>
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 45_000 });

test('five tabs leave room for a sixth tab’s Resume, also once the tab holding the streams is closed', async ({
  context,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('tabs');
  await api.job(project, 'paused', { runSeconds: 3600 });
  await api.patch(project, 'jobs', 'paused', { spec: { state: 'Suspended' } });
  await api.create(project, 'budgets', { metadata: { name: 'team' }, spec: { limitUSD: '100.00' } });

  const tabs = [
    await open(context, `/projects/${project}/cost`, costReady),
    await open(context, `/projects/${project}/budgets/team`, headingReady('team')),
    await open(context, `/projects/${project}/jobs`, tableReady),
    await open(context, `/projects/${project}/activity`, headingReady('Activity')),
    await open(context, `/projects/${project}/cost`, costReady),
  ];
  // However many lists the five tabs show, the browser holds at most four streams for them.
  await expect.poll(() => streamsOf(tabs[0]!, project)).toBeGreaterThan(0);
  expect(await streamsOf(tabs[0]!, project)).toBeLessThanOrEqual(4);

  const sixth = new ObjectPage(await context.newPage());
  await sixth.goto(project, 'jobs', 'paused');
  await sixth.expectPhase('Suspended');
  await sixth.action('Resume').click();
  await expect(sixth.result).toContainText('Job paused: spec.state is now Running.', { timeout: 10_000 });
  expect((await api.get(project, 'jobs', 'paused'))?.spec?.state).toBe('Running');

  // The first tab opened holds the streams the second Cost page shares: closing it hands them over.
  await tabs[0]!.close();
  await costReady(tabs[4]!);
  await sixth.action('Suspend').click();
  await expect(sixth.result).toContainText('Job paused: spec.state is now Suspended.', { timeout: 10_000 });
  await sixth.expectPhase('Suspended');
  expect(await streamsOf(sixth.page, project)).toBeLessThanOrEqual(4);
  await expect(tabs[2]!.getByRole('status', { name: 'Watch status' })).toHaveText(/^(Live|Every \d+ s)$/);
});

test('a change made while tabs open and close reaches every tab once, and the API streams the list once', async ({
  context,
  request,
}) => {
  const api = new ObjectApi(request);
  const drills = new DrillApi(request);
  const project = await api.project('tabs-each');
  const budget = (name: string) => api.create(project, 'budgets', { metadata: { name }, spec: { limitUSD: '10.00' } });
  const table = (page: Page) => new ResourceTablePage(page, 'budgets');
  const path = `/projects/${project}/budgets`;

  await budget('b1');
  const first = await open(context, path, tableReady);
  const second = await open(context, path, tableReady);
  await budget('b2');
  // The first tab holds the stream; it goes, and the change made meanwhile still comes to the second.
  await first.close();
  await budget('b3');
  const third = await open(context, path, tableReady);
  await budget('b4');
  const gone = await request.delete(`${MOCK_URL}/apis/nodus.dev/v1/namespaces/${project}/budgets/b1`, { headers });
  expect(gone.status(), await gone.text()).toBe(200);
  for (const page of [second, third]) {
    await table(page).expectNames(['b2', 'b3', 'b4']);
    await expect(table(page).watchStatus).toHaveText('Live');
  }
  // One stream for the list however many tabs show it.
  await expect.poll(() => streamsOf(second, project)).toBe(1);

  // Each tab holds the server's objects at the server's versions, and listed them once.
  const server = await drills.digest(project, 'budgets');
  for (const page of [second, third]) {
    const watches = new LiveWatchesPanel(page);
    await watches.open();
    await expect.poll(async () => (await watches.read(`budgets in ${project}`))?.digest).toBe(server.digest);
    expect((await watches.read(`budgets in ${project}`))?.relists).toBe(0);
    await watches.close();
  }
});
