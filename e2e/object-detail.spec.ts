/**
 * The detail view of one object, live against the real mock: its conditions (problems first), finalizers,
 * labels and annotations; a deletion that waits on its finalizer and then the view saying the object went;
 * a Pipeline's Jobs, live, linked both ways; the whole object as YAML; the API's own 404.
 */
import { expect, test } from '@playwright/test';
import { FINALIZER_BILLING } from '../src/shared/protocol.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ObjectApi, STUCK } from './support/object-api.ts';

// The shared mock runs at real speed (a Job is Running after about 12 s), on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

test('a failed Job shows its conditions problems first, its finalizers explained and its labels and annotations', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('od-cond');
  await api.job(project, 'train-a', {
    // Each step before Running takes 2 s (not 4 and 8): the page is open for some of them.
    startSeconds: 2,
    runSeconds: 1,
    outcome: 'Failed',
    labels: { team: 'nlp' },
    annotations: { note: 'first try' },
    finalizers: ['example.com/cleanup'],
  });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'train-a');

  await ui.expectLive();
  await expect(ui.summary).toContainText('python train.py --epochs 3');
  await expect(ui.summary).toContainText('2 CPU · 8 GiB');
  // The view follows the Job through its phases without a reload, to the failure.
  await ui.expectPhase('Failed', 45_000);
  await expect(ui.conditionRow('Ready')).toContainText('False');
  expect(await ui.conditionTypes()).toEqual(['Ready', 'Scheduled']);
  const failure = (await api.get(project, 'jobs', 'train-a'))!.status!.message as string;
  await expect(page.getByTestId('status-message')).toHaveText(failure);
  // The exact time, in the reader's locale and zone, on hover.
  await expect(ui.conditionRow('Ready').getByRole('time')).toHaveAttribute('title', /\d{4}, \d{1,2}:\d\d:\d\d/);

  await expect(ui.finalizers.getByRole('listitem')).toHaveCount(2);
  await expect(ui.finalizers.getByRole('listitem').filter({ hasText: FINALIZER_BILLING })).toContainText(
    'Nodus first posts its final charge',
  );
  await expect(ui.finalizers.getByRole('listitem').filter({ hasText: 'example.com/cleanup' })).toContainText(
    'Set by another controller',
  );

  await expect(ui.labels.getByRole('listitem', { name: 'team' })).toContainText('nlp');
  await expect(ui.labels.getByRole('listitem', { name: 'nodus.dev/created-by' })).toContainText('set by Nodus');
  await expect(ui.labels.getByRole('listitem', { name: 'team' })).not.toContainText('set by Nodus');
  await expect(ui.annotations.getByRole('listitem', { name: 'note' })).toContainText('first try');
  await expect(page.getByRole('list', { name: 'Managed by' }).getByRole('listitem').first()).toContainText('updated');
  // Who wrote the status: the controller, through the status subresource.
  await expect(
    page.getByRole('list', { name: 'Managed by' }).getByRole('listitem').filter({ hasText: 'nodus-controller' }),
  ).toContainText('updated status');

  await ui.tab('YAML').click();
  await expect(page).toHaveURL(/\?tab=yaml$/);
  await expect(ui.yaml).toContainText('name: train-a');
  await expect(ui.yaml).toContainText('- example.com/cleanup');
  await expect(ui.yaml).not.toContainText('managedFields');
  await expect(page.getByRole('button', { name: 'Copy YAML' })).toBeVisible();
  await expect(ui.tabs.getByRole('tab')).toHaveText(['Overview', 'YAML', 'Logs', 'Events', 'Edit']);
  // Arrow keys move between the tabs, and the URL follows.
  await ui.tab('YAML').press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=logs$/);
  await expect(ui.tab('Logs')).toBeFocused();
  await expect(ui.tab('Logs')).toHaveAttribute('aria-selected', 'true');
});

test('a kind without a log has no Logs tab', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('od-budget');
  await api.create(project, 'budgets', { metadata: { name: 'cap' }, spec: { limitUSD: '50.00' } });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'budgets', 'cap', 'logs');
  await ui.expectLive();
  await expect(ui.tabs.getByRole('tab')).toHaveText(['Overview', 'YAML', 'Events', 'Edit']);
  await expect(ui.tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await expect(ui.summary).toContainText('the whole project');
  await expect(page.getByTestId('cost')).toHaveText('$0.00 spent this period of $50.00 limit');
});

test('a deletion waits on its billing finalizer, then the view says the object was deleted', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('od-delete');
  await api.job(project, 'held', { runSeconds: 3600, annotations: { [STUCK]: 'true' } });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'held');
  await ui.expectLive();

  await ui.action('Delete…').click();
  await expect(ui.dialog).toContainText('Waiting for the final charge to post');
  await ui.dialog.getByRole('button', { name: 'Delete Job held' }).click();
  await expect(ui.deletion).toContainText(`waiting for ${FINALIZER_BILLING}`);
  // The banner says it once: no success note repeating it beside the banner.
  await expect(ui.result).toBeHidden();
  await expect(ui.deletion).toContainText(/Deleting for \d+s/);
  await expect(ui.deletion.getByRole('note', { name: 'Longer than usual' })).toBeHidden();
  await expect(ui.deletion).toContainText('Waiting for the final charge to post.');
  await ui.expectPhase('Cancelling');
  await expect(ui.action('Suspend')).toHaveAttribute('aria-disabled', 'true');
  expect((await api.get(project, 'jobs', 'held'))?.metadata.deletionTimestamp).toBeTruthy();
  await ui.shot('detail-deleting.png');

  // Let the mock's billing controller post the final charge: the finalizer clears and the Job goes.
  await api.patch(project, 'jobs', 'held', { metadata: { annotations: { [STUCK]: null } } });
  await expect(ui.deleted).toContainText('Job held was deleted', { timeout: 20_000 });
  await expect(ui.live).toContainText('Deleted');
  await expect(ui.deletion).toBeHidden();
  // One badge, and nothing left saying "Deleting".
  await expect(ui.phase).toHaveText('Deleted');
  await expect(page.getByTestId('phase')).toHaveCount(1);
  await expect(ui.result).toBeHidden();
  await expect(ui.heading).toHaveText('held');
  expect(await api.get(project, 'jobs', 'held')).toBeUndefined();
  await expect(ui.action('Delete…')).toHaveAttribute('aria-disabled', 'true');
});

test('a deletion held much longer than usual says so, and what to do', async ({ page }) => {
  // The demo's vision/old-baseline has waited on its billing finalizer for over an hour and a half.
  const ui = new ObjectPage(page);
  await ui.goto('vision', 'jobs', 'old-baseline');
  await ui.expectLive();
  const overdue = ui.deletion.getByRole('note', { name: 'Longer than usual' });
  await expect(overdue).toContainText(
    /This is taking much longer than usual \(1h; the final charge usually posts within a minute or two\)/,
  );
  await expect(overdue).toContainText('Do not remove the finalizer yourself');
  await expect(overdue).toContainText('contact support with its UID');
  await ui.shot('detail-deleting-overdue.png');
});

test("an object that is not there shows the API's 404 with its requestId", async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('od-404');
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'nope');
  const panel = ui.errorPanel(`Could not read Job nope in ${project}`);
  await expect(panel).toContainText('NotFound', { timeout: 30_000 });
  await expect(panel).toContainText('HTTP 404');
  await expect(panel).toContainText(`Job "nope" not found in project "${project}"`);
  await expect(panel.getByTestId('request-id')).toHaveText(/\S{8,}/);
});

test('a Pipeline lists its Jobs live, and each Job links back to it', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('od-pipe');
  await api.pipeline(project, 'nightly', ['fetch', 'score']);
  const ui = new ObjectPage(page);
  await ui.goto(project, 'pipelines', 'nightly');
  await ui.expectLive();
  await expect(ui.summary).toContainText('fetch → score');

  // The first step's Job appears in the list without a reload once the Pipeline starts it.
  const job = ui.children().getByRole('row').filter({ hasText: 'nightly-fetch' });
  await expect(job).toBeVisible({ timeout: 40_000 });
  await expect(job).toContainText('fetch');
  await ui.expectPhase('Running');
  await expect(ui.summary).toContainText('Current step');
  await ui.shot('detail-pipeline.png');

  await job.getByRole('link', { name: 'nightly-fetch' }).click();
  await expect(ui.heading).toHaveText('nightly-fetch');
  await expect(ui.details).toContainText('Pipeline nightly');
  await ui.details.getByRole('link', { name: 'nightly' }).click();
  await expect(ui.heading).toHaveText('nightly');
});
