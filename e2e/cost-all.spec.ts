/**
 * The Cost views where other tests' projects show too (All projects) or where the mock misbehaves (faults): run
 * one file at a time, after the rest. Figures across projects are compared on the window's closed steps, which
 * charges no longer move, so projects spending meanwhile do not make the comparison flaky.
 */
import { expect, test } from '@playwright/test';
import { windowQuery } from '../src/features/usage/model/cost-view.ts';
import { seriesLabel } from '../src/features/usage/model/report-series.ts';
import { formatEstimateUSD, formatRateUSD, formatUSD } from '../src/lib/format.ts';
import { formatUnitsUSD, parseUSD, sumUSD } from '../src/lib/money.ts';
import { API_VERSION } from '../src/shared/protocol.ts';
import { CostPage } from './pages/cost-page.ts';
import { authHeaders, listAll, setFaults } from './support/mock-writes.ts';
import { ObjectApi } from './support/object-api.ts';
import { MOCK_URL } from './support/servers.ts';
import { usageReport } from './support/usage-api.ts';

test.describe.configure({ timeout: 180_000 });

test('All projects stacks spend by project and shows every Budget with its forecast', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-all');
  const res = await request.post(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets`, {
    headers: authHeaders,
    data: { metadata: { name: 'all-cap' }, spec: { limitUSD: '20.00', period: 'Weekly', enforcement: 'Alert' } },
  });
  expect(res.status(), await res.text()).toBe(201);

  const ui = new CostPage(page);
  await ui.goto(undefined, '?window=24h');
  await expect(ui.groupBy).toHaveValue('project');
  await expect(ui.chartTable).toHaveAccessibleName('Spend by project, last 24 hours');
  const query = { ...windowQuery({ length: '24h' }, undefined)!, groupBy: 'project' };
  // The closed steps (all but the one that holds now) are the API's, column by column.
  await expect
    .poll(async () => {
      const report = await usageReport(request, undefined, query);
      const series = report.status.series;
      const shown = await ui.readChart();
      const expected = {
        columns: series.map((s) => seriesLabel(s.key)),
        rows: series[0]!.points.slice(0, -1).map((point, i) => ({
          start: point.start,
          amounts: series.map((s) => formatUSD(s.points[i]!.costUSD)),
          total: formatUnitsUSD(sumUSD(series.map((s) => s.points[i]!.costUSD))),
        })),
      };
      return JSON.stringify({ columns: shown.columns, rows: shown.rows.slice(0, -1) }) === JSON.stringify(expected);
    })
    .toBe(true);

  // Every Budget of every project, this one with the API's forecast and what it does at its limit.
  const everyBudget = await listAll(request, 'budgets');
  await expect(ui.budgets.locator('tbody tr')).toHaveCount(everyBudget.length);
  const row = ui.budgets.locator(`tr[data-budget="${project}/all-cap"]`);
  await expect(row.getByRole('link', { name: 'all-cap' })).toHaveAttribute(
    'href',
    `/projects/${project}/budgets/all-cap`,
  );
  const forecast = (await usageReport(request, project, { window: '1d', step: '1d', budget: 'all-cap' })).status
    .budget!;
  await expect(row).toContainText(project);
  await expect(row).toContainText('Weekly');
  await expect(row.locator('[data-cell="spent"]')).toHaveText(formatUSD(forecast.spentUSD)!);
  await expect(row.locator('[data-cell="limit"]')).toHaveText('$20.00');
  await expect(row.locator('[data-cell="forecast"]')).toHaveText(formatEstimateUSD(forecast.forecastUSD)!);
  await expect(row.locator('[data-cell="forecast"] [data-value]')).toHaveAttribute('data-value', forecast.forecastUSD);
  await expect(row).toContainText('Alerts only');
});

test('a top spender deleted since is shown, marked, and not linked', async ({ page, request }) => {
  // The demo's history holds Jobs that no longer exist.
  const report = await usageReport(request, 'nlp', { window: '30d' });
  const gone = report.status.top.find((t) => t.deleted);
  expect(gone, 'the demo keeps a deleted Job among the top spenders').toBeDefined();
  const ui = new CostPage(page);
  await ui.goto('nlp');
  const row = ui.topSpenders.locator(`tr[data-uid="${gone!.object.uid}"]`);
  await expect(row).toContainText(`${gone!.object.name}deleted`);
  await expect(row.getByRole('link')).toHaveCount(0);
  const alive = report.status.top.find((t) => !t.deleted)!;
  await expect(ui.topSpenders.getByRole('link', { name: alive.object.name })).toBeVisible();
});

test.describe('a failing usage API', () => {
  test.afterEach(async ({ request }) => {
    await setFaults(request, {});
  });

  test('keeps the last figures on screen and says they are stale, until a retry succeeds', async ({
    page,
    request,
  }) => {
    const api = new ObjectApi(request);
    const project = await api.project('cost-stale');
    // The page's clock is stepped on below: the minute two refreshes take passes in a few seconds.
    await page.clock.install();
    const ui = new CostPage(page);
    await ui.goto(project, '?window=24h');
    await expect(ui.figure('spent')).toHaveText('$0.00');
    await setFaults(request, {
      errorRate: 1,
      errorCode: 503,
      paths: [`/apis/usage.nodus.dev/v1/namespaces/${project}/usage`],
    });
    // The next refresh (every 30 s) fails, and the client keeps retrying it: two refreshes missed, it says so.
    let refused = 0;
    page.on('response', (r) => {
      if (r.status() === 503 && new URL(r.url()).pathname.endsWith(`/namespaces/${project}/usage`)) refused++;
    });
    const notice = page.getByTestId('stale-notice');
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(5_000);
          return notice.isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await expect(notice).toContainText(/These figures are stale: they are from \d+m ago; the API/);
    // Stale because the API refused, not because the stepped clock outran an answer.
    expect(refused).toBeGreaterThan(0);
    await expect(ui.figure('spent')).toHaveText('$0.00');
    await expect.poll(async () => (await ui.readChart()).rows.length).toBe(24);

    await setFaults(request, {});
    await notice.getByRole('button', { name: 'Retry now' }).click();
    await expect(notice).toBeHidden();
  });

  test("shows the report's burn rate while the running objects are still listing, then the live one", async ({
    page,
    request,
  }) => {
    const api = new ObjectApi(request);
    const project = await api.project('cost-early');
    // Seeded Jobs: two in five are Running, each with its hourly rate (the controller leaves them be).
    const seeded = await request.post(`${MOCK_URL}/_mock/seed`, {
      headers: authHeaders,
      data: { project, kind: 'Job', count: 10 },
    });
    expect(seeded.status(), await seeded.text()).toBe(201);
    const report = await usageReport(request, project, { window: '24h' });
    expect(parseUSD(report.status.burnRateUSDPerHour)).toBeGreaterThan(0);
    // Listing this project's Jobs takes 20 s; the usage report does not.
    await setFaults(request, { latencyMs: 20_000, paths: [`/apis/${API_VERSION}/namespaces/${project}/jobs`] });
    const ui = new CostPage(page);
    await ui.goto(project, '?window=24h');
    const rate = formatRateUSD(report.status.burnRateUSDPerHour)!;
    await expect(ui.figure('burn-rate')).toHaveText(rate);
    await expect(page.getByText('As of the report; live once what runs is listed')).toBeVisible();
    await setFaults(request, {});
    await expect(page.getByText('Live: what runs now')).toBeVisible({ timeout: 60_000 });
    await expect(ui.figure('burn-rate')).toHaveText(rate);
    await expect(ui.figure('running')).toHaveText('4');
  });
});
