/**
 * The review's Budgets when the usage API fails: the bar still shows from the review's own figures, the run-out
 * line says the date is unknown and why, Launch is never held back, and Try again brings the date once the API
 * answers. Faults are mock-wide, so this file runs with the mock-wide project (limited to this project's path).
 */
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page.ts';
import { Shell } from './pages/shell.ts';
import { createBudget, createProject, setFaults, uniqueName } from './support/mock-writes.ts';
import { budgetItem, nextDryRun, usd } from './support/review-budgets.ts';

test.describe.configure({ timeout: 180_000 });

test('a failing usage report leaves the bar, says the date is unknown, and never holds back the launch', async ({
  page,
  request,
}) => {
  const project = uniqueName('rv-outage');
  await createProject(request, project);
  await createBudget(request, project, 'team', '100.00');
  await setFaults(request, {
    errorRate: 1,
    errorCode: 503,
    retryAfterSeconds: 1,
    paths: [`/apis/usage.nodus.dev/v1/namespaces/${project}/usage`],
  });
  try {
    const editor = new EditorPage(page);
    await editor.goto(project, 'jobs');
    await editor.setText(EditorPage.jobYaml('outage', { maxCostUSD: '5.00' }));
    const dryRun = nextDryRun(page);
    await editor.reviewButton.click();
    const estimate = await dryRun;
    const budget = budgetItem(page, 'team');
    await expect(budget.launch).toHaveText(usd(estimate.costUSD));
    await expect(budget.left).toHaveText(usd(estimate.budgets![0]!.remainingAfterUSD));
    await expect(editor.launchButton).toBeEnabled();
    // Still retrying: said so after a few seconds; then given up, with the reason.
    await expect(budget.unknown).toContainText('has not answered in 5 s');
    await expect(budget.unknown).toContainText('failed (ServiceUnavailable, HTTP 503)', { timeout: 60_000 });
    await expect(budget.runOut).toHaveCount(0);
    await expect(editor.launchButton).toBeEnabled();
    // Only the usage group fails while the objects answer: a part of the API is in trouble, not all of it.
    await expect(new Shell(page).healthButton).toHaveAccessibleName('API health: Degraded (usage.nodus.dev fails)');

    await setFaults(request, {});
    await budget.item.getByRole('button', { name: 'Try again' }).click();
    await expect(budget.runOut).toHaveText('Still lasts the period');
    await expect(budget.unknown).toHaveCount(0);
  } finally {
    await setFaults(request, {});
  }
});
