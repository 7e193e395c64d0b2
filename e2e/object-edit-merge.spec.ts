/**
 * Someone else changes a running Job while the person edits it (the object page's Edit tab, against the real
 * mock): the notice counts and names only the fields both sides changed to different values, what merged by
 * itself is listed apart, and the three-way view (with its diff editor) closes without an error whichever way
 * it is left: saved, cancelled, replaced by a newer merge, or navigated away from.
 */
import { expect, test } from '@playwright/test';
import type { NodusObject } from '../src/shared/protocol.ts';
import { ObjectEditPage } from './pages/object-edit-page.ts';
import { ObjectApi } from './support/object-api.ts';
import { settled, watchPageErrors } from './support/page-errors.ts';

// The editor (Monaco) loads lazily; its first load can be slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** A Job that keeps running (its cost stays far below the cap), with one label of its own. */
async function runningJob(api: ObjectApi, prefix: string): Promise<{ project: string; job: NodusObject }> {
  const project = await api.project(prefix);
  await api.job(project, 'train', { runSeconds: 36_000, maxCostUSD: '5.00', labels: { team: 'nlp' } });
  const job = await api.get(project, 'jobs', 'train');
  if (!job) throw new Error('the Job just created is not there');
  return { project, job };
}

test('the notice names only the field both sides changed differently; labels that merged by themselves are listed apart', async ({
  page,
  request,
}) => {
  const errors = watchPageErrors(page, { expectedStatuses: [409] });
  const api = new ObjectApi(request);
  const { project, job } = await runningJob(api, 'merge-notice');
  await page.setViewportSize({ width: 1024, height: 768 });
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'jobs', 'train');

  // The person raises the cap to 12.00 and adds tier=gold; someone else raises it to 9.00, adds owner=bo and the
  // same tier=gold.
  await ui.setYaml(ObjectEditPage.editOf(job, { spec: { maxCostUSD: '12.00' }, labels: { tier: 'gold' } }));
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await api.patch(project, 'jobs', 'train', {
    metadata: { labels: { owner: 'bo', tier: 'gold' } },
    spec: { maxCostUSD: '9.00' },
  });

  await expect(ui.liveChangeNotice).toContainText('1 field changed on both sides');
  await expect(ui.liveConflicts.getByRole('listitem')).toHaveCount(1);
  await expect(ui.liveConflicts.getByRole('listitem')).toContainText('spec.maxCostUSD');
  await expect(ui.liveConflicts).not.toContainText('labels');
  await expect(ui.liveMerged.getByRole('listitem')).toHaveCount(2);
  await expect(ui.liveMerged.getByRole('listitem').filter({ hasText: 'metadata.labels.owner' })).toContainText(
    'from the server',
  );
  await expect(ui.liveMerged.getByRole('listitem').filter({ hasText: 'metadata.labels.tier' })).toContainText(
    'same change on both sides',
  );
  await expect(ui.liveMerged).not.toContainText('maxCostUSD');
  await page.screenshot({ path: test.info().outputPath('conflict-live-notice-1024.png') });

  await ui.reviewMergeButton.click();
  await expect(ui.mergeView).toBeVisible();
  await expect(ui.mergeView).toContainText('the field you both changed');
  await expect(ui.conflicts.getByRole('group')).toHaveCount(1);
  await expect(ui.conflict('spec.maxCostUSD')).toBeVisible();
  await expect(ui.mergedList).toContainText('metadata.labels.owner');
  await expect(ui.mergedList).toContainText('metadata.labels.tier');
  await expect(ui.mergedList).not.toContainText('maxCostUSD');
  await page.screenshot({ path: test.info().outputPath('conflict-merge-view-1024.png'), fullPage: true });

  await ui.takeMine('spec.maxCostUSD');
  await expect(ui.mergeView.getByText('1 of 1 resolved')).toBeVisible();
  await ui.saveMergedButton.click();
  await expect(ui.savedNotice).toBeVisible();
  await expect(ui.mergeView).toBeHidden();
  await settled(page);

  const saved = await api.get(project, 'jobs', 'train');
  expect(saved?.spec?.maxCostUSD).toBe('12.00');
  expect(saved?.metadata.labels).toMatchObject({ team: 'nlp', owner: 'bo', tier: 'gold' });
  expect(errors).toEqual([]);
});

test('the three-way view closes without an error: back to the edit, a newer merge, another tab, a refused save, saved', async ({
  page,
  request,
}) => {
  const errors = watchPageErrors(page, { expectedStatuses: [409] });
  const api = new ObjectApi(request);
  const { project, job } = await runningJob(api, 'merge-close');
  await page.setViewportSize({ width: 1440, height: 900 });
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'jobs', 'train');

  await ui.setYaml(ObjectEditPage.editOf(job, { spec: { maxCostUSD: '12.00' } }));
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await api.patch(project, 'jobs', 'train', { spec: { maxCostUSD: '9.00' } });

  // Opened from the notice and left again, twice over (an impatient person).
  for (let i = 0; i < 2; i++) {
    await ui.reviewMergeButton.click();
    await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-editor-ready', 'true', { timeout: 120_000 });
    await ui.backToEditButton.click();
    await expect(ui.mergeView).toBeHidden();
  }
  await settled(page);
  expect(errors, 'after "Back to my edit"').toEqual([]);

  // The server moves again while the view is open: the merge is replaced by one against its latest copy.
  await ui.reviewMergeButton.click();
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-editor-ready', 'true', { timeout: 120_000 });
  await api.patch(project, 'jobs', 'train', { metadata: { labels: { owner: 'bo' } } });
  await ui.mergeWithLatestButton.click();
  await expect(ui.mergedList).toContainText('metadata.labels.owner');
  await page.screenshot({ path: test.info().outputPath('conflict-merge-view-1440.png'), fullPage: true });
  await settled(page);
  expect(errors, 'after "Merge with the latest"').toEqual([]);

  // Another tab of the object page, then back: the edit is still there.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(ui.mergeView).toBeHidden();
  await settled(page);
  expect(errors, 'after leaving for another tab').toEqual([]);
  await page.getByRole('tab', { name: 'Edit' }).click();
  await ui.waitForEditor();
  await expect(ui.liveChangeNotice).toContainText('1 field changed on both sides');
  await page.screenshot({ path: test.info().outputPath('conflict-live-notice-1440.png') });

  // Saving the edit against the version read is refused (409) and opens the view; the merge saves.
  await ui.saveButton.click();
  await expect(ui.mergeView).toBeVisible();
  await ui.takeMine('spec.maxCostUSD');
  await ui.saveMergedButton.click();
  await expect(ui.savedNotice).toBeVisible();
  await expect(ui.mergeView).toBeHidden();
  await settled(page);
  expect((await api.get(project, 'jobs', 'train'))?.spec?.maxCostUSD).toBe('12.00');
  expect(errors, 'after saving the merge').toEqual([]);
});
