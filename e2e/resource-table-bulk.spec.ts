/**
 * Selecting rows (a click, a shift-click range, every row shown) and acting on them: bulk suspend (a merge
 * patch of spec.state) and bulk delete, each confirmed by a dialog that says what will happen, then reported
 * per object, failures with the API's error and requestId. And the keyboard: j/k or arrows move, Space
 * ticks, Enter opens.
 */
import { expect, test } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { recordWholeReads } from './support/reads.ts';
import { STUCK } from './support/object-api.ts';
import { NodusApi } from './support/resource-table-api.ts';

test('a shift-click range of Jobs is suspended after a confirmation that names them', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-suspend');
  for (const name of ['j-1', 'j-2', 'j-3', 'j-4']) await api.job(project, name);
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.expectNames(['j-1', 'j-2', 'j-3', 'j-4']);

  await ui.selectBox('j-1').click();
  await ui.selectBox('j-3').click({ modifiers: ['Shift'] });
  await expect(ui.table.getByRole('row', { selected: true })).toHaveCount(3);
  await expect(ui.row('j-4')).toHaveAttribute('aria-selected', 'false');
  await expect(ui.selected).toContainText('3 selected');

  await ui.bulk('Suspend').click();
  const dialog = ui.dialog('Suspend 3 jobs?');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('spec.state: Suspended');
  await expect(dialog.getByRole('listitem')).toHaveText(['j-1', 'j-2', 'j-3'].map((n) => new RegExp(`^${n}`)));
  await dialog.getByRole('button', { name: 'Suspend 3 jobs' }).click();
  await expect(dialog.getByRole('status')).toHaveText('3 done');
  await expect(dialog.getByRole('img', { name: 'done' })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.selected).toBeHidden();

  const states = Object.fromEntries((await api.list(project, 'jobs')).map((j) => [j.metadata.name, j.spec?.state]));
  expect(states).toEqual({ 'j-1': 'Suspended', 'j-2': 'Suspended', 'j-3': 'Suspended', 'j-4': 'Running' });
  await ui.columns();
  await expect(ui.cell('j-2', 'Phase')).toHaveText('Suspended', { timeout: 15_000 });
});

test('every row shown is deleted after a confirmation that explains the billing finalizer', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-delete');
  for (const name of ['keep-1', 'del-1', 'del-2']) await api.job(project, name);
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.expectNames(['del-1', 'del-2', 'keep-1']);

  await ui.textFilter.fill('del');
  await ui.expectNames(['del-1', 'del-2']);
  await ui.selectAll.check();
  await expect(ui.selected).toContainText('2 selected');
  await ui.bulk('Delete').click();

  const dialog = ui.dialog('Delete 2 jobs?');
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText(
    'nodus.dev/billing finalizer: they stay listed as Cancelling until their final charge posts',
  );
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Delete 2 jobs' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 done');
  await expect(dialog.getByRole('listitem', { name: 'del-1' })).toContainText(
    'Deleting: Cancelling until the final charge posts',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // They linger while the final charge posts, then go; the one not shown was not touched.
  await ui.textFilter.fill('');
  await ui.expectNames(['keep-1'], 20_000);
  expect(await api.names(project, 'jobs')).toEqual(['keep-1']);
});

test('a failed delete shows the API error with its requestId, and stays ticked to try again', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-fail');
  await api.budget(project, 'stubborn');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['stubborn']);
  await ui.selectBox('stubborn').check();
  await ui.bulk('Delete').click();
  const dialog = ui.dialog('Delete 1 budget?');
  // Budgets have no billing finalizer: nothing is said about one.
  await expect(dialog).not.toContainText('finalizer');
  try {
    await api.setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 1, verbs: ['delete'] });
    await dialog.getByRole('button', { name: 'Delete 1 budget' }).click();
    await expect(dialog.getByRole('status').first()).toHaveText('0 done, 1 failed');
  } finally {
    await api.clearFaults();
  }
  const error = dialog.getByRole('alert');
  await expect(error).toContainText('ServiceUnavailable');
  await expect(error.getByTestId('request-id')).toHaveText(/\S{6,}/);
  await expect(error.getByRole('button', { name: 'Copy request ID' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ui.selected).toContainText('1 selected');
  expect(await api.names(project, 'budgets')).toEqual(['stubborn']);
});

test('deleting a Pipeline says its Jobs go too; Cancel changes nothing', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-pipe');
  await api.create(project, 'pipelines', {
    metadata: { name: 'nightly' },
    spec: { steps: [{ name: 'only', image: 'nodus/python:3.12' }] },
  });
  const ui = new ResourceTablePage(page, 'pipelines');
  await ui.goto(project);
  await ui.selectBox('nightly').check();
  await ui.bulk('Delete').click();
  const dialog = ui.dialog('Delete 1 pipeline?');
  await expect(dialog).toContainText('Deleting a Pipeline also deletes the Jobs it started.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await api.names(project, 'pipelines')).toEqual(['nightly']);
});

test('a kind without a suspend state offers no suspend', async ({ page }) => {
  const ui = new ResourceTablePage(page, 'images');
  await ui.goto('nodus');
  await ui.table
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .first()
    .check();
  await expect(ui.bulk('Suspend')).toBeDisabled();
  await expect(ui.bulk('Suspend')).toHaveAccessibleDescription('Image has no state that suspends it');
});

test('the keyboard moves through the rows, ticks them and opens one', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-keys');
  for (const name of ['k-a', 'k-b', 'k-c']) await api.budget(project, name);
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await ui.expectNames(['k-a', 'k-b', 'k-c']);

  await page.keyboard.press('j');
  await expect(ui.row('k-a')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('j');
  await expect(ui.row('k-c')).toBeFocused();
  await page.keyboard.press('k');
  await expect(ui.row('k-b')).toBeFocused();
  await page.keyboard.press(' ');
  await expect(ui.row('k-b')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(ui.row('k-b')).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/k-b$`));
});

/**
 * Seeded Jobs, which no controller moves: b-000000 Queued, -01 Running (then being deleted), -02 Running (then
 * already suspended), -03 Succeeded, -04 Failed, -05 Queued, -06 Running.
 */
async function mixedJobs(api: NodusApi, prefix: string): Promise<string> {
  const project = await api.newProject(prefix);
  await api.seed(project, 'Job', 7, 'b');
  // Held on its billing finalizer, so it stays "being deleted" for the whole test.
  await api.patch(project, 'jobs', 'b-000001', { metadata: { annotations: { [STUCK]: 'true' } } });
  await api.remove(project, 'jobs', 'b-000001');
  await api.patch(project, 'jobs', 'b-000002', { spec: { state: 'Suspended' } });
  return project;
}

test('a bulk suspend says what happens to each ticked Job and acts once, only on those it applies to', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await mixedJobs(api, 'rt-mixed');
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(new URL(r.url()).pathname.split('/').pop()!);
  });
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await expect(ui.table.getByRole('rowheader')).toHaveCount(7);
  await ui.selectAll.check();
  await expect(ui.selected).toContainText('7 selected');
  await ui.bulk('Suspend').click();

  const dialog = ui.dialog('Suspend 3 jobs?');
  await expect(dialog).toContainText('4 of the 7 selected are skipped');
  const item = (name: string) => dialog.getByRole('listitem', { name });
  for (const name of ['b-000000', 'b-000005', 'b-000006']) await expect(item(name)).toContainText('Will be suspended');
  await expect(item('b-000001')).toContainText('Skipped');
  await expect(item('b-000001')).toContainText('This Job is being deleted');
  await expect(item('b-000002')).toContainText('It is already suspended (spec.state is Suspended).');
  await expect(item('b-000003')).toContainText('It has finished (Succeeded)');
  await expect(item('b-000004')).toContainText('It has finished (Failed)');

  // An impatient double-click: one suspend per Job, and the report stays up.
  await dialog.getByRole('button', { name: 'Suspend 3 jobs' }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText('3 done, 4 skipped');
  await expect(dialog.getByRole('img', { name: 'done' })).toHaveCount(3);
  await expect(dialog.getByRole('img', { name: 'skipped' })).toHaveCount(4);
  await expect(item('b-000004')).toContainText('It has finished (Failed)');
  expect(patches.sort()).toEqual(['b-000000', 'b-000005', 'b-000006']);

  const states = Object.fromEntries(
    (await api.list(project, 'jobs')).map((j) => [j.metadata.name, j.spec?.state ?? 'Running']),
  );
  expect(states).toEqual({
    'b-000000': 'Suspended',
    'b-000001': 'Running',
    'b-000002': 'Suspended',
    'b-000003': 'Running',
    'b-000004': 'Running',
    'b-000005': 'Suspended',
    'b-000006': 'Suspended',
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ui.selected).toBeHidden();
});

test('a bulk suspend that applies to none of the ticked Jobs cannot be confirmed, and says why', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await mixedJobs(api, 'rt-none');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.selectBox('b-000003').check();
  await ui.selectBox('b-000004').check();
  await ui.bulk('Suspend').click();

  const dialog = ui.dialog('Nothing to suspend');
  await expect(dialog).toContainText('None of the 2 selected applies');
  await expect(dialog.getByRole('button', { name: 'Suspend' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription(
    'None of the selected jobs can be suspended.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a failed suspend is reported with the API reason and requestId, beside what was skipped', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await mixedJobs(api, 'rt-patchfail');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.selectBox('b-000000').check();
  await ui.selectBox('b-000004').check();
  await ui.bulk('Suspend').click();
  const dialog = ui.dialog('Suspend 1 job?');
  const confirm = dialog.getByRole('button', { name: 'Suspend 1 job' });
  await expect(confirm).toBeVisible();
  try {
    await api.setFaults({ errorRate: 1, errorCode: 503, retryAfterSeconds: 1, verbs: ['patch'] });
    await confirm.click();
    await expect(dialog.getByRole('status').first()).toHaveText('0 done, 1 failed, 1 skipped');
  } finally {
    await api.clearFaults();
  }
  await expect(dialog).toBeVisible();
  const error = dialog.getByRole('listitem', { name: 'b-000000' }).getByRole('alert');
  await expect(error).toContainText('ServiceUnavailable');
  await expect(error.getByTestId('request-id')).toHaveText(/\S{6,}/);
  await expect(dialog.getByRole('listitem', { name: 'b-000004' })).toContainText('It has finished (Failed)');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The failure stays ticked to try again; what was skipped does not.
  await expect(ui.selected).toContainText('1 selected');
  await expect(ui.row('b-000000')).toHaveAttribute('aria-selected', 'true');
  expect((await api.list(project, 'jobs')).find((j) => j.metadata.name === 'b-000000')?.spec?.state ?? 'Running').toBe(
    'Running',
  );
});

test('confirmed, the Jobs that changed since the dialog opened are read again, and what no longer applies is skipped', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await mixedJobs(api, 'rt-moved');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  for (const name of ['b-000000', 'b-000005', 'b-000006']) await ui.selectBox(name).check();
  const reads = recordWholeReads(page, project, 'jobs');
  await ui.bulk('Suspend').click();
  // Named by what it acts on, which changes below.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Suspend 3 jobs?');
  const confirm = dialog.getByRole('button', { name: 'Suspend 3 jobs' });
  await expect(confirm).toBeVisible();
  // The table holds rows: the dialog read each ticked Job whole.
  expect(reads.sort()).toEqual(['b-000000', 'b-000005', 'b-000006']);
  reads.length = 0;

  // Meanwhile someone suspends one of them; its new label shows that the table has seen the change.
  await api.patch(project, 'jobs', 'b-000005', {
    metadata: { labels: { by: 'someone' } },
    spec: { state: 'Suspended' },
  });
  await expect(ui.row('b-000005')).toContainText('by=someone');
  await confirm.click();
  await expect(dialog.getByRole('status')).toHaveText('2 done, 1 skipped');
  await expect(dialog.getByRole('listitem', { name: 'b-000005' })).toContainText(
    'It is already suspended (spec.state is Suspended).',
  );
  // Only the one that changed was read again.
  expect(reads).toEqual(['b-000005']);
});

test('while the API fails to give the ticked Jobs, the dialog says so and can be cancelled; later it acts', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await mixedJobs(api, 'rt-readfail');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.selectBox('b-000000').check();
  try {
    await api.setFaults({
      errorRate: 1,
      errorCode: 503,
      retryAfterSeconds: 1,
      verbs: ['get'],
      paths: [`/apis/nodus.dev/v1/namespaces/${project}/jobs/`],
    });
    await ui.bulk('Suspend').click();
    const dialog = ui.dialog('Suspend 1 job?');
    await expect(dialog.getByRole('status')).toContainText(
      'Reading the 1 job: the API answered 503 ServiceUnavailable; trying again (attempt 2)',
    );
    await expect(dialog.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await api.clearFaults();
  }
  await expect(ui.selected).toContainText('1 selected');

  // On a healthy API the same button reads it and acts.
  await ui.bulk('Suspend').click();
  const dialog = ui.dialog('Suspend 1 job?');
  await dialog.getByRole('button', { name: 'Suspend 1 job' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 done');
  const job = (await api.list(project, 'jobs')).find((j) => j.metadata.name === 'b-000000');
  expect(job?.spec?.state).toBe('Suspended');
});

test('a few rows ticked in a long table are read one by one, never by listing the whole table', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-few-of-many');
  await api.seed(project, 'Job', 3_000, 'f');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await expect(ui.count).toHaveText('3,000 jobs');
  // From the keyboard: the first row ticked, then a range down to the 25th.
  await page.keyboard.press('j');
  await expect(ui.row('f-000000')).toBeFocused();
  await page.keyboard.press(' ');
  for (let i = 0; i < 24; i++) await page.keyboard.press('j');
  await expect(ui.row('f-000024')).toBeFocused();
  await page.keyboard.press('Shift+ ');
  await expect(ui.selected).toContainText('25 selected');
  const reads = recordWholeReads(page, project, 'jobs');
  await ui.bulk('Delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /^Delete \d+ jobs$/ })).toBeVisible();
  // Twenty-five GETs cost less than listing 3,000 Jobs whole.
  expect(reads).toHaveLength(25);
  expect(reads.filter((r) => !/^f-\d{6}$/.test(r))).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
