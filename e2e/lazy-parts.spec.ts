/**
 * The palette and the shortcuts sheet are not in the table's first JavaScript: their code comes when first asked
 * for (or earlier, in idle time). The first key press still opens them, and code that cannot be fetched leaves
 * an inline message with a retry, with the table still there, never a blank screen.
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';

test('the first Ctrl+K opens the palette while its code is still on the way', async ({ page, request }) => {
  const project = uniqueName('lazy');
  // A name no other test's objects have: the palette searches every project.
  const budget = uniqueName('alpha');
  await createProject(request, project);
  await createBudget(request, project, budget);
  // The palette's code is held back until the key is pressed: the press must load it, then open it.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/command-palette*', async (route) => {
    await released;
    await route.continue();
  });
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
  // The object page's code is fetched in idle time once the table's first rows are painted.
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
