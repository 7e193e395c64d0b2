/**
 * The table stays true to the server through trouble, and says so: after dropped watch connections, after a
 * resume the server refuses as Expired (it listed again), and after bursts of 503s, it ends equal to the
 * server's list with "Reconnected" beside its status, without a reload.
 *
 * Expired needs a server that has forgotten the changes the table missed. The shared mock keeps 24 hours, so
 * that test starts its own mock with NODUS_MOCK_HISTORY_SECONDS=1 (and a console in front of it): the table's
 * watch is cut and kept out with 503s while the test writes, until the mock answers a watch from the table's
 * last version with Expired; then the 503s stop.
 */
import { expect, test, type Page } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { NodusApi, startStack, type Stack } from './support/resource-table-api.ts';

/** What the server holds, as the table shows it: name → Limit. */
async function serverLimits(api: NodusApi, project: string): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await api.list(project, 'budgets')).map((b) => [b.metadata.name ?? '', `$${String(b.spec?.limitUSD)}`]),
  );
}

async function tableLimits(ui: ResourceTablePage): Promise<Record<string, string>> {
  const names = await ui.names();
  const limits = await Promise.all(names.map((n) => ui.cell(n, 'Limit').textContent()));
  return Object.fromEntries(names.map((n, i) => [n, limits[i] ?? '']));
}

async function expectEqualToServer(ui: ResourceTablePage, api: NodusApi, project: string, timeout = 15_000) {
  const expected = await serverLimits(api, project);
  await expect
    .poll(() => tableLimits(ui), { timeout, message: 'the table equals the server’s list' })
    .toEqual(expected);
}

async function openBudgets(page: Page, project: string, baseUrl = ''): Promise<ResourceTablePage> {
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project, '', baseUrl);
  await expect(ui.watchStatus).toHaveText('Live');
  await ui.columns();
  return ui;
}

test('after watch connections are dropped, the table equals the server’s list and says it reconnected', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-drop');
  await api.budget(project, 'first', '1.00');
  const ui = await openBudgets(page, project);
  await expect(ui.reconnected).toBeHidden();

  try {
    // Every watch is cut after its second event, so the writes below arrive over several connections.
    await api.setFaults({ dropWatchAfterEvents: 2, verbs: ['watch'] });
    for (const name of ['second', 'third', 'fourth', 'fifth']) await api.budget(project, name, '2.00');
    await api.patch(project, 'budgets', 'second', { spec: { limitUSD: '22.00' } });
    await api.remove(project, 'budgets', 'third');
    await api.patch(project, 'budgets', 'first', { spec: { limitUSD: '11.00' } });
    await expect.poll(async () => (await api.injected()).droppedWatches).toBeGreaterThanOrEqual(2);
  } finally {
    await api.clearFaults();
  }
  await expect(ui.watchStatus).toHaveText('Live');
  await expect(ui.reconnected).toBeVisible();
  await expectEqualToServer(ui, api, project);
});

test('a burst of 503s while the table is open recovers by itself', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-503');
  await api.budget(project, 'before', '1.00');
  const ui = await openBudgets(page, project);

  try {
    // Lists and watches fail; the open watch is cut at its next event, so the table must come back through them.
    await api.setFaults({
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
      verbs: ['list', 'watch'],
      dropWatchAfterEvents: 1,
    });
    await api.budget(project, 'during-1', '3.00');
    await expect(ui.watchStatus).toContainText('Reconnecting');
    await expect(ui.watchStatus).toContainText('ServiceUnavailable');
    await api.budget(project, 'during-2', '4.00');
    await api.remove(project, 'budgets', 'before');
  } finally {
    await api.clearFaults();
  }
  await expect(ui.watchStatus).toHaveText('Live', { timeout: 15_000 });
  await expect(ui.reconnected).toBeVisible();
  await expectEqualToServer(ui, api, project);
});

test('a table opened during a burst of 503s shows it is retrying, then fills by itself', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-503-open');
  await api.budget(project, 'waiting', '1.00');
  const ui = new ResourceTablePage(page, 'budgets');
  try {
    await api.setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 1, verbs: ['list', 'watch'] });
    await ui.goto(project);
    await expect(ui.watchStatus).toContainText(/Connecting… attempt \d+ · ServiceUnavailable/);
  } finally {
    await api.clearFaults();
  }
  await expect(ui.watchStatus).toHaveText('Live', { timeout: 15_000 });
  await ui.columns();
  await expectEqualToServer(ui, api, project);
});

test('a table named in the URL shows its rows while discovery is slow, and offers writes once discovery says it may', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = new NodusApi(request);
  const project = await api.newProject('rt-slow-discovery');
  await api.budget(project, 'first', '1.00');
  const ui = new ResourceTablePage(page, 'budgets');
  const newBudget = page.getByRole('link', { name: 'New Budget' });
  try {
    // Discovery (GET /apis/nodus.dev/v1) answers after 15 s; lists and watches (not GETs) at once.
    await api.setFaults({ latencyMs: 15_000, paths: ['/apis/nodus.dev/v1'], verbs: ['get'] });
    await ui.goto(project);
    await ui.expectNames(['first']);
    await expect(ui.watchStatus).toHaveText('Live');
    // Discovery has not answered: the tabs are still loading, and no write is offered yet.
    await expect(page.getByLabel('Loading kinds').first()).toBeVisible();
    await expect(newBudget).toHaveCount(0);
  } finally {
    await api.clearFaults();
  }
  // Discovery's answer takes over the same table: the tabs come, and so does New Budget (Budgets allow create).
  await expect(newBudget).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Budgets/ }).first()).toBeVisible();
  await api.budget(project, 'second', '2.00');
  await ui.expectNames(['first', 'second']);
});

test.describe('with a mock that keeps one second of history', () => {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    stack = await startStack({ NODUS_MOCK_HISTORY_SECONDS: '1', NODUS_MOCK_DEMO: '0' });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('a resume the server calls Expired lists again, and the table ends equal to the server’s list', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const api = new NodusApi(request, stack!.mockUrl);
    const project = await api.newProject('rt-expired');
    await api.budget(project, 'kept', '1.00');
    await api.budget(project, 'removed', '2.00');
    const ui = await openBudgets(page, project, stack!.consoleUrl);
    await ui.expectNames(['kept', 'removed']);

    // Only this project's watch: the probe below watches all projects and must not be refused.
    const faults = {
      paths: [api.path(project, 'budgets').replace(stack!.mockUrl, '')],
      verbs: ['watch'],
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
    };
    try {
      await api.setFaults({ ...faults, dropWatchAfterEvents: 1 });
      const last = await api.budget(project, 'last-seen', '3.00');
      await expect(ui.watchStatus).toContainText('Reconnecting');
      // Written while the table is away, then forgotten by the server.
      await api.budget(project, 'added-away', '4.00');
      await api.patch(project, 'budgets', 'kept', { spec: { limitUSD: '9.00' } });
      await api.remove(project, 'budgets', 'removed');
      await expect.poll(() => api.expired(last.metadata.resourceVersion ?? ''), { timeout: 10_000 }).toBe(true);
    } finally {
      await api.clearFaults();
    }
    await expect(ui.watchStatus).toHaveText('Live', { timeout: 20_000 });
    await expect(ui.reconnected).toContainText('listed again after Expired');
    await expectEqualToServer(ui, api, project);
    expect(Object.keys(await tableLimits(ui)).sort()).toEqual(['added-away', 'kept', 'last-seen']);
  });
});
