/**
 * Fault drill 5: every API answer takes 2 s (POST /_mock/faults {"latencyMs": 2000}). The console stays
 * responsive while it waits (the command palette opens and takes typing), shows progress (busy states), and
 * never submits twice: a double-click on a write button (bulk delete, create project, delete project) sends one
 * request per object and has one effect on the server.
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from '../pages/console-page.ts';
import { ProjectsPage } from '../pages/projects-page.ts';
import { ResourceTablePage } from '../pages/resource-table.ts';
import { countRequests, DrillApi, noteCounts } from '../support/drills.ts';
import { uniqueName } from '../support/mock-writes.ts';

const SLOW = { latencyMs: 2000 };

test('drill 5: an API answering after 2 s — the UI stays responsive, shows progress, and never double-submits', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = new DrillApi(request);
  const project = await api.newProject('drill-slow');
  for (const name of ['b-1', 'b-2', 'b-3']) await api.budget(project, name);
  const created = uniqueName('drill-made');

  const console_ = new ConsolePage(page);
  const projects = new ProjectsPage(page);
  await projects.goto(`?q=${project}`);
  await expect(projects.row(project)).toBeVisible({ timeout: 90_000 });

  const creates = countRequests(
    page,
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/namespaces',
  );
  const deletes = countRequests(
    page,
    (r) => r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith(DrillApi.path(project, 'budgets')),
  );
  const projectDeletes = countRequests(
    page,
    (r) => r.method() === 'DELETE' && new URL(r.url()).pathname === `/api/v1/namespaces/${created}`,
  );
  try {
    await api.setFaults(SLOW);

    // Opening a table: progress while the list is on its way, and the palette works meanwhile.
    await projects.count(project, 'budgets').click();
    const budgets = new ResourceTablePage(page, 'budgets');
    await expect(budgets.watchStatus).toContainText('Connecting…');
    await console_.shell.openPalette();
    await console_.shell.paletteInput.pressSequentially('budg');
    await expect(console_.shell.paletteInput).toHaveValue('budg');
    await expect(console_.shell.paletteOption(/Budgets/).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(budgets.watchStatus).toHaveText('Live', { timeout: 60_000 });
    await budgets.expectNames(['b-1', 'b-2', 'b-3'], 30_000);

    // Bulk delete, confirmed with a double-click: one DELETE per object, with progress while they run.
    await budgets.selectAll.check();
    await budgets.bulk('Delete').click();
    const dialog = budgets.dialog(/^Delete 3 budgets/);
    await dialog.getByRole('button', { name: /^Delete 3 budgets/ }).dblclick();
    await expect(dialog.getByRole('status')).toContainText('Working…');
    await expect(dialog.getByRole('status')).toHaveText('3 done', { timeout: 60_000 });
    expect(deletes()).toBe(3);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => api.list(project, 'budgets').then((l) => l.length), { timeout: 30_000 }).toBe(0);

    // Create a project with a double-click: one POST, one project, no "already exists" for the second.
    await console_.shell.projectsLink().click();
    await page.getByRole('button', { name: 'New project' }).click();
    const form = page.getByRole('dialog', { name: 'New project' });
    await form.getByLabel('Project name').fill(created);
    await form.getByRole('button', { name: 'Create project' }).dblclick();
    await expect(form.getByRole('button', { name: 'Creating…' })).toBeDisabled();
    await expect(form).toBeHidden({ timeout: 60_000 });
    expect(creates()).toBe(1);
    await expect(projects.row(created)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Delete it again with a double-click: one DELETE.
    await (await projects.deleteButton(created)).click();
    const confirm = projects.deleteDialog(created);
    await confirm.getByLabel(`Type ${created} to confirm`).fill(created);
    await confirm.getByRole('button', { name: 'Delete project' }).dblclick();
    await expect(confirm.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    await expect(confirm).toBeHidden({ timeout: 60_000 });
    expect(projectDeletes()).toBe(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await api.clearFaults();
  }
  noteCounts(test.info(), {
    doubleClicks: 3,
    createRequests: creates(),
    bulkDeleteRequests: deletes(),
    projectDeleteRequests: projectDeletes(),
    doubleSubmits: creates() - 1 + (deletes() - 3) + (projectDeletes() - 1),
  });
});
