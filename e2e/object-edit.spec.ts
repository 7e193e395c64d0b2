/**
 * Editing an object on its page (`?tab=edit`) against the real mock: saving with the resourceVersion that was
 * read, merging when someone else changed the object meanwhile, the edit surviving a reload, bad YAML and
 * FieldImmutable. Budgets are used because no controller moves them: only the test and the person change them.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_VERSION, type NodusObject } from '../src/shared/protocol.ts';
import { ObjectEditPage } from './pages/object-edit-page.ts';
import { authHeaders, createBudget, createProject, uniqueName } from './support/mock-writes.ts';
import { hoverWord } from './support/monaco.ts';
import { MOCK_URL } from './support/servers.ts';

// The editor (Monaco) loads lazily; its first load in the dev server is slow on a busy machine.
test.describe.configure({ timeout: 420_000 });

const budgetPath = (project: string, name: string) =>
  `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets/${name}`;

async function readBudget(request: APIRequestContext, project: string, name: string): Promise<NodusObject> {
  const res = await request.get(budgetPath(project, name), { headers: authHeaders });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as NodusObject;
}

/** Someone else's change, made through the API while the person edits. */
async function patchBudget(
  request: APIRequestContext,
  project: string,
  name: string,
  patch: Record<string, unknown>,
): Promise<NodusObject> {
  const res = await request.patch(budgetPath(project, name), {
    headers: { ...authHeaders, 'Content-Type': 'application/merge-patch+json' },
    data: JSON.stringify(patch),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as NodusObject;
}

const editOf = ObjectEditPage.editOf;

async function setUp(request: APIRequestContext, prefix: string) {
  const project = uniqueName(prefix);
  await createProject(request, project);
  await createBudget(request, project, 'team', '5.00');
  return { project, original: await readBudget(request, project, 'team') };
}

test('changes that do not overlap merge and save without asking, and the server holds both', async ({
  page,
  request,
}) => {
  const { project, original } = await setUp(request, 'edit-merge');
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  await ui.setYaml(editOf(original, { spec: { enforcement: 'Alert' } }));
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // Someone raises the limit meanwhile; the watch shows it before the person saves.
  await patchBudget(request, project, 'team', { spec: { limitUSD: '9.00' } });
  await expect(ui.liveChangeNotice).toContainText('Nothing overlaps with your edit');
  await expect(ui.liveChangeNotice).toContainText('spec.limitUSD');

  await ui.saveButton.click();
  await expect(ui.savedNotice).toBeVisible();
  await expect(ui.savedNotice.getByRole('list', { name: 'Merged from the server' })).toContainText('spec.limitUSD');
  await expect(ui.mergeView).toBeHidden();

  const saved = await readBudget(request, project, 'team');
  expect(saved.spec).toMatchObject({ limitUSD: '9.00', enforcement: 'Alert' });
  // The console writes as its own field manager, so the server can tell who set which field.
  const managers = (saved.metadata.managedFields ?? []).map((entry) => entry.manager);
  expect(managers).toContain('nodus-console');
  // Saved once the text is back to what the server holds, nothing is kept as a draft.
  expect(await ui.storedDraft(project, 'budgets', 'team')).toBeNull();
});

test('overlapping changes are resolved field by field and the server holds exactly the chosen values', async ({
  page,
  request,
}) => {
  const { project, original } = await setUp(request, 'edit-conflict');
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  await ui.setYaml(
    editOf(original, {
      spec: { limitUSD: '7.00', alertThresholds: [25, 50], enforcement: 'Alert' },
      labels: { owner: 'ana', tier: 'gold' },
    }),
  );
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await patchBudget(request, project, 'team', {
    metadata: { labels: { owner: 'bo' } },
    spec: { limitUSD: '9.00', alertThresholds: [50, 90], enforcement: 'Alert' },
  });
  // Saving against the version that was read is refused (409); the three-way view opens.
  await expect(ui.liveChangeNotice).toBeVisible();
  await ui.saveButton.click();
  await expect(ui.mergeView).toBeVisible();
  await expect(ui.conflicts.getByRole('group')).toHaveCount(3);
  // The same change on both sides and the person's own label merged by themselves.
  await expect(ui.mergedList).toContainText('spec.enforcement');
  await expect(ui.mergedList).toContainText('metadata.labels.tier');
  const limit = ui.conflict('spec.limitUSD');
  await expect(limit.getByRole('region', { name: 'Started from: spec.limitUSD' })).toContainText('"5.00"');
  await expect(limit.getByRole('region', { name: 'Server now: spec.limitUSD' })).toContainText('"9.00"');
  await expect(limit.getByRole('region', { name: 'Your edit: spec.limitUSD' })).toContainText('"7.00"');
  await expect(ui.saveMergedButton).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('conflict-unresolved.png'), fullPage: true });

  await ui.takeMine('spec.limitUSD');
  await ui.takeTheirs('spec.alertThresholds');
  await ui.editValue('metadata.labels.owner', 'carla');
  await expect(ui.mergeView.getByText('3 of 3 resolved')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('conflict-resolved.png'), fullPage: true });
  await ui.saveMergedButton.click();
  await expect(ui.savedNotice).toBeVisible();

  const saved = await readBudget(request, project, 'team');
  expect(saved.spec).toMatchObject({
    limitUSD: '7.00',
    alertThresholds: [50, 90],
    enforcement: 'Alert',
    period: 'Monthly',
  });
  expect(saved.metadata.labels).toMatchObject({ owner: 'carla', tier: 'gold' });
});

test('the edit survives a reload until it is discarded', async ({ page, request }) => {
  const { project, original } = await setUp(request, 'edit-draft');
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  await ui.setYaml(editOf(original, { spec: { limitUSD: '6.50' } }));
  await expect.poll(() => ui.storedDraft(project, 'budgets', 'team')).toContain('"limitUSD": "6.50"');
  await page.reload();
  await ui.waitForEditor();
  await expect(ui.restoredNotice).toBeVisible();
  await expect.poll(() => ui.visibleText()).toContain('"limitUSD": "6.50"');
  // Nothing was sent.
  expect((await readBudget(request, project, 'team')).spec?.limitUSD).toBe('5.00');

  await ui.discardButton.first().click();
  await page.getByRole('group', { name: 'Confirm discard' }).getByRole('button', { name: 'Discard' }).click();
  await expect(ui.restoredNotice).toBeHidden();
  await expect.poll(() => ui.visibleText()).toContain('limitUSD: "5.00"');
  await expect.poll(() => ui.storedDraft(project, 'budgets', 'team')).toBeNull();
  await page.reload();
  await ui.waitForEditor();
  await expect(page.getByText('No changes')).toBeVisible();
  await expect(ui.restoredNotice).toBeHidden();
});

test('bad YAML is pointed at by line and column and nothing is sent', async ({ page, request }) => {
  const { project, original } = await setUp(request, 'edit-bad');
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  await ui.setYaml('apiVersion: nodus.dev/v1\nkind: Budget\nspec:\n  limitUSD: "6.00\n');
  await expect(ui.yamlError).toContainText(/Line \d+, column \d+/);
  await expect(ui.saveButton).toBeDisabled();
  expect((await readBudget(request, project, 'team')).metadata.resourceVersion).toBe(original.metadata.resourceVersion);
});

test('FieldImmutable marks the field on its line, explains, and offers a new object from the edit', async ({
  page,
  request,
}) => {
  const { project, original } = await setUp(request, 'edit-immutable');
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  const yamlText = editOf(original, { spec: { period: 'Weekly', enforcement: 'Alert' } });
  await ui.setYaml(yamlText);
  await ui.saveButton.click();
  await expect(page.getByRole('alert', { name: 'Budget team was not saved' })).toContainText('FieldImmutable');
  await expect(ui.immutableNotice).toContainText('spec.period');
  // The schema says what may change in place.
  await expect(ui.immutableNotice).toContainText('spec.limitUSD');

  // The marker sits on the line of spec.period in the edit.
  const periodLine = String(yamlText.split('\n').findIndex((l) => l.startsWith('"period": "Weekly"')) + 1);
  await expect(ui.errorMarkerLines()).toHaveText([periodLine]);
  await page.screenshot({ path: test.info().outputPath('conflict-immutable.png'), fullPage: true });
  // Nothing changed on the server.
  expect((await readBudget(request, project, 'team')).spec?.period).toBe('Monthly');

  await ui.immutableNotice.getByRole('button', { name: 'Create a new Budget from my edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/new/budgets$`));
  // The new-object editor takes the YAML from the router state (and may clear that state once read): it shows it.
  const next = new ObjectEditPage(page);
  await next.waitForEditor();
  await expect.poll(() => next.visibleText()).toContain('name: team-2');
  const shown = await next.visibleText();
  expect(shown).toContain('period: Weekly');
  expect(shown).not.toContain('resourceVersion');
  expect(shown).not.toContain('nodus.dev/created-by');
});

test('the edit is checked against the schema: an unknown field is marked on its line, a bad amount said in words', async ({
  page,
  request,
}) => {
  const { project, original } = await setUp(request, 'edit-schema');
  await page.setViewportSize({ width: 1440, height: 900 });
  const ui = new ObjectEditPage(page);
  await ui.goto(project, 'budgets', 'team');

  const typo = editOf(original, { spec: { limitUDS: '6.00' } });
  await ui.setYaml(typo);
  const typoLine = String(typo.split('\n').findIndex((l) => l.startsWith('"limitUDS"')) + 1);
  await expect(ui.errorMarkerLines()).toHaveText([typoLine]);
  await expect(await hoverWord(page, ui.editor, 'limitUDS')).toContainText(
    'spec.limitUDS is not a field of a Budget spec: did you mean limitUSD?',
  );

  await ui.setYaml(editOf(original, { spec: { limitUSD: 'six' } }));
  const hover = await hoverWord(page, ui.editor, 'six');
  await expect(hover).toContainText('a decimal amount in USD such as "40.00"');
  await expect(hover).not.toContainText(/pattern|\^|\\d/);
  await page.screenshot({ path: test.info().outputPath('conflict-edit-schema-1440.png') });
});
