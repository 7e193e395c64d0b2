/**
 * A row's context menu: a right click, the Menu key or Shift+F10 on the focused row opens it; it offers the
 * action bar's actions for that one object (off with the same reasons) and Open; arrows move, Enter acts,
 * Escape closes it and gives the focus back to the row; near the window's edges it stays inside.
 */
import { expect, test, type Locator } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { asSentence, canI, whoAmI } from './support/access-api.ts';
import { apiObjects } from './support/nodus-api.ts';
import { NodusApi } from './support/resource-table-api.ts';

const focused = (menu: Locator) => menu.locator('[role="menuitem"]:focus');

test('a right click, the Menu key and Shift+F10 open a row menu with the action bar’s actions', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-menu');
  for (const name of ['m-1', 'm-2', 'm-3']) await api.job(project, name);
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.expectNames(['m-1', 'm-2', 'm-3']);

  // The bar's actions, as it shows them for a ticked row.
  await ui.selectBox('m-1').click();
  // Awaited, not read at once: the bar's code may still be on its way when the row is ticked.
  const bar = ['Suspend…', 'Delete…'];
  await expect(ui.selected.getByRole('button').filter({ hasText: '…' })).toHaveText(bar);
  await ui.selected.getByRole('button', { name: 'Clear' }).click();

  await ui.row('m-2').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Actions for m-2' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', ...bar]);
  await expect(focused(menu)).toHaveText('Open');
  await page.keyboard.press('ArrowDown');
  await expect(focused(menu)).toHaveText('Suspend…');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(focused(menu)).toHaveText('Delete…');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(ui.row('m-2')).toBeFocused();

  // Shift+F10 on the focused row; Enter acts on that row only, through the bar's own confirmation.
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  const dialog = ui.dialog('Suspend 1 job?');
  await expect(dialog.getByRole('listitem')).toHaveText([/^m-2/]);
  await dialog.getByRole('button', { name: 'Suspend 1 job' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 done');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const states = Object.fromEntries((await api.list(project, 'jobs')).map((j) => [j.metadata.name, j.spec?.state]));
  expect(states).toEqual({ 'm-1': 'Running', 'm-2': 'Suspended', 'm-3': 'Running' });

  // The Menu key on another row; a click elsewhere closes it; Open goes to the object.
  await ui.row('m-3').focus();
  await page.keyboard.press('ContextMenu');
  const other = page.getByRole('menu', { name: 'Actions for m-3' });
  await expect(other).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(other).toBeHidden();
  await ui.row('m-3').focus();
  await page.keyboard.press('ContextMenu');
  await expect(focused(other)).toHaveText('Open');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/m-3$`));
});

test('the row menu stays within the window at its edges', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-menu-edge');
  await api.job(project, 'edge-1');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await ui.expectNames(['edge-1']);
  const size = page.viewportSize()!;
  const menu = page.getByRole('menu', { name: 'Actions for edge-1' });
  for (const [x, y] of [
    [size.width - 2, size.height - 2],
    [size.width - 2, 2],
    [2, size.height - 2],
  ] as const) {
    // A right click at that point of the window, on the row (Playwright's dispatchEvent makes no MouseEvent of it).
    await ui
      .row('edge-1')
      .evaluate(
        (row, [clientX, clientY]) =>
          row.dispatchEvent(
            new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2, clientX, clientY }),
          ),
        [x, y],
      );
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.x, `left at ${x},${y}`).toBeGreaterThanOrEqual(0);
    expect(box.y, `top at ${x},${y}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `right at ${x},${y}`).toBeLessThanOrEqual(size.width);
    expect(box.y + box.height, `bottom at ${x},${y}`).toBeLessThanOrEqual(size.height);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
});

test("in the read-only project nodus a row's Delete is off with the API's reason, as on the bar", async ({
  page,
  request,
}) => {
  const [me, images, deletes] = await Promise.all([
    whoAmI(request),
    apiObjects(request, 'nodus', 'images'),
    canI(request, { verb: 'delete', group: 'nodus.dev', resource: 'images', namespace: 'nodus' }),
  ]);
  expect(deletes.allowed).toBe(false);
  const name = images[0]!.metadata.name!;
  const noDelete = `You (${me.username}) can't delete images in project nodus. ${asSentence(deletes.reason!)}`;
  const ui = new ResourceTablePage(page, 'images');
  await ui.goto('nodus');
  await ui.row(name).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  const remove = menu.getByRole('menuitem', { name: /^Delete…/ });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(noDelete);
  // Off: Enter on it does nothing, and the menu stays for another choice.
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(menu).toBeVisible();
  // The same words as the bar's, for a ticked row.
  await page.keyboard.press('Escape');
  await ui.selectBox(name).check();
  await expect(ui.bulk('Delete')).toHaveAccessibleDescription(noDelete);
});
