/**
 * A project's Cost view against the real mock: the chart's table and the figure cards say what the usage API
 * says (same window and grouping); a launch moves the burn rate and stopping it brings it back; charges move the
 * window's spend; the window and grouping live in the URL; an empty window and a failed report read as such.
 */
import { expect, test } from '@playwright/test';
import { windowQuery } from '../src/features/usage/model/cost-view.ts';
import { seriesLabel, stepStarts } from '../src/features/usage/model/report-series.ts';
import { formatEstimateUSD, formatRateUSD, formatUSD } from '../src/lib/format.ts';
import { formatUnitsUSD, parseUSD, sumUSD } from '../src/lib/money.ts';
import { CostPage } from './pages/cost-page.ts';
import { createBudget } from './support/mock-writes.ts';
import { apiStatus } from './support/nodus-api.ts';
import { ObjectApi } from './support/object-api.ts';
import { usageReport } from './support/usage-api.ts';

// The shared mock runs at real speed, on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

const GPU = 'H100';
/** These tests are about spend once Jobs run, not about the 38 s an H100 waits to start. */
const QUICK_START = 1;

/** "$1,234.56" → ten-thousandths. */
function units(shown: string): number {
  return parseUSD(shown.replace(/[$,]/g, '')) ?? Number.NaN;
}

test("the chart's table, the figures and the top spenders are the API's report", async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-report');
  // Finished Jobs: their spend no longer moves while the test reads it.
  const done = { outcome: 'Succeeded', gpu: GPU, startSeconds: QUICK_START } as const;
  await api.job(project, 'red-a', { ...done, runSeconds: 30, labels: { team: 'red' } });
  await api.job(project, 'blue-a', { ...done, runSeconds: 15, labels: { team: 'blue' } });
  await api.waitForPhase(project, 'jobs', 'red-a', ['Succeeded', 'Failed'], 90_000);
  await api.waitForPhase(project, 'jobs', 'blue-a', ['Succeeded', 'Failed'], 90_000);

  const ui = new CostPage(page);
  await ui.goto(project, '?window=24h&groupBy=label:team');
  const query = { ...windowQuery({ length: '24h' }, undefined)!, groupBy: 'label:team' };
  const report = await usageReport(request, project, query);
  const series = report.status.series;
  expect(series.length).toBeGreaterThan(0);
  await expect(ui.chartTable).toHaveAccessibleName('Spend by team, last 24 hours');
  await expect
    .poll(() => ui.readChart())
    .toEqual({
      columns: series.map((s) => seriesLabel(s.key)),
      rows: series[0]!.points.map((point, i) => ({
        start: point.start,
        amounts: series.map((s) => formatUSD(s.points[i]!.costUSD)),
        total: formatUnitsUSD(sumUSD(series.map((s) => s.points[i]!.costUSD))),
      })),
      totals: series.map((s) => formatUSD(s.totalUSD)),
      total: formatUSD(report.status.totalUSD),
    });

  await expect(ui.figure('spent')).toHaveText(formatUSD(report.status.totalUSD)!);
  await expect(ui.figure('burn-rate')).toHaveText(formatRateUSD(report.status.burnRateUSDPerHour)!);
  await expect(ui.figure('running')).toHaveText('0');

  // Most spent first, each a link to its object's page.
  const rows = ui.topSpenders.getByRole('row');
  await expect(rows).toHaveCount(report.status.top.length + 1);
  for (const [i, top] of report.status.top.entries()) {
    const row = rows.nth(i + 1);
    await expect(row.getByRole('link', { name: top.object.name })).toHaveAttribute(
      'href',
      `/projects/${project}/jobs/${top.object.name}`,
    );
    await expect(row).toContainText(formatUSD(top.costUSD)!);
    await expect(row).toContainText(top.createdBy ?? '—');
  }

  // The table stays readable behind its disclosure; opening it shows it.
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  await ui.chartTable.scrollIntoViewIfNeeded();
  await expect(ui.chartTable).toBeInViewport();
});

test('a launch moves the burn rate up, and cancelling it brings it down', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-burn');
  const ui = new CostPage(page);
  await ui.goto(project);
  await expect(ui.figure('burn-rate')).toHaveText('$0.00/h');
  await expect(ui.figure('running')).toHaveText('0');

  await api.job(project, 'burner', { runSeconds: 3600, gpu: GPU, startSeconds: QUICK_START, maxCostUSD: '50.00' });
  await api.waitForPhase(project, 'jobs', 'burner', ['Running']);
  const rate = async () => (await usageReport(request, project, { window: '24h' })).status.burnRateUSDPerHour;
  await expect.poll(async () => parseUSD(await rate())).toBeGreaterThan(0);
  await expect(ui.figure('burn-rate')).toHaveText(formatRateUSD(await rate())!);
  await expect(ui.figure('running')).toHaveText('1');
  await expect(ui.figure('per-day')).not.toHaveText('$0.00/day');

  await api.patch(project, 'jobs', 'burner', { spec: { state: 'Cancelled' } });
  await expect.poll(rate).toBe('0.00');
  await expect(ui.figure('burn-rate')).toHaveText('$0.00/h');
  await expect(ui.figure('running')).toHaveText('0');
});

test("charges move the window's spend as the API counts it", async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-charge');
  await api.job(project, 'spender', { runSeconds: 3600, gpu: GPU, startSeconds: QUICK_START, maxCostUSD: '50.00' });
  await api.waitForPhase(project, 'jobs', 'spender', ['Running']);
  const ui = new CostPage(page);
  await ui.goto(project, '?window=24h&groupBy=none');
  const apiTotal = async () =>
    formatUSD((await usageReport(request, project, { window: '24h', step: '1h' })).status.totalUSD);
  // The table and the API agree on the total, and then on a higher one as charges post.
  let first = '';
  await expect
    .poll(async () => {
      first = (await ui.readChart()).total;
      return first === (await apiTotal());
    })
    .toBe(true);
  await expect
    .poll(
      async () => {
        const shown = (await ui.readChart()).total;
        return shown === (await apiTotal()) && units(shown) !== units(first);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  expect(units((await ui.readChart()).total)).toBeGreaterThan(units(first));
  await expect(ui.figure('spent')).toHaveText((await ui.readChart()).total);
  await api.patch(project, 'jobs', 'spender', { spec: { state: 'Cancelled' } });
});

test('the window and the grouping are in the URL, a Budget offers its period', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-pick');
  await createBudget(request, project, 'team-cap', '5.00');
  const ui = new CostPage(page);
  await ui.goto(project);
  await expect(ui.window('Last 30 days')).toHaveAttribute('aria-pressed', 'true');
  await expect(ui.groupBy).toHaveValue('kind');
  await expect(ui.chartTable).toHaveAccessibleName('Spend by kind, last 30 days');

  await ui.window('Last 24 hours').click();
  await expect(page).toHaveURL(/\?window=24h$/);
  await expect(ui.chartTable).toHaveAccessibleName('Spend by kind, last 24 hours');
  await expect.poll(async () => (await ui.readChart()).rows.length).toBe(24);

  await ui.groupBy.selectOption({ label: 'Team' });
  await expect.poll(() => new URL(page.url()).searchParams.get('groupBy')).toBe('label:team');
  await ui.groupBy.selectOption({ label: 'Label key…' });
  await ui.labelKey.fill('bad key');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await ui.labelKey.fill('cost-center');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('groupBy')).toBe('label:cost-center');
  await expect(ui.chartTable).toHaveAccessibleName('Spend by label cost-center, last 24 hours');

  await ui.window('Budget team-cap').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('window')).toBe('budget:team-cap');
  await expect(ui.chartTable).toHaveAccessibleName('Spend by label cost-center, this period of Budget team-cap');
  const budget = (await usageReport(request, project, { window: '1d', step: '1d', budget: 'team-cap' })).status.budget!;
  await expect(page.getByRole('definition').filter({ hasText: 'of $5.00' })).toContainText(
    `forecast ${formatEstimateUSD(budget.forecastUSD)}`,
  );
  const period = await usageReport(request, project, {
    ...windowQuery({ budget: 'team-cap' }, budget)!,
    groupBy: 'label:cost-center',
  });
  const steps = stepStarts(period.spec.start, period.spec.end, period.spec.step).length;
  await expect.poll(async () => (await ui.readChart()).rows.length).toBe(steps);

  // A bookmark opens the same view.
  await page.reload();
  await expect(ui.window('Budget team-cap')).toHaveAttribute('aria-pressed', 'true');
  await expect(ui.labelKey).toHaveValue('cost-center');
  await expect(ui.chartTable).toHaveAccessibleName('Spend by label cost-center, this period of Budget team-cap');

  // The defaults leave the URL.
  await ui.window('Last 30 days').click();
  await ui.groupBy.selectOption({ label: 'Kind' });
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/cost$`));
});

test('an empty window says so over a zero chart; a failed report shows the API error', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('cost-empty');
  const ui = new CostPage(page);
  await ui.goto(project, '?window=7d');
  await expect(page.getByRole('status').filter({ hasText: 'No spend in this window' })).toBeVisible();
  await expect(page.locator('.money-chart canvas').first()).toBeVisible();
  await expect.poll(async () => (await ui.readChart()).total).toBe('$0.00');
  await expect(ui.figure('spent')).toHaveText('$0.00');
  await expect(page.getByText('No object spent anything in this window.')).toBeVisible();

  // A Budget that does not exist: the API's 404, with its reason and request ID, and a retry.
  await ui.goto(project, '?window=budget:missing');
  const alert = page.getByRole('alert', { name: 'Could not load the spend' });
  await expect(alert).toContainText('NotFound');
  const status = await apiStatus(
    request,
    `/apis/usage.nodus.dev/v1/namespaces/${project}/usage?window=1d&step=1d&groupBy=none&budget=missing`,
  );
  expect(status.httpStatus).toBe(404);
  await expect(alert).toContainText(status.message);
  await expect(alert.getByTestId('request-id')).not.toBeEmpty();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeEnabled();
});
