/**
 * The table is live: a Job created through the API outside the browser appears without a reload, and vanishes
 * once it is deleted (after its final charge, when the billing finalizer clears); a watch the API drops is
 * resumed, through the dev server's proxy too. A fresh project per test keeps the demo's activity out.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';
import { MOCK_URL } from './support/servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

async function createProject(request: APIRequestContext, name: string): Promise<void> {
  const res = await request.post(`${MOCK_URL}/api/v1/namespaces`, { headers, data: { metadata: { name } } });
  expect(res.status(), await res.text()).toBe(201);
}

function jobsPath(project: string, name = ''): string {
  return `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs${name ? `/${name}` : ''}`;
}

function budgetsPath(project: string): string {
  return `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets`;
}

const jobSpec = { image: 'nodus/python:3.12', command: ['python', 'train.py'], maxCostUSD: '1.00' };

async function createJob(request: APIRequestContext, project: string, name: string): Promise<void> {
  const res = await request.post(jobsPath(project), { headers, data: { metadata: { name }, spec: jobSpec } });
  expect(res.status(), await res.text()).toBe(201);
}

async function setFaults(request: APIRequestContext, faults: Record<string, unknown>): Promise<void> {
  const res = await request.post(`${MOCK_URL}/_mock/faults`, { headers, data: faults });
  expect(res.status(), await res.text()).toBe(200);
}

async function droppedWatches(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${MOCK_URL}/_mock/faults`, { headers });
  return ((await res.json()) as { injected: { droppedWatches: number } }).injected.droppedWatches;
}

test('a Job created through the API appears in the table without a reload, and vanishes after delete', async ({
  page,
  request,
}) => {
  const project = `live-${Date.now().toString(36)}`;
  await createProject(request, project);

  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/jobs`);
  const watchStatus = page.getByRole('status', { name: 'Watch status' });
  await expect(ui.emptyState('jobs', project)).toBeVisible();
  await expect(watchStatus).toHaveText('Live');
  // Set on this document only: a reload or a navigation would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await createJob(request, project, 'appears-live');

  const row = ui.row('jobs', 'appears-live');
  await expect(row).toBeVisible({ timeout: 3_000 });
  await expect(ui.kindCount('jobs')).toHaveText('1');

  const deleted = await request.delete(jobsPath(project, 'appears-live'), { headers });
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  await expect(row).toHaveCount(0);
  await expect(ui.emptyState('jobs', project)).toBeVisible();
  await expect(ui.kindCount('jobs')).toHaveText('0');
  await expect(watchStatus).toHaveText('Live');

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a watch the API drops is resumed, and the table catches up with what changed meanwhile', async ({
  page,
  request,
}) => {
  // Budgets: no controller changes them, so every event on the watch is one of the writes below.
  const project = `dropped-${Date.now().toString(36)}`;
  await createProject(request, project);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  const watchStatus = page.getByRole('status', { name: 'Watch status' });
  await expect(watchStatus).toHaveText('Live');

  try {
    // Every watch is cut after its second event: the browser must learn of it through the dev proxy, and the
    // event that went down with the connection must come back on the next one.
    await setFaults(request, { dropWatchAfterEvents: 2, verbs: ['watch'] });
    const names = ['first', 'second', 'third', 'fourth', 'fifth'];
    for (const name of names) {
      const res = await request.post(budgetsPath(project), {
        headers,
        data: { metadata: { name }, spec: { limitUSD: '5.00' } },
      });
      expect(res.status(), await res.text()).toBe(201);
      await expect(ui.row('budgets', name)).toBeVisible();
    }
    expect(await droppedWatches(request)).toBeGreaterThanOrEqual(2);
  } finally {
    await setFaults(request, {});
  }
  await expect(ui.kindCount('budgets')).toHaveText('5');
  await expect(watchStatus).toHaveText('Live');
});

test('Reload from the API lists the open kind again and asks its counts again, keeping the rows on screen', async ({
  page,
  request,
}) => {
  const project = `refresh-${Date.now().toString(36)}`;
  await createProject(request, project);
  await createJob(request, project, 'stays-shown');

  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/jobs`);
  const watchStatus = page.getByRole('status', { name: 'Watch status' });
  await expect(ui.row('jobs', 'stays-shown')).toBeVisible();
  await expect(watchStatus).toHaveText('Live');

  // The table's own list of this project's jobs (streamed on a watch, as the mock can; not a resume of the watch,
  // not a count's one-object page).
  const jobsPathname = new URL(jobsPath(project)).pathname;
  const isList = (url: URL, limit: (value: string | null) => boolean) =>
    url.pathname === jobsPathname && url.searchParams.get('watch') === null && limit(url.searchParams.get('limit'));
  const isStreamedList = (url: URL) =>
    url.pathname === jobsPathname && url.searchParams.get('sendInitialEvents') === 'true';
  const listed = page.waitForRequest((r) => r.method() === 'GET' && isStreamedList(new URL(r.url())));
  const counted = page.waitForRequest(
    (r) => r.method() === 'GET' && isList(new URL(r.url()), (limit) => limit === '1'),
  );
  const reload = page.getByRole('button', { name: 'Reload from the API', exact: true });
  // The lists are live already: the button says what it adds.
  await expect(reload).toHaveAccessibleDescription(/live.*lists everything again from the API/);
  await reload.click();
  await Promise.all([listed, counted]);

  await expect(ui.row('jobs', 'stays-shown')).toBeVisible();
  await expect(watchStatus).toHaveText('Live');
  await expect(ui.kindCount('jobs')).toHaveText('1');
});
