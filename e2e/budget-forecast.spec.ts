/**
 * Money on the object page, read from the page and checked against the usage API: a Budget's spent, forecast and
 * the date its limit is reached at the present burn rate, following that rate as covered Jobs start and stop; and an
 * object's spend table adding up to its costUSD.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ObjectApi } from './support/object-api.ts';
import { MOCK_URL } from './support/servers.ts';

// On a machine shared with other work. The Jobs' start is pinned short: an H100 otherwise waits 38 s to run.
test.describe.configure({ timeout: 240_000 });
const QUICK_START = 1;

const HOUR_MS = 3_600_000n;
const CENT = 100;

interface Figures {
  spent: string;
  limit: string;
  rate: string;
  forecast: string;
  asOf: string;
  /** RFC 3339, or '' when the limit is not reached at a date. */
  reachedAt: string;
  reachedState: string;
}

/** Ten-thousandths of a dollar, from the API's decimal strings. */
function units(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** The first millisecond the limit is reached at this rate, computed here on its own from the same figures. */
function reachedAt(f: Pick<Figures, 'spent' | 'limit' | 'rate' | 'asOf'>): number | undefined {
  const left = units(f.limit) - units(f.spent);
  const rate = units(f.rate);
  if (left <= 0 || rate === 0) return undefined;
  return Date.parse(f.asOf) + Number((BigInt(left) * HOUR_MS + BigInt(rate) - 1n) / BigInt(rate));
}

async function budgetReport(request: APIRequestContext, project: string, budget: string) {
  const res = await request.get(`${MOCK_URL}/apis/usage.nodus.dev/v1/namespaces/${project}/usage`, {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    params: { budget },
  });
  expect(res.status(), await res.text()).toBe(200);
  const report = (await res.json()) as {
    status: {
      asOf: string;
      burnRateUSDPerHour: string;
      budget: { spentUSD: string; limitUSD: string; forecastUSD: string; periodEnd: string };
    };
  };
  const b = report.status.budget;
  return {
    spent: b.spentUSD,
    limit: b.limitUSD,
    rate: report.status.burnRateUSDPerHour,
    forecast: b.forecastUSD,
    asOf: report.status.asOf,
    periodEnd: b.periodEnd,
  };
}

async function pageFigures(page: Page): Promise<Figures> {
  const card = page.getByRole('region', { name: 'Spend this period' });
  const value = (figure: string) => card.locator(`[data-figure="${figure}"]`).getAttribute('data-value');
  const reached = card.locator('[data-figure="limit-reached"]');
  return {
    spent: (await value('spent')) ?? '',
    limit: (await value('limit')) ?? '',
    rate: (await value('burn-rate')) ?? '',
    forecast: (await value('forecast')) ?? '',
    asOf: (await card.locator('[data-as-of]').getAttribute('data-as-of')) ?? '',
    reachedAt: (await reached.getAttribute('data-value')) ?? '',
    reachedState: (await reached.getAttribute('data-state')) ?? '',
  };
}

/**
 * The page's date is the one its own figures give, exactly; and the one the API's figures give, up to what a
 * running object has not posted yet (charges post in whole cents, once per tick) and the second asOf drops.
 */
async function expectDateFollowsTheApi(page: Page, request: APIRequestContext, project: string, budget: string) {
  await expect
    .poll(
      async () => {
        const shown = await pageFigures(page);
        const api = await budgetReport(request, project, budget);
        if (shown.rate !== api.rate || shown.reachedState !== 'at') return `rate ${shown.rate} vs ${api.rate}`;
        const own = reachedAt(shown)!;
        if (Date.parse(shown.reachedAt) !== own) return `page ${shown.reachedAt} vs its figures ${own}`;
        const tolerance = Math.ceil((2 * CENT * 3_600_000) / units(api.rate)) + 2_000;
        const fromApi = reachedAt(api)!;
        return Math.abs(fromApi - own) <= tolerance ? 'follows' : `page ${own} vs API ${fromApi}`;
      },
      { timeout: 60_000, message: 'the limit-reached date is the one the figures give' },
    )
    .toBe('follows');
  return Date.parse((await pageFigures(page)).reachedAt);
}

test("a Budget's spent, forecast and limit date are the API's, and the date follows its burn rate", async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('budget-forecast');
  await api.create(project, 'budgets', {
    metadata: { name: 'gpu' },
    spec: { limitUSD: '60.00', period: 'Weekly', enforcement: 'Alert', selector: { matchLabels: { team: 'ml' } } },
  });
  // Not covered (no team=ml): its spend never moves the Budget. It runs throughout.
  await api.job(project, 'other', { gpu: 'H100', runSeconds: 3600, startSeconds: QUICK_START, maxCostUSD: '20.00' });
  await api.waitForPhase(project, 'jobs', 'other', ['Running']);

  await page.goto(`/projects/${project}/budgets/gpu`);
  const card = page.getByRole('region', { name: 'Spend this period' });
  await expect(card.locator('[data-figure="enforcement"]')).toHaveText('Alert: launches go ahead, with a warning');
  await expect(card.locator('[data-figure="limit-reached"]')).toHaveText('Never at this rate');
  const idle = await budgetReport(request, project, 'gpu');
  expect(await pageFigures(page)).toMatchObject({ spent: '0.00', limit: '60.00', rate: '0.00', forecast: '0.00' });
  expect(idle).toMatchObject({ spent: '0.00', limit: '60.00', rate: '0.00', forecast: '0.00' });

  // One covered Job runs: the burn rate rises and the limit is reached at a date.
  const covered = {
    gpu: 'H100',
    runSeconds: 3600,
    maxCostUSD: '20.00',
    startSeconds: QUICK_START,
    labels: { team: 'ml' },
  };
  await api.job(project, 'train-a', covered);
  await api.waitForPhase(project, 'jobs', 'train-a', ['Running']);
  const one = await expectDateFollowsTheApi(page, request, project, 'gpu');

  // A second one doubles the rate: the date moves earlier.
  await api.job(project, 'train-b', covered);
  await api.waitForPhase(project, 'jobs', 'train-b', ['Running']);
  await expect
    .poll(async () => Date.parse((await pageFigures(page)).reachedAt), { timeout: 30_000 })
    .toBeLessThan(one - 60_000);
  const two = await expectDateFollowsTheApi(page, request, project, 'gpu');
  // The objects using it most are the covered Jobs, each a link to its page.
  const top = page.getByRole('table', { name: 'Objects using this Budget most' });
  await expect(top.getByRole('link', { name: 'train-a' })).toHaveAttribute('href', `/projects/${project}/jobs/train-a`);
  await expect(top.getByRole('link', { name: 'train-b' })).toBeVisible();
  await expect(top.getByRole('link', { name: 'other' })).toHaveCount(0);

  // It stops: the date moves back, later.
  await api.patch(project, 'jobs', 'train-b', { spec: { state: 'Suspended' } });
  await expect
    .poll(async () => Date.parse((await pageFigures(page)).reachedAt), { timeout: 30_000 })
    .toBeGreaterThan(two + 60_000);
  await expectDateFollowsTheApi(page, request, project, 'gpu');

  // Nothing covered runs: never at this rate, and every figure is the API's to the ten-thousandth.
  await api.patch(project, 'jobs', 'train-a', { spec: { state: 'Suspended' } });
  await expect(card.locator('[data-figure="limit-reached"]')).toHaveText('Never at this rate');
  await expect
    .poll(
      async () => {
        const shown = await pageFigures(page);
        const fromApi = await budgetReport(request, project, 'gpu');
        return JSON.stringify([shown.spent, shown.limit, shown.rate, shown.forecast]) ===
          JSON.stringify([fromApi.spent, fromApi.limit, fromApi.rate, fromApi.forecast])
          ? 'same'
          : `${JSON.stringify(shown)} vs ${JSON.stringify(fromApi)}`;
      },
      { timeout: 30_000 },
    )
    .toBe('same');
  const final = await pageFigures(page);
  expect(units(final.spent)).toBeGreaterThan(0);
  expect(final.forecast).toBe(final.spent);
  await expect(card.locator('[data-figure="spent"]')).toHaveText(
    `$${(units(final.spent) / 10_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`,
  );
});

test("an object's spend table adds up to its costUSD, as the API's report does", async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('object-spend');
  await api.job(project, 'short', {
    gpu: 'H100',
    runSeconds: 20,
    startSeconds: QUICK_START,
    outcome: 'Succeeded',
    maxCostUSD: '20.00',
  });
  await api.waitForPhase(project, 'jobs', 'short', ['Succeeded'], 90_000);
  const job = (await api.get(project, 'jobs', 'short'))!;
  const cost = String(job.status?.costUSD);
  expect(units(cost)).toBeGreaterThan(0);
  const res = await request.get(`${MOCK_URL}/apis/usage.nodus.dev/v1/namespaces/${project}/usage`, {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    params: { object: 'Job/short', window: '24h' },
  });
  expect(((await res.json()) as { status: { totalUSD: string } }).status.totalUSD).toBe(cost);

  await page.goto(`/projects/${project}/jobs/short`);
  const card = page.getByRole('region', { name: 'Spend', exact: true });
  await expect(card.locator('[data-figure="cost"]')).toHaveAttribute('data-value', cost);
  await expect(card.locator('[data-figure="rate"]')).toHaveAttribute('data-value', '0.00');
  await expect(card.locator('[data-figure="max-cost"]')).toHaveAttribute('data-value', '20.00');
  await expect(card.getByRole('img')).toBeVisible();
  await card.getByRole('button', { name: 'Show the figures as a table' }).click();
  const table = card.getByRole('table', { name: 'Spend of Job short over the last 24 hours' });
  // Every row's amount, added here in whole units, is the cost; and the table's own total says so.
  const amounts = await table.locator('tbody tr td:first-of-type').allTextContents();
  const sum = amounts.reduce((total, text) => total + units(text.replace(/[$,]/g, '')), 0);
  expect(sum).toBe(units(cost));
  await expect(table.locator('[data-figure="table-total"]')).toHaveText(
    `$${(units(cost) / 10_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`,
  );
});
