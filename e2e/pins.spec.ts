/**
 * Pins: an object pinned from its page and a project from the Projects page are listed at the top of the
 * palette and on the Projects page (pinned projects first), last across reloads, and unpin; a pinned object
 * that was deleted shows as gone, not as an error, and can be unpinned.
 */
import { expect, test } from '@playwright/test';
import { ProjectsPage } from './pages/projects-page.ts';
import { Shell } from './pages/shell.ts';
import { NodusApi } from './support/resource-table-api.ts';

test('pinned objects and projects lead the palette and the Projects page, and a deleted one shows as gone', async ({
  page,
  request,
}) => {
  test.slow(); // Three pages, each read twice, and the Projects page counts every kind across projects.
  const api = new NodusApi(request);
  const project = await api.newProject('pins');
  await api.budget(project, 'keep', '1.00');
  await api.budget(project, 'doomed', '2.00');
  const shell = new Shell(page);

  for (const name of ['keep', 'doomed']) {
    await page.goto(`/projects/${project}/budgets/${name}`);
    const pin = page.getByRole('button', { name: `Pin Budget ${name}` });
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
  }
  // A pin survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pin Budget doomed' })).toHaveAttribute('aria-pressed', 'true');

  const projects = new ProjectsPage(page);
  await shell.projectsLink().click();
  const pinProject = projects.row(project).getByRole('button', { name: `Pin project ${project}` });
  await pinProject.press('Enter');
  await expect(pinProject).toHaveAttribute('aria-pressed', 'true');
  // Pinned projects come first in the table.
  await expect(projects.table.getByRole('rowheader').first()).toHaveText(new RegExp(`^${project}`));
  const pinned = page.getByRole('list', { name: 'Pinned' });
  await expect(pinned.getByRole('listitem')).toHaveCount(3);
  await expect(pinned.getByRole('link', { name: 'keep' })).toHaveAttribute('href', `/projects/${project}/budgets/keep`);

  // The palette lists them before anything else, the newest pin first; choosing one opens it.
  await shell.openPalette();
  await expect(shell.palette.getByRole('group').first()).toHaveAccessibleName('Pinned');
  await expect(shell.palette.getByRole('group', { name: 'Pinned' }).getByRole('option')).toHaveText([
    new RegExp(`^${project}`),
    /^doomed/,
    /^keep/,
  ]);
  await shell.paletteInput.fill('keep');
  await expect(shell.paletteOption(/^keep.*pinned Budget/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/keep$`));

  // Deleted: the Projects page shows it as gone (no link, no error) and it can be unpinned. Reached inside the
  // console, seconds after the page last checked the pin: a cached answer would still say it is there.
  await api.remove(project, 'budgets', 'doomed');
  await shell.projectsLink().click();
  const doomed = pinned.getByRole('listitem').filter({ hasText: 'doomed' });
  await expect(doomed).toContainText('gone');
  await expect(doomed.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await doomed.getByRole('button', { name: 'Unpin Budget doomed' }).click();
  await expect(pinned.getByRole('listitem')).toHaveCount(2);

  // Unpinned from the palette, on the project's page (reached from its pin), and from the list: the section
  // goes once nothing is pinned.
  await pinned.getByRole('link', { name: project }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}$`));
  await shell.runFromPalette('unpin project', new RegExp(`^Unpin project ${project}`));
  await shell.projectsLink().click();
  await expect(pinned.getByRole('listitem')).toHaveCount(1);
  await expect(projects.row(project).getByRole('button', { name: `Pin project ${project}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await pinned.getByRole('button', { name: 'Unpin Budget keep' }).click();
  await expect(pinned).toHaveCount(0);
  await page.reload();
  await expect(projects.table).toBeVisible();
  await expect(pinned).toHaveCount(0);
});
