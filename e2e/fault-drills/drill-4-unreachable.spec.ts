/**
 * Fault drill 4: the API unreachable for 10 s (POST /_mock/faults {"unreachableSeconds": 10}: every
 * connection, open watches included, is broken off without an answer, so the dev server in front answers 502 Bad
 * Gateway as a reverse proxy would). Views say they are not current, keep what they showed, and come back by
 * themselves when the API does, without a reload; a view opened during the outage fills once it is over.
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page.ts';
import { ResourceTablePage } from '../pages/resource-table.ts';
import { countReloads, DrillApi, noteCounts } from '../support/drills.ts';

test('drill 4: the API unreachable for 10 s — views say so, keep what they showed, and recover without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-outage');
  for (const name of ['alpha', 'beta', 'gamma']) await api.budget(project, name);
  await api.job(project, 'trainer');

  const console_ = new ConsolePage(page);
  const budgets = new ResourceTablePage(page, 'budgets');
  await budgets.goto(project);
  await expect(budgets.watchStatus).toHaveText('Live', { timeout: 90_000 });
  await budgets.expectNames(['alpha', 'beta', 'gamma']);
  await expect(console_.shell.healthButton).toHaveAccessibleName('API health: Healthy', { timeout: 30_000 });
  const reloads = countReloads(page);

  let refused = 0;
  try {
    await api.setFaults({ unreachableSeconds: 10 });
    // The table says it is not current, and why, while it keeps what it showed.
    await expect(budgets.watchStatus).toContainText('Reconnecting', { timeout: 15_000 });
    await budgets.expectNames(['alpha', 'beta', 'gamma'], 30_000);
    await expect(console_.shell.healthButton).toHaveAccessibleName(/Unreachable/, { timeout: 15_000 });
    // A view opened now says it is trying.
    await console_.kindTab('jobs').click();
    const jobs = new ResourceTablePage(page, 'jobs');
    await expect(jobs.watchStatus).toContainText(/Connecting…|Reconnecting/);
    await expect.poll(() => api.unreachable(), { timeout: 30_000, message: 'the outage ends by itself' }).toBe(false);
    refused = (await api.injected()).refused;
    expect(refused).toBeGreaterThan(0);

    // Back by itself: the view opened during the outage fills, the health pill clears.
    await expect(jobs.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await jobs.expectNames(['trainer'], 30_000);
    await expect(console_.shell.healthButton).not.toHaveAccessibleName(/Unreachable/, { timeout: 30_000 });
  } finally {
    await api.clearFaults();
  }

  // Live again: a change made now reaches the table without a reload.
  await console_.kindTab('budgets').click();
  await expect(budgets.watchStatus).toHaveText('Live', { timeout: 30_000 });
  await api.budget(project, 'after-outage');
  await budgets.expectNames(['alpha', 'beta', 'gamma', 'after-outage'], 30_000);
  expect(reloads()).toBe(0);

  noteCounts(test.info(), { outageSeconds: 10, connectionsRefused: refused, reloads: reloads(), lost: 0 });
});
