/**
 * Accessibility: axe-core finds no serious or critical violation (WCAG 2.1 A and AA rules) on any main view, with
 * the overlays open too; and the main flows work from the keyboard alone (palette, table rows, object, Support,
 * the context menu).
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { seriousViolations, seriousViolationsIn } from './support/axe.ts';
import { NodusApi } from './support/resource-table-api.ts';

test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 30_000 };
/** Monaco's chunk is large and parsed on first use: on a busy machine it takes a while (as in e2e/pages/editor-page.ts). */
const MONACO = { timeout: 120_000 };

test.describe('axe finds no serious or critical violation', () => {
  let project = '';
  test.beforeAll(async ({ request }) => {
    const api = new NodusApi(request);
    project = await api.newProject('a11y');
    await api.job(project, 'a11y-job', { app: 'a11y' });
    await api.budget(project, 'a11y-budget');
  });

  test('on the projects page', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
    expect(await seriousViolations(page, 'projects page')).toEqual([]);
  });

  test('the scan sees a violation put on the page, in the whole page and in the part asked for', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
    // A button with no name, and light grey text on white: critical and serious.
    await page.evaluate(() => {
      const part = Object.assign(document.createElement('div'), { id: 'planted' });
      const faint = Object.assign(document.createElement('p'), { textContent: 'faint' });
      // Grey, not white: axe leaves text of the background's own colour undecided (it may be hidden on purpose).
      Object.assign(faint.style, { color: '#ccc', background: '#fff' });
      part.append(document.createElement('button'), faint);
      document.querySelector('main')!.append(part);
    });
    const found = await seriousViolations(page, 'planted');
    expect(found.some((v) => v.startsWith('planted: button-name (critical)'))).toBe(true);
    expect(found.some((v) => v.startsWith('planted: color-contrast (serious)'))).toBe(true);
    expect(await seriousViolationsIn(page, '#planted', 'part')).toHaveLength(2);
    expect(await seriousViolationsIn(page, 'h1', 'heading')).toEqual([]);
  });

  test('on the cost pages, with the chart table open, and on a Budget with its spend', async ({ page }) => {
    const found: string[] = [];
    for (const path of ['/projects/nlp/cost', '/all/cost']) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: /^Spend / })).toBeAttached(LOADED);
      found.push(...(await seriousViolations(page, path)));
      await page.getByRole('button', { name: 'Show as table' }).click();
      found.push(...(await seriousViolations(page, `${path}, table shown`)));
    }
    await page.goto(`/projects/${project}/budgets/a11y-budget`);
    await expect(page.getByText('Spend this period')).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'budget page')));
    expect(found).toEqual([]);
  });

  test('on the table, with the palette, the Support panel, the context menu and a dialog open', async ({ page }) => {
    const console = new ConsolePage(page);
    const found: string[] = [];
    await page.goto(`/projects/${project}/jobs`);
    await expect(console.row('jobs', 'a11y-job')).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'resource table')));
    await console.shell.openPalette();
    found.push(...(await seriousViolations(page, 'command palette open')));
    await page.keyboard.press('Escape');
    await console.shell.supportButton.click();
    await expect(console.shell.supportPanel).toBeVisible();
    // Its body loads when it first opens: checked once it is there.
    await expect(console.shell.supportPanel.getByRole('region', { name: 'Recent API calls' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'support panel open')));
    await page.keyboard.press('Escape');
    await console.shell.contextButton.click();
    found.push(...(await seriousViolations(page, 'context menu open')));
    await page.getByRole('button', { name: 'Change API key' }).click();
    await expect(page.getByRole('dialog', { name: /^API key for/ })).toBeVisible();
    found.push(...(await seriousViolations(page, 'API key dialog')));
    expect(found).toEqual([]);
  });

  test('on a table with a row selected and on all projects', async ({ page }) => {
    const console = new ConsolePage(page);
    await page.goto(`/projects/${project}/budgets`);
    await expect(console.row('budgets', 'a11y-budget')).toBeVisible(LOADED);
    await console.row('budgets', 'a11y-budget').getByRole('checkbox').check();
    const found = await seriousViolations(page, 'table with a row selected');
    await page.goto('/all/jobs');
    await expect(page.getByRole('rowheader').first()).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'all projects')));
    expect(found).toEqual([]);
  });

  test('with the column chooser open, a label column, the compact density and the Export menu open', async ({
    page,
  }) => {
    const console = new ConsolePage(page);
    await page.goto(`/projects/${project}/jobs?cols=phase%40160,label:app,cost`);
    await expect(console.row('jobs', 'a11y-job')).toBeVisible(LOADED);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('radio', { name: 'Compact' }).check();
    await expect(chooser.getByRole('button', { name: 'Move Phase up' })).toBeDisabled();
    const found = await seriousViolations(page, 'column chooser');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /^CSV/ })).toBeFocused();
    found.push(...(await seriousViolations(page, 'export menu')));
    expect(found).toEqual([]);
  });

  for (const tab of ['overview', 'yaml', 'logs', 'edit']) {
    test(`on the object's ${tab} tab`, async ({ page }) => {
      await page.goto(`/projects/${project}/jobs/a11y-job?tab=${tab}`);
      await expect(page.getByRole('heading', { name: 'a11y-job' }).first()).toBeVisible(LOADED);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('main')?.textContent?.length ?? 0))
        .toBeGreaterThan(50);
      // Scan the editor itself, not the moment before Monaco (loaded when first opened) arrives.
      if (tab === 'edit')
        await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', MONACO);
      expect(await seriousViolations(page, `object ${tab}`)).toEqual([]);
    });
  }

  test("on the object's events tab, and on the project's Activity with a filter applied", async ({ page }) => {
    const events = page.getByRole('list', { name: 'Events, newest first' });
    await page.goto(`/projects/${project}/jobs/a11y-job?tab=events`);
    await expect(events.locator('[data-event="Created"]')).toBeVisible(LOADED);
    const found = await seriousViolations(page, 'object events');
    await page.goto(`/projects/${project}/activity`);
    await expect(events.locator('[data-event]').first()).toBeVisible(LOADED);
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('Job');
    await expect(page).toHaveURL(/kind=Job/);
    await expect(events.getByRole('link', { name: 'Job a11y-job' }).first()).toBeVisible();
    found.push(...(await seriousViolations(page, 'activity, filtered by kind')));
    await page.getByRole('checkbox', { name: 'Warnings only' }).check();
    await expect(page).toHaveURL(/warnings=1/);
    found.push(...(await seriousViolations(page, 'activity, warnings only')));
    expect(found).toEqual([]);
  });

  test("on a project's Members, with a grant reviewed and a removal open", async ({ page }) => {
    await page.goto('/projects/nlp/members');
    await expect(page.getByRole('row').filter({ hasText: 'Kim Park' })).toBeVisible(LOADED);
    const found = await seriousViolations(page, 'members');
    await page.getByRole('button', { name: 'Add member' }).click();
    const grant = page.getByRole('dialog', { name: 'Add a member to nlp' });
    await grant.getByLabel('Person').selectOption('sam');
    await grant.getByRole('button', { name: 'Review' }).click();
    await expect(grant.getByRole('region', { name: 'Review' })).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'members, a grant reviewed')));
    await grant.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: "Remove kim's viewer role" }).click();
    await expect(page.getByRole('dialog', { name: "Remove kim's viewer role" })).toContainText(
      'The API checked',
      LOADED,
    );
    found.push(...(await seriousViolations(page, 'members, a removal reviewed')));
    expect(found).toEqual([]);
  });

  test('on the new object editor', async ({ page }) => {
    await page.goto(`/projects/${project}/new/jobs`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(LOADED);
    await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', MONACO);
    expect(await seriousViolations(page, 'new object editor')).toEqual([]);
  });

  test("with the signed-in user's panel open, and where actions are off with the API's reason", async ({ page }) => {
    const console = new ConsolePage(page);
    await page.goto('/projects/nodus/images');
    await expect(page.getByRole('rowheader').first()).toBeVisible(LOADED);
    await console.shell.userButton.click();
    await expect(console.shell.userPanel).toContainText('Groups');
    const found = await seriousViolations(page, 'user panel open');
    await page.keyboard.press('Escape');
    await page
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .first()
      .check();
    const remove = page.getByRole('group', { name: 'Selected rows' }).getByRole('button', { name: 'Delete…' });
    await expect(remove).toHaveAccessibleDescription(/can't delete images in project nodus/);
    await remove.focus();
    await expect(page.getByRole('tooltip').filter({ hasText: "can't delete" })).toBeVisible();
    found.push(...(await seriousViolations(page, 'an action off with its reason shown')));
    expect(found).toEqual([]);
  });

  test('on an error panel', async ({ page }) => {
    await page.goto('/projects/no-such-project-a11y/jobs');
    await expect(page.getByRole('alert').first()).toBeVisible(LOADED);
    expect(await seriousViolations(page, 'error panel')).toEqual([]);
  });
});

test('the main flows work from the keyboard alone', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('a11y-kb');
  await api.job(project, 'kb-job');
  const console = new ConsolePage(page);
  await page.goto(`/projects/${project}/jobs`);
  await expect(console.row('jobs', 'kb-job')).toBeVisible(LOADED);

  // A row by the cursor keys, opened with Enter.
  await page.locator('body').focus();
  await page.keyboard.press('j');
  await expect(console.row('jobs', 'kb-job')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/kb-job`));
  await page.goBack();
  await expect(console.row('jobs', 'kb-job')).toBeVisible(LOADED);

  // The palette: open, type, choose.
  await page.keyboard.press('Control+k');
  await expect(console.shell.paletteInput).toBeFocused();
  await page.keyboard.type('budgets');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/budgets/);

  // The Support panel from the top bar by Tab, closed with Escape, focus back where it was.
  await console.shell.supportButton.focus();
  await page.keyboard.press('Enter');
  await expect(console.shell.supportPanel).toBeVisible();
  // Its body loads when it first opens: checked once it is there.
  await expect(console.shell.supportPanel.getByRole('region', { name: 'Recent API calls' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(console.shell.supportPanel).toBeHidden();

  // The context menu and sign-out, by keyboard.
  await console.shell.contextButton.focus();
  await page.keyboard.press('Enter');
  const signOut = page.getByRole('button', { name: /^Sign out of / });
  await expect(signOut).toBeVisible();
  for (let i = 0; i < 20 && !(await signOut.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(console.shell.keyPrompt).toBeVisible();
  await expect(console.shell.keyPrompt.getByRole('textbox', { name: 'API key' })).toBeFocused();
  await page.keyboard.type('nodus-dev-key');
  await page.keyboard.press('Enter');
  await expect(console.shell.keyPrompt).toBeHidden();
  await expect(console.kindCount('jobs')).toHaveText('1', LOADED);
});
