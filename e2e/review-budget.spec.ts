/**
 * The review before launch draws the launch on each Budget's bar and says whether it moves the date the Budget
 * runs out. The figures on the page are checked against the API (the Budget object, the dry-run's estimate) and
 * the date against one worked out from the usage report the page received; a project where a Job runs shows an
 * earlier date than the same project without it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_VERSION, type NodusObject } from '../src/shared/protocol.ts';
import { EditorPage } from './pages/editor-page.ts';
import { seriousViolationsIn } from './support/axe.ts';
import { authHeaders, createBudget, createProject, uniqueName } from './support/mock-writes.ts';
import {
  budgetItem,
  nextDryRun,
  readBudget,
  recordUsage,
  runOutFrom,
  runOutLine,
  TIME_ZONE,
  usd,
} from './support/review-budgets.ts';
import { MOCK_URL } from './support/servers.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ locale: 'en-US', timezoneId: TIME_ZONE });

const BUDGET = 'team';

/** A notebook that keeps running; its cap is far above what the Budget holds, so only its rate matters. */
const SANDBOX = `apiVersion: nodus.dev/v1
kind: Sandbox
metadata:
  name: notebook
spec:
  image: nodus/pytorch:2.8-cuda12.8
  maxCostUSD: "1000.00"
`;

/** A Job that runs until the test ends, at about $21.50/h, covered by the project's Budget. */
async function startBurner(request: APIRequestContext, project: string): Promise<void> {
  const jobs = `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`;
  const res = await request.post(jobs, {
    headers: authHeaders,
    data: {
      metadata: {
        name: 'burner',
        annotations: { 'mock.nodus.dev/start-seconds': '0.5', 'mock.nodus.dev/run-seconds': '10000000' },
      },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        maxCostUSD: '90.00',
        resources: { cpu: 192, memoryGiB: 2048 },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${jobs}/burner`, { headers: authHeaders })).json()) as NodusObject).status?.phase,
      { timeout: 90_000 },
    )
    .toBe('Running');
  // Its first charge has posted: the Budget has something spent when the review reads it.
  await expect
    .poll(async () => Number((await readBudget(request, project, BUDGET)).status?.spentUSD), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

/** Reviews the Sandbox in `project`; returns the estimate and the date the page should show once launched. */
async function reviewSandbox(page: Page, project: string) {
  const editor = new EditorPage(page, 'Sandbox');
  const reports = recordUsage(page, project, BUDGET);
  await editor.goto(project, 'sandboxes');
  await editor.setText(SANDBOX);
  const dryRun = nextDryRun(page);
  // An impatient double click reviews once or twice, and still shows each Budget once.
  await editor.reviewButton.dblclick();
  const estimate = await dryRun;
  const budget = budgetItem(page, BUDGET);
  await expect(page.getByRole('list', { name: 'Budget impact' }).getByRole('listitem')).toHaveCount(1);
  await expect(editor.launchButton).toBeEnabled();
  const launch = { start: estimate.startTime, rate: estimate.rateUSDPerHour };
  // The line follows the latest report the page received (it refetches as charges post).
  await expect
    .poll(async () => {
      const report = reports.at(-1);
      if (!report) return 'no report yet';
      const expected = runOutLine(report, runOutFrom(report), runOutFrom(report, launch));
      return (await budget.runOut.textContent()) === expected
        ? 'matches'
        : `${await budget.runOut.textContent()} ≠ ${expected}`;
    })
    .toBe('matches');
  const report = reports.at(-1)!;
  const text = await budget.runOut.textContent();
  return { estimate, budget, text, after: runOutFrom(report, launch), before: runOutFrom(report) };
}

test('each Budget shows spent, this launch and what is left as the API has them, and when it runs out', async ({
  page,
  request,
}) => {
  const project = uniqueName('rv-budget');
  await createProject(request, project);
  await createBudget(request, project, BUDGET, '100.00');
  const { estimate, budget, before, after } = await reviewSandbox(page, project);

  const stored = await readBudget(request, project, BUDGET);
  const impact = estimate.budgets!.find((b) => b.name === BUDGET)!;
  await expect(budget.spent).toHaveText(usd(String(stored.status?.spentUSD)));
  await expect(budget.spent).toHaveText(usd(impact.spentUSD));
  await expect(budget.launch).toHaveText(usd(estimate.costUSD));
  await expect(budget.limit).toHaveText(usd(String((stored.spec as { limitUSD: string }).limitUSD)));
  // What is left is the limit less what is spent and this launch, to the cent the API sends.
  await expect(budget.left).toHaveText(usd(impact.remainingAfterUSD));
  const cents = (usdText: string) => Math.round(Number(usdText) * 100);
  expect(cents(impact.remainingAfterUSD)).toBe(
    cents(String((stored.spec as { limitUSD: string }).limitUSD)) - cents(impact.spentUSD) - cents(estimate.costUSD),
  );
  await expect(budget.outcome).toHaveText('Fits');
  await expect(budget.item.getByTestId('budget-threshold')).toHaveCount(3);
  // Nothing runs: without the launch the Budget lasts the period; with it, it runs out.
  expect(before).toBeUndefined();
  expect(after).toBeDefined();
  await expect(budget.runOut).toHaveText(/^Runs out .+ instead of lasting the period$/);

  // The bar, its figures and the period line read to a screen reader and pass axe's checks.
  await expect(budget.item.getByRole('img')).toHaveAttribute('aria-label', /^Spent \$[\d,.]+, this launch \$/);
  expect(await seriousViolationsIn(page, '[aria-label="Budget impact"]', 'Budget impact')).toEqual([]);
});

test('a running Job brings the run-out date earlier than in the same project without it', async ({ page, request }) => {
  const quiet = uniqueName('rv-quiet');
  const busy = uniqueName('rv-busy');
  for (const project of [quiet, busy]) {
    await createProject(request, project);
    await createBudget(request, project, BUDGET, '100.00');
  }
  await startBurner(request, busy);

  const without = await reviewSandbox(page, quiet);
  const withJob = await reviewSandbox(page, busy);
  expect(withJob.before).toBeDefined();
  expect(withJob.after).toBeLessThan(withJob.before!);
  expect(withJob.after).toBeLessThan(without.after!);
  await expect(withJob.budget.runOut).toHaveText(/^Runs out .+ instead of .+$/);
  expect(withJob.text).not.toBe(without.text);
  // The bar is the review's: what the Job has spent so far is on it.
  const impact = withJob.estimate.budgets!.find((b) => b.name === BUDGET)!;
  expect(Number(impact.spentUSD)).toBeGreaterThan(0);
  await expect(withJob.budget.spent).toHaveText(usd(impact.spentUSD));
  const stored = await readBudget(request, busy, BUDGET);
  expect(Number(stored.status?.spentUSD)).toBeGreaterThanOrEqual(Number(impact.spentUSD));
});
