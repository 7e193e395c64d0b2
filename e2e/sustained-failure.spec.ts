/**
 * A failure that lasts: every read of one project's Jobs answers 503 for as long as the test says. After a short
 * spell of quiet retries the table says plainly what fails (reason, for how long, the last requestId to copy,
 * what the console does about it), keeps the Jobs it had read and marks them out of date; the health pill
 * reflects the console's own failing calls although /readyz says ready; an object page opened meanwhile explains
 * instead of showing a skeleton forever. When the API answers again, everything recovers by itself.
 */
import { expect, test } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { Shell } from './pages/shell.ts';
import { DrillApi } from './support/drills.ts';

test('a sustained 503 is explained on the table, the object page and the health pill, and the last data stays', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = new DrillApi(request);
  const project = await api.newProject('sustained');
  for (const name of ['prep', 'train']) await api.job(project, name);
  const jobs = new ResourceTablePage(page, 'jobs');
  const shell = new Shell(page);
  await jobs.goto(project);
  await expect(jobs.watchStatus).toHaveText('Live', { timeout: 60_000 });
  await jobs.expectNames(['prep', 'train']);
  await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy');

  const trouble = page.getByRole('alert', { name: 'Trouble reading from the API' });
  try {
    // Reads of this project's Jobs fail; the open watch is cut at its next event (the patch below).
    await api.setFaults({
      paths: [DrillApi.path(project, 'jobs')],
      verbs: ['list', 'watch', 'get'],
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
      dropWatchAfterEvents: 1,
    });
    await api.patch(project, 'jobs', 'train', { metadata: { labels: { poke: 'yes' } } });

    await expect(trouble).toContainText('The API keeps failing: the jobs of', { timeout: 30_000 });
    await expect(trouble).toContainText('503 ServiceUnavailable');
    await expect(trouble).toContainText(/for \d+s, \d+ attempts/);
    await expect(trouble).toContainText('The console keeps retrying by itself');
    await expect(trouble.getByRole('button', { name: 'Copy the request id of the last failed call' })).toBeVisible();
    await expect(trouble.getByText(/^req_[0-9a-z]+$/)).toBeVisible();
    // The Jobs read before stay, marked out of date.
    await expect(trouble).toContainText('Still showing what was read before');
    await jobs.expectNames(['prep', 'train']);
    await expect(jobs.count).toContainText('out of date');
    // /readyz says ready; the console's own calls say otherwise.
    await expect(shell.healthButton).toHaveAccessibleName(
      /^API health: (Degraded|Failing) \((\d+% of calls fail|[a-z.]+ fails)\)$/,
      {
        timeout: 30_000,
      },
    );
    await shell.healthButton.click();
    await expect(page.getByRole('dialog', { name: 'API health' })).toContainText(
      /\d+ of \d+ calls failed in the last 1m/,
    );
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath('sustained-table.png'), fullPage: true });

    // An object page opened now explains, rather than showing a skeleton forever.
    await page.goto(`/projects/${project}/jobs/train`);
    await expect(trouble).toContainText('Job train cannot be read', { timeout: 30_000 });
    await expect(trouble).toContainText('Nothing has been read yet');
    await page.screenshot({ path: test.info().outputPath('sustained-object.png'), fullPage: true });
  } finally {
    await api.clearFaults();
  }
  // Back by itself (Retry now only skips the wait).
  await trouble.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByRole('heading', { name: 'train' })).toBeVisible({ timeout: 60_000 });
  await expect(trouble).toBeHidden();
});
