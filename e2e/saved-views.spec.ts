/**
 * Saved views: a table's filters and sort, named from its toolbar, kept across reloads (localStorage, per API
 * server), listed in the sidebar (the one shown marked) and at the top of the palette, renamed, deleted, and
 * shared as a plain link, since the URL holds the whole view.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { Shell } from './pages/shell.ts';
import { NodusApi } from './support/resource-table-api.ts';

/** A project with three budgets, its table showing three columns, filtered to team=nlp and sorted Z to A. */
async function filteredTable(page: Page, request: APIRequestContext): Promise<ResourceTablePage> {
  const api = new NodusApi(request);
  const project = await api.newProject('views');
  await api.budget(project, 'nlp-a', '1.00', { team: 'nlp' });
  await api.budget(project, 'nlp-b', '2.00', { team: 'nlp' });
  await api.budget(project, 'vision', '3.00', { team: 'vision' });
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project, '?cols=spent,phase,label:team');
  await ui.expectNames(['nlp-a', 'nlp-b', 'vision']);
  // No views yet: the sidebar holds no list of them (and no extra links).
  await expect(ui.sidebar.getByRole('list', { name: 'Saved views' })).toHaveCount(0);
  await ui.applyLabelSelector('team=nlp');
  // Name is the sort already: a click turns it around.
  await ui.sortBy('Name');
  await expect(page).toHaveURL(/sort=-name/);
  await expect.poll(() => ui.names()).toEqual(['nlp-b', 'nlp-a']);
  return ui;
}

async function saveView(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save view' }).click();
  const form = page.getByRole('dialog', { name: 'Save view' });
  await form.getByLabel('View name').fill(name);
  await form.getByLabel('View name').press('Enter');
  await expect(page.getByRole('button', { name: `View: ${name.trim()}` })).toBeVisible();
}

test('a saved view survives a reload and opens from the sidebar and the palette', async ({ page, request }) => {
  const ui = await filteredTable(page, request);
  const shell = new Shell(page);
  const views = ui.sidebar.getByRole('list', { name: 'Saved views' });
  await saveView(page, '  NLP budgets ');
  const viewUrl = page.url();

  await page.reload();
  await expect(views.getByRole('link', { name: /^NLP budgets/ })).toHaveAttribute('aria-current', 'page');
  await expect(ui.labelSelector).toHaveValue('team=nlp');

  // Elsewhere (the kind's link: no filters), the view is not current; the sidebar brings it back.
  await shell.kindLink('budgets').click();
  await ui.expectNames(['nlp-a', 'nlp-b', 'vision']);
  await expect(views.getByRole('link', { name: /^NLP budgets/ })).not.toHaveAttribute('aria-current', 'page');
  await views.getByRole('link', { name: /^NLP budgets/ }).click();
  await expect.poll(() => ui.names()).toEqual(['nlp-b', 'nlp-a']);

  // The palette lists it before everything else, and opening it restores the filters and sort.
  await shell.kindLink('budgets').click();
  await ui.expectNames(['nlp-a', 'nlp-b', 'vision']);
  await shell.openPalette();
  const first = shell.palette.getByRole('option').first();
  await expect(first).toContainText('NLP budgets');
  await expect(shell.palette.getByRole('group').first()).toHaveAccessibleName('Views');
  await page.keyboard.press('Enter');
  await expect(shell.palette).toBeHidden();
  await expect(ui.labelSelector).toHaveValue('team=nlp');
  await expect.poll(() => ui.names()).toEqual(['nlp-b', 'nlp-a']);
  // The columns as they were saved: after the tick box and Name, Spent, Phase and the label team.
  await expect.poll(async () => (await ui.columns()).slice(2)).toEqual(['Spent', 'Phase', 'team']);
  expect(page.url()).toBe(viewUrl);
});

test('a saved view is shared as a link: the URL holds the whole view', async ({ page, request, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await filteredTable(page, request);
  await saveView(page, 'NLP budgets');
  const viewUrl = page.url();

  // Its link, copied from the view's menu, opens the same table in a browser that never saw the view.
  await page.getByRole('button', { name: 'View: NLP budgets' }).click();
  await page.getByRole('button', { name: 'Copy link to view' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeAttached();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(viewUrl);
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const otherUi = new ResourceTablePage(other, 'budgets');
    await other.goto(link);
    await expect(otherUi.labelSelector).toHaveValue('team=nlp');
    await expect.poll(() => otherUi.names()).toEqual(['nlp-b', 'nlp-a']);
    await expect(otherUi.sidebar.getByRole('list', { name: 'Saved views' })).toHaveCount(0);
  } finally {
    await fresh.close();
  }
});

test('a view is renamed and deleted, and two views cannot share a name', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('views-edit');
  await api.budget(project, 'a', '1.00', { team: 'nlp' });
  await api.budget(project, 'b', '2.00', { team: 'vision' });
  const ui = new ResourceTablePage(page, 'budgets');
  const views = ui.sidebar.getByRole('list', { name: 'Saved views' });
  const save = async (name: string) => {
    await page.getByRole('button', { name: 'Save view' }).click();
    const form = page.getByRole('dialog', { name: 'Save view' });
    await form.getByLabel('View name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
  };

  await ui.goto(project, '?labels=team%3Dnlp');
  await ui.expectNames(['a']);
  await save('Mine');
  await expect(page.getByRole('button', { name: 'View: Mine' })).toBeVisible();

  // Another table, the same name in another case: refused, said why, nothing saved.
  await ui.goto(project, '?labels=team%3Dvision');
  await ui.expectNames(['b']);
  await save('MINE');
  const form = page.getByRole('dialog', { name: 'Save view' });
  await expect(form.getByRole('alert')).toHaveText('A view named “Mine” exists already.');
  await expect(form.getByLabel('View name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('View name').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Give the view a name.');
  await form.getByLabel('View name').fill('Vision');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(views.getByRole('link')).toHaveCount(2);

  await views.getByRole('link', { name: /^Mine/ }).click();
  await ui.expectNames(['a']);
  await page.getByRole('button', { name: 'View: Mine' }).click();
  const menu = page.getByRole('dialog', { name: 'View Mine' });
  await menu.getByLabel('View name').fill('Vision');
  await menu.getByRole('button', { name: 'Rename' }).click();
  await expect(menu.getByRole('alert')).toHaveText('A view named “Vision” exists already.');
  await menu.getByLabel('View name').fill('Team NLP');
  await menu.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('button', { name: 'View: Team NLP' })).toBeVisible();
  await page.reload();
  await expect(views.getByRole('link', { name: /^Team NLP/ })).toHaveAttribute('aria-current', 'page');
  await expect(views.getByRole('link', { name: /^Mine/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'View: Team NLP' }).click();
  await page.getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByRole('button', { name: 'Save view' })).toBeFocused();
  await expect(views.getByRole('link')).toHaveCount(1);
  await page.reload();
  await expect(views.getByRole('link')).toHaveText([/^Vision/]);
});
