/**
 * The "?" sheet: every keyboard shortcut, grouped by where it works, its keys drawn as keys; opened by "?" (never
 * while typing), by the sidebar's button and from the command palette; Escape closes it and the focus goes back.
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';

test('"?" shows every shortcut by where it works; Escape closes it and the focus goes back', async ({
  page,
  request,
}) => {
  const project = uniqueName('keys');
  await createProject(request, project);
  for (const name of ['alpha', 'bravo']) await createBudget(request, project, name);
  const ui = new ConsolePage(page);
  const { shell } = ui;
  await ui.goto(`/projects/${project}/budgets`);
  const table = ui.table('budgets');
  await expect(ui.row('budgets', 'bravo')).toBeVisible();

  // Typed into a field, "?" is a character like any other.
  const filter = page.getByRole('searchbox', { name: /^Filter budgets/ });
  await filter.click();
  await page.keyboard.type('?');
  await expect(filter).toHaveValue('?');
  await expect(shell.shortcutsSheet).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(filter).toHaveValue('');
  // The rows come back a moment after the field clears (the filter goes through the URL): j moves among them.
  await expect(ui.row('budgets', 'alpha')).toBeVisible();

  await filter.blur();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const bravo = table.getByRole('row', { name: /bravo/ });
  await expect(bravo).toBeFocused();
  await page.keyboard.press('?');
  await expect(shell.shortcutsSheet).toBeVisible();
  for (const group of [
    'Anywhere',
    'Lists',
    'Tables of objects',
    'Menus',
    'Command palette',
    'Object page',
    'Logs',
    'YAML editor',
  ]) {
    await expect(shell.shortcutGroup(group)).toBeVisible();
  }
  await expect(shell.shortcutKeys('Anywhere', 'Open or close the command palette')).toHaveText(/^(Ctrl|⌘)\s*K$/);
  await expect(shell.shortcutKeys('Anywhere', 'Show these keyboard shortcuts')).toHaveText('?');
  await expect(shell.shortcutKeys('Lists', 'Next row')).toHaveText(/^j\s*or\s*↓$/);
  await expect(shell.shortcutKeys('Logs', 'Previous match')).toHaveText(/^Shift\s*Enter$/);
  await expect(shell.shortcutKeys('Object page', 'Next tab')).toHaveText('→');
  // Keys are drawn as keys, one <kbd> per key inside one per combination.
  await expect(shell.shortcutKeys('Anywhere', 'Open or close the command palette').locator('kbd kbd')).toHaveCount(2);

  // The sheet owns the keyboard: the table's keys do nothing under it.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await page.keyboard.press('Escape');
  await expect(shell.shortcutsSheet).toBeHidden();
  await expect(bravo).toBeFocused();

  // The sidebar's button opens it too, and the focus goes back to the button.
  await shell.shortcutsButton.click();
  await expect(shell.shortcutsSheet).toBeVisible();
  await shell.shortcutsSheet.getByRole('button', { name: 'Close' }).click();
  await expect(shell.shortcutsSheet).toBeHidden();
  await expect(shell.shortcutsButton).toBeFocused();
});

test('the command palette opens the keyboard shortcuts', async ({ page, request }) => {
  const project = uniqueName('keys');
  await createProject(request, project);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}`);
  await expect(ui.heading()).toHaveText(project);

  await ui.shell.runFromPalette('keyboard', /^Keyboard shortcuts/);
  await expect(ui.shell.shortcutsSheet).toBeVisible();
  await expect(ui.shell.shortcutGroup('Command palette')).toContainText('Open the result, or run the action');
  await page.keyboard.press('Escape');
  await expect(ui.shell.shortcutsSheet).toBeHidden();
});

test('an impatient Escape then Ctrl+K opens the palette again, every time', async ({ page, request }) => {
  const project = uniqueName('keys');
  await createProject(request, project);
  await createBudget(request, project, 'cap');
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets/cap`);
  await expect(ui.heading()).toHaveText('cap');

  for (let i = 0; i < 8; i++) {
    await ui.shell.openPalette();
    // No wait between the two: the browser tells the page that the palette closed only at its next frame, which
    // may come after the next key.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(ui.shell.paletteInput).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(ui.shell.palette).toBeHidden();
  }
});
