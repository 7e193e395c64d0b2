/**
 * The palette, the shortcuts sheet, the top bar's panels and the actions for ticked rows are not in the table's
 * first JavaScript: their code comes when first asked for (or earlier, in idle time). The first key press or
 * click still opens them, and code that cannot be fetched leaves an inline message with a retry, with the table
 * still there, never a blank screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';
import { holdRequests as holdCode } from './support/hold.ts';
import { NodusApi } from './support/resource-table-api.ts';

test('the first Ctrl+K opens the palette while its code is still on the way', async ({ page, request }) => {
  const project = uniqueName('lazy');
  // A name no other test's objects have: the palette searches every project.
  const budget = uniqueName('alpha');
  await createProject(request, project);
  await createBudget(request, project, budget);
  // The palette's code is held back until the key is pressed: the press must load it, then open it.
  const release = await holdCode(page, '**/command-palette*');
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', budget)).toBeVisible();

  await page.keyboard.press('Control+k');
  await expect(ui.shell.palette).toBeHidden();
  release();
  await expect(ui.shell.paletteInput).toBeFocused();
  await page.keyboard.type(budget);
  await expect(ui.shell.paletteOption(new RegExp(budget))).toBeVisible();
});

test('code that cannot be fetched says so inline and can be tried again', async ({ page, request }) => {
  const project = uniqueName('lazy');
  await createProject(request, project);
  await createBudget(request, project, 'alpha');
  await page.route('**/shortcuts-sheet*', (route) => route.abort('internetdisconnected'));
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', 'alpha')).toBeVisible();

  await page.keyboard.press('?');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the keyboard shortcuts' });
  await expect(failure).toBeVisible();
  // The page is still there and still works.
  await expect(ui.row('budgets', 'alpha')).toBeVisible();

  await page.unroute('**/shortcuts-sheet*');
  // Try again fetches the code; warming in idle time may fetch it first (on a busy machine its turn can come after
  // the key press), and then the sheet opens by itself. Either way the sheet replaces the message.
  await expect(async () => {
    if (await failure.isVisible()) await failure.getByRole('button', { name: 'Try again' }).click({ timeout: 2000 });
    await expect(ui.shell.shortcutsSheet).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(failure).toBeHidden();
});

test('a page whose code cannot be fetched says so with a reload, and going back shows the table', async ({
  page,
  request,
}) => {
  const project = uniqueName('lazy');
  await createProject(request, project);
  await createBudget(request, project, 'alpha');
  // The object page's code never arrives (offline, or a deploy replaced the files): warming and opening both fail.
  await page.route('**/assets/object-*.js', (route) => route.abort('internetdisconnected'));
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  await ui.row('budgets', 'alpha').getByRole('link', { name: 'alpha', exact: true }).click();

  const failure = ui.errorPanel('The console hit an error');
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Another address renders again: back on the table, which still works.
  await page.goBack();
  await expect(failure).toBeHidden();
  await expect(ui.row('budgets', 'alpha')).toBeVisible();
  // Once the code can be fetched again, the same link opens the page, without a reload.
  await page.unroute('**/assets/object-*.js');
  await ui.row('budgets', 'alpha').getByRole('link', { name: 'alpha', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'alpha', level: 1 })).toBeVisible();
});

test('a page whose code came in idle time opens at once, with no skeleton in between', async ({ page, request }) => {
  const project = uniqueName('lazy');
  await createProject(request, project);
  await createBudget(request, project, 'alpha');
  // The object page's code is fetched in idle time once the table's first rows are painted and its list is whole.
  const warmed = page.waitForResponse(/\/assets\/object-[^/]*\.js$/);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', 'alpha')).toBeVisible();
  const chunk = (await warmed).url();
  // Once that module has run (the same module: importing it again resolves when it has), the page is ready to draw.
  await page.evaluate(async (url) => {
    await import(url);
  }, chunk);
  await page.evaluate(() => {
    const seen = window as unknown as { skeletonSeen: boolean };
    seen.skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Loading alpha"]')) seen.skeletonSeen = true;
    }).observe(document.body, { subtree: true, childList: true });
  });

  await ui.row('budgets', 'alpha').getByRole('link', { name: 'alpha', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'alpha', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'YAML' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen)).toBe(false);
});

/** Two Jobs in a table whose actions for ticked rows are held back until `release`. */
async function twoJobsActionsHeld(
  page: Page,
  request: APIRequestContext,
): Promise<{ ui: ResourceTablePage; release: () => void }> {
  const release = await holdCode(page, '**/bulk-bar*');
  const api = new NodusApi(request);
  const project = await api.newProject('lazy-bulk');
  for (const name of ['b-1', 'b-2']) await api.job(project, name);
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.expectNames(['b-1', 'b-2']);
  return { ui, release };
}

test('a tick is counted at once, and the actions arriving later leave Clear where it is, focus and all', async ({
  page,
  request,
}) => {
  const { ui, release } = await twoJobsActionsHeld(page, request);

  await ui.selectBox('b-1').click();
  await expect(ui.selected).toContainText('1 selected');
  const clear = ui.selected.getByRole('button', { name: 'Clear' });
  await clear.focus();
  await expect(ui.bulk('Suspend')).toHaveCount(0);
  release();
  await expect(ui.bulk('Suspend')).toBeVisible();
  await expect(clear).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ui.selected).toBeHidden();
});

test("a row's action asked for while the actions' code is on the way opens once it comes", async ({
  page,
  request,
}) => {
  const { ui, release } = await twoJobsActionsHeld(page, request);

  await ui.row('b-2').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Actions for b-2' });
  await menu.getByRole('menuitem', { name: /^Suspend…/ }).click();
  await expect(menu).toBeHidden();
  const dialog = ui.dialog('Suspend 1 job?');
  await expect(dialog).toHaveCount(0);
  release();
  await expect(dialog.getByRole('listitem')).toHaveText([/^b-2/]);
  await expect(ui.bulk('Suspend')).toBeVisible();
});

test("a row's action whose row was unticked before the code came asks nothing", async ({ page, request }) => {
  const { ui, release } = await twoJobsActionsHeld(page, request);

  await ui.row('b-2').click({ button: 'right' });
  await page
    .getByRole('menu', { name: 'Actions for b-2' })
    .getByRole('menuitem', { name: /^Suspend…/ })
    .click();
  // The menu ticked its row, so the bar says what the action is for; the person unticks it.
  await expect(ui.selected).toContainText('1 selected');
  await ui.selected.getByRole('button', { name: 'Clear' }).click();
  release();
  // The code is in once a tick shows the actions; the request it found was for a row no longer ticked. (Had it
  // opened its confirmation, that modal dialog would take this click.)
  await ui.selectBox('b-1').click({ timeout: 5_000 });
  await expect(ui.bulk('Suspend')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a top-bar panel opened while its code is on the way says so, then shows what it holds', async ({
  page,
  request,
}) => {
  const project = uniqueName('lazy');
  await createProject(request, project);
  await createBudget(request, project, 'alpha');
  const release = await holdCode(page, '**/health-panel*');
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', 'alpha')).toBeVisible();

  await ui.shell.healthButton.click();
  const panel = page.getByRole('dialog', { name: 'API health' });
  await expect(panel.getByRole('status')).toHaveText('Loading…');
  release();
  await expect(panel.getByRole('button', { name: 'Check now' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
});
