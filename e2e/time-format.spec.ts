/**
 * Times read as ages ("12s ago") until the person switches to absolute times, in the sidebar or the palette: then
 * a table's Age column and an object's page show the date and time, through a reload, for that tab only; a new
 * browser context starts with ages again.
 */
import { expect, test, type Page } from '@playwright/test';
import { Shell } from './pages/shell.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { NodusApi } from './support/resource-table-api.ts';

/** The Age column's absolute form: the time of day for today ("19:24:34"), else the day and minute. */
const SHORT_ABSOLUTE = /^(\d{2}:\d{2}:\d{2}|\D+ ?\d{1,2},? \d{2}:\d{2}|\d{1,2}\.? \D+,? \d{2}:\d{2})$/;
/** The whole date and time, with the year. */
const FULL_ABSOLUTE = /\b20\d\d\b.*\d{1,2}:\d{2}:\d{2}/;

function created(page: Page) {
  return page.locator('dt:text-is("Created") + dd time');
}

test('absolute times are switched on in the sidebar, shown in tables and on object pages, and kept for the tab', async ({
  page,
  browser,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('times');
  await api.budget(project, 'dated', '3.00');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.watchStatus).toHaveText('Live');
  await ui.columns();
  const age = ui.cell('dated', 'Age').locator('time');
  await expect(age).toHaveText(/^\d+[smhdy]$/);

  const toggle = page.getByRole('switch', { name: 'Absolute times' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(age).toHaveText(SHORT_ABSOLUTE);

  // A full load of the object's page: the choice outlived it.
  await page.goto(`/projects/${project}/budgets/dated`);
  await expect(created(page)).toHaveText(FULL_ABSOLUTE);
  await expect(created(page)).not.toHaveText(/ago$/);
  await page.reload();
  await expect(created(page)).toHaveText(FULL_ABSOLUTE);
  await expect(page.getByRole('switch', { name: 'Absolute times' })).toBeChecked();
  await ui.goto(project);
  await expect(age).toHaveText(SHORT_ABSOLUTE);

  // Another tab of its own (a new context, so a new sessionStorage) starts with ages.
  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await tab.goto(new URL(`/projects/${project}/budgets/dated`, page.url()).href);
    await expect(created(tab)).toHaveText(/^\d+[smhdy] ago$/);
    await expect(tab.getByRole('switch', { name: 'Absolute times' })).not.toBeChecked();
  } finally {
    await other.close();
  }
});

test('the palette switches times both ways, saying which way', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('times-palette');
  await api.budget(project, 'dated', '3.00');
  const shell = new Shell(page);
  await page.goto(`/projects/${project}/budgets/dated`);
  await expect(created(page)).toHaveText(/ago$/);

  await shell.runFromPalette('absolute times', /^Show absolute times/);
  await expect(created(page)).toHaveText(FULL_ABSOLUTE);
  await expect(page.getByRole('switch', { name: 'Absolute times' })).toBeChecked();

  await shell.runFromPalette('relative times', /^Show relative times/);
  await expect(created(page)).toHaveText(/^\d+[smhdy] ago$/);
  await expect(page.getByRole('switch', { name: 'Absolute times' })).not.toBeChecked();
});
