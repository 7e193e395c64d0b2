/**
 * The table draws only the rows in view, by arithmetic on one row height: what it draws must follow the list's
 * length as well as the scrolling, or rows on screen go undrawn.
 */
import { expect, test } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { NodusApi } from './support/resource-table-api.ts';

test('far down a long list, a filter that leaves one row and then no filter shows the first rows', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-window');
  await api.seed(project, 'Job', 3000, 'w');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  await expect(ui.row('w-000000')).toBeInViewport();
  // The later pages come after the first rows: until they have, the list is too short to scroll that far. The
  // count reads "Listing… 500 of 3,000 jobs so far" until then.
  await expect(ui.count).toHaveText('3,000 jobs');

  // About 1,665 rows down, then a few more as a wheel moves (a jump of a screen or more draws fewer rows around the
  // view, and the next small move draws them again): the first rows are no longer drawn.
  await ui.table.evaluate((table) => (table.scrollTop = 60_000));
  await expect(ui.row('w-001670')).toBeInViewport();
  await ui.table.evaluate((table) => (table.scrollTop += 108));
  await expect(ui.row('w-001673')).toBeInViewport();
  await expect(ui.row('w-000000')).toHaveCount(0);

  // One row left: the browser takes the scroll position back to the top.
  await ui.textFilter.fill('w-000007');
  await ui.expectNames(['w-000007']);
  await ui.textFilter.fill('');
  // All back, seen from the top, where the list now is.
  const first = ui.table.getByRole('row').nth(1);
  await expect(first).toHaveAttribute('aria-rowindex', '2');
  await expect(first).toBeInViewport();
  await expect(ui.row('w-000000')).toBeInViewport();
  await expect(ui.row('w-000010')).toBeInViewport();
});
