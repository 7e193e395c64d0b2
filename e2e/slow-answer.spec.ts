/**
 * A change a person asked for that has had no answer for two seconds is said so where it was asked (not a
 * spinner forever), and the health pill counts it; once the answer comes, both say what it was. The API is made
 * slow for this one Job's writes alone (a mock-wide fault, so this file runs on its own).
 */
import { expect, test } from '@playwright/test';
import { ObjectPage } from './pages/object-page.ts';
import { Shell } from './pages/shell.ts';
import { ObjectApi } from './support/object-api.ts';

test.describe.configure({ timeout: 120_000 });

test('a write with no answer after two seconds says so at its button and in the health pill', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('slow-answer');
  await api.job(project, 'slow', { runSeconds: 3600 });
  await api.patch(project, 'jobs', 'slow', { spec: { state: 'Suspended' } });
  const ui = new ObjectPage(page);
  const shell = new Shell(page);
  await ui.goto(project, 'jobs', 'slow');
  await ui.expectPhase('Suspended');
  await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy', { timeout: 15_000 });

  await api.setFaults({
    latencyMs: 12_000,
    verbs: ['patch'],
    paths: [`/apis/nodus.dev/v1/namespaces/${project}/jobs/slow`],
  });
  try {
    await ui.action('Resume').click();
    const note = ui.actions.getByRole('status');
    await expect(note).toContainText(/^No answer yet after [2-5] s: the request is sent and still waiting/);
    await expect(shell.healthButton).toHaveAccessibleName('API health: Degraded (1 waiting)');
    await shell.healthButton.click();
    await expect(page.getByText(/^A change you asked for has had no answer for more than 2\s?s/)).toBeVisible();
    await page.keyboard.press('Escape');
    // The answer comes: the note goes, the result is told, the pill is healthy again.
    await expect(ui.result).toContainText('Job slow: spec.state is now Running.', { timeout: 20_000 });
    await expect(note).toHaveCount(0);
    await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy');
  } finally {
    await api.setFaults({});
  }
});
