/**
 * The detail view's actions against the real mock: suspend, resume and cancel through spec.state; a restart
 * through nodus.dev/restart-requested-at; a higher max cost through a checked dialog; deleting a Pipeline with
 * its Jobs or keeping them (orphan). Each shows the server's answer; a failure shows the API's error with its
 * requestId; an action that cannot be taken says why, also to the keyboard.
 */
import { expect, test } from '@playwright/test';
import { ANNOTATION_RESTART_REQUESTED_AT, API_VERSION } from '../src/shared/protocol.ts';
import { ObjectPage } from './pages/object-page.ts';
import { asSentence, canI, whoAmI } from './support/access-api.ts';
import { ObjectApi } from './support/object-api.ts';

// The shared mock runs at real speed (a Job is Running after about 12 s), on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

test('suspend, resume and cancel a Job take effect on screen and on the server', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-state');
  // An H100 waits 30 s for capacity: the Job is still on its way when the test acts on it.
  await api.job(project, 'sweep', { gpu: 'H100', runSeconds: 3600 });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'sweep');
  await ui.expectLive();
  await expect(ui.action('Resume')).toHaveAttribute('aria-disabled', 'true');

  await ui.action('Suspend').click();
  await expect(ui.result).toContainText('Job sweep: spec.state is now Suspended.');
  await ui.expectPhase('Suspended');
  expect((await api.get(project, 'jobs', 'sweep'))?.spec?.state).toBe('Suspended');
  await api.waitForPhase(project, 'jobs', 'sweep', ['Suspended']);
  await expect(ui.action('Suspend')).toHaveAttribute('aria-disabled', 'true');

  await ui.action('Resume').click();
  await expect(ui.result).toContainText('Job sweep: spec.state is now Running.');
  await ui.expectPhase(/^(Queued|Provisioning|Running)$/);
  expect((await api.get(project, 'jobs', 'sweep'))?.spec?.state).toBe('Running');
  await api.waitForPhase(project, 'jobs', 'sweep', ['Queued', 'Provisioning', 'Running']);

  await ui.action('Cancel…').click();
  await expect(ui.dialog).toContainText('cannot be resumed');
  await ui.dialog.getByRole('button', { name: 'Cancel Job' }).click();
  await expect(ui.result).toContainText('Job sweep: spec.state is now Cancelled.');
  await ui.expectPhase('Cancelled');
  await api.waitForPhase(project, 'jobs', 'sweep', ['Cancelled']);
  await expect(ui.action('Resume')).toHaveAttribute('aria-disabled', 'true');
});

test('a restart of a Running Job is requested through its annotation and handled by Nodus', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-restart');
  await api.job(project, 'serve', { runSeconds: 3600, maxCostUSD: '50.00' });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'serve');
  await ui.expectLive();
  await ui.expectPhase('Running', 60_000);
  await expect(ui.cost).toBeVisible();
  await ui.shot('detail-running-job.png');
  // An action that is off says why, also to the keyboard.
  await ui.action('Resume').focus();
  await expect(page.getByRole('tooltip')).toHaveText('It is not suspended or stopped (spec.state is Running).');
  await ui.action('Restart').click();
  await expect(ui.result).toContainText(`Restart of Job serve requested at`);
  const requested = (await api.get(project, 'jobs', 'serve'))?.metadata.annotations?.[ANNOTATION_RESTART_REQUESTED_AT];
  expect(requested).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  // The mock's controller acts on it once and records that it did.
  await expect
    .poll(async () => (await api.get(project, 'jobs', 'serve'))?.status?.restartRequestHandled, { timeout: 20_000 })
    .toBe(requested);
  await expect(ui.details).toContainText('handled, requested');
  await ui.expectPhase(/^(Starting|Running)$/);
});

test('raising the max cost checks the amount, then the server takes it', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-raise');
  await api.job(project, 'capped', { maxCostUSD: '1.00', runSeconds: 3600 });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'capped');
  await ui.expectLive();

  await ui.action('Raise max cost…').click();
  const amount = ui.dialog.getByRole('textbox', { name: 'New max cost (USD)' });
  await expect(amount).toHaveValue('1.50');
  await amount.fill('0.50');
  await expect(ui.dialog).toContainText('Must be above the current $1.00');
  await expect(ui.dialog.getByRole('button', { name: 'Raise' })).toBeDisabled();
  await amount.fill('12,5.00.1');
  await expect(ui.dialog).toContainText('is not an amount');
  // What a person types is written as money before it is sent: "1250" is stored as "1250.00", shown "$1,250.00".
  await amount.fill('1250');
  await ui.dialog.getByRole('button', { name: 'Raise to $1,250.00' }).click();

  await expect(ui.result).toContainText('Job capped: max cost raised to $1,250.00 (was $1.00).');
  expect((await api.get(project, 'jobs', 'capped'))?.spec?.maxCostUSD).toBe('1250.00');
  await expect(page.getByTestId('cost')).toContainText('of $1,250.00 max cost');
  // One way to write money everywhere on the page.
  await expect(page.getByRole('main')).not.toContainText(/\$\d{4}|\$\d+(?![\d,.])/);
});

test('deleting a Pipeline deletes its Jobs, after a confirmation that names them', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-cascade');
  await api.pipeline(project, 'etl', ['extract', 'load']);
  const ui = new ObjectPage(page);
  await ui.goto(project, 'pipelines', 'etl');
  await expect(ui.children().getByRole('row').filter({ hasText: 'etl-extract' })).toBeVisible({ timeout: 45_000 });

  await ui.action('Delete…').click();
  await expect(ui.dialog).toContainText('Its 1 Job is deleted with it:');
  await expect(ui.dialog.getByRole('list', { name: 'Jobs it owns' }).getByRole('listitem')).toHaveText([
    /^etl-extract/,
  ]);
  await ui.dialog.getByRole('button', { name: 'Delete Pipeline and its 1 Job' }).click();
  await expect(ui.result).toContainText('Its 1 Job is deleted with it.');

  await expect
    .poll(async () => (await api.list(project, 'jobs')).map((j) => j.metadata.name), { timeout: 30_000 })
    .toEqual([]);
  await expect.poll(async () => api.get(project, 'pipelines', 'etl'), { timeout: 30_000 }).toBeUndefined();
  await expect(ui.deleted).toContainText('Pipeline etl was deleted');
});

test('deleting a Pipeline with "Keep its Jobs" leaves them, no longer owned', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-orphan');
  await api.pipeline(project, 'etl', ['extract', 'load']);
  const ui = new ObjectPage(page);
  await ui.goto(project, 'pipelines', 'etl');
  await expect(ui.children().getByRole('row').filter({ hasText: 'etl-extract' })).toBeVisible({ timeout: 45_000 });

  await ui.action('Delete…').click();
  await ui.dialog.getByRole('checkbox', { name: 'Keep its Jobs (orphan)' }).check();
  await expect(ui.dialog).toContainText('Its 1 Job stay, no longer owned by it:');
  await ui.dialog.getByRole('button', { name: 'Delete Pipeline, keep its 1 Job' }).click();
  await expect(ui.result).toContainText('Its 1 Job was kept (orphaned).');

  await expect.poll(async () => api.get(project, 'pipelines', 'etl'), { timeout: 30_000 }).toBeUndefined();
  const job = await api.get(project, 'jobs', 'etl-extract');
  expect(job?.metadata.deletionTimestamp).toBeUndefined();
  expect(job?.metadata.ownerReferences ?? []).toEqual([]);
});

test("a failed action shows the API's error with its requestId, and nothing changes", async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('oa-fail');
  await api.job(project, 'flaky', { gpu: 'H100', runSeconds: 3600 });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'jobs', 'flaky');
  await ui.expectLive();
  try {
    // Every write to this project's objects is refused, as an overloaded API would.
    await api.setFaults({
      errorRate: 1,
      errorCode: 503,
      verbs: ['patch'],
      paths: [`/apis/${API_VERSION}/namespaces/${project}/`],
    });
    await ui.action('Suspend').click();
    const panel = ui.errorPanel('Could not suspend Job flaky');
    await expect(panel).toContainText('ServiceUnavailable');
    await expect(panel).toContainText('HTTP 503');
    await expect(panel.getByTestId('request-id')).toHaveText(/\S{8,}/);
  } finally {
    await api.setFaults({});
  }
  expect((await api.get(project, 'jobs', 'flaky'))?.spec?.state).toBe('Running');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(ui.errorPanel('Could not suspend Job flaky')).toBeHidden();
});

test("an Image of the read-only project offers no writes, and says why in the API's words", async ({
  page,
  request,
}) => {
  const ui = new ObjectPage(page);
  await page.goto('/projects/nodus/images');
  const first = page.getByRole('rowheader').first();
  await expect(first).toBeVisible({ timeout: 45_000 });
  const name = (await first.textContent())?.trim() ?? '';
  await ui.goto('nodus', 'images', name);
  await expect(ui.tabs.getByRole('tab')).toHaveText(['Overview', 'YAML', 'Events']);
  await expect(ui.summary).toContainText(`nodus/`);
  // Reached with the keyboard, the unavailable action says why.
  await ui.action('Delete…').focus();
  await expect(ui.action('Delete…')).toHaveAttribute('aria-disabled', 'true');
  const [me, refusal] = await Promise.all([
    whoAmI(request),
    canI(request, { verb: 'delete', group: 'nodus.dev', resource: 'images', namespace: 'nodus' }),
  ]);
  expect(refusal.allowed).toBe(false);
  await expect(page.getByRole('tooltip')).toHaveText(
    `You (${me.username}) can't delete images in project nodus. ${asSentence(refusal.reason ?? '')}`,
  );
});
