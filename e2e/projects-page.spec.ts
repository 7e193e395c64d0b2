/**
 * The projects page: counts per kind and spend as the API gives them, a filter in the URL, creating a project,
 * deleting one only after typing its name, the read-only project nodus with its Images and its Delete off with the
 * API's reason, and the keyboard's row drawn plainly.
 */
import { expect, test } from '@playwright/test';
import { ProjectsPage } from './pages/projects-page.ts';
import { apiKinds, apiObjects } from './support/nodus-api.ts';
import { createBudget, createProject, listAll, projectExists, uniqueName } from './support/mock-writes.ts';
import { outlineOf } from './support/outline.ts';
import { NodusApi } from './support/resource-table-api.ts';
import { formatUnitsUSD, parseUSD } from '../src/lib/money.ts';

test('each project shows its count per kind and what it spent', async ({ page, request }) => {
  const project = uniqueName('counts');
  await createProject(request, project);
  await createBudget(request, project, 'one');
  await createBudget(request, project, 'two');
  const kinds = await apiKinds(request);

  // Charges only ever add up, so what the page shows lies between two reads of the API around it.
  const spentIn = async (name: string) => {
    const lists = await Promise.all(kinds.map((k) => listAll(request, k.plural)));
    return lists
      .flat()
      .filter((o) => o.metadata.namespace === name)
      .reduce((sum, o) => sum + (parseUSD(o.status?.costUSD) ?? 0), 0);
  };
  const before = await spentIn('nlp');

  const ui = new ProjectsPage(page);
  await ui.goto();
  for (const kind of kinds) {
    await expect(ui.count(project, kind.plural)).toHaveText(kind.plural === 'budgets' ? '2' : '0');
  }
  await expect(ui.spent(project)).toHaveText('$0.00');

  await expect(ui.spent('nlp')).toHaveText(/^\$[\d,]+\.\d{2,4}$/);
  const shown = parseUSD(((await ui.spent('nlp').textContent()) ?? '').replace(/[$,]/g, '')) ?? -1;
  const after = await spentIn('nlp');
  expect(before).toBeGreaterThan(0);
  expect(shown, `${formatUnitsUSD(before)} ≤ shown ≤ ${formatUnitsUSD(after)}`).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(after);

  // A count opens that kind in that project.
  await ui.count(project, 'budgets').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
});

test('the spend column says what it counts, and spend over time is one click away', async ({ page }) => {
  const ui = new ProjectsPage(page);
  await ui.goto();
  await expect(page.getByRole('columnheader', { name: 'Spent' })).toHaveAttribute('title', /since each was created/);
  await page.getByRole('link', { name: 'Spend over time and budgets' }).click();
  await expect(page).toHaveURL(/\/all\/cost$/);
  await expect(page.getByRole('heading', { name: 'Cost', level: 1 })).toBeVisible();
});

test("the read-only project nodus shows its Images, and its Delete is off with the API's reason", async ({
  page,
  request,
}) => {
  const images = await apiObjects(request, 'nodus', 'images');
  expect(images.length).toBeGreaterThan(0);
  const ui = new ProjectsPage(page);
  await ui.goto('?q=nodus');
  await expect(ui.filter).toHaveValue('nodus');
  await expect(ui.table.getByRole('row')).toHaveCount(2);
  const row = ui.row('nodus');
  await expect(row).toContainText('read-only');
  const off = await ui.deleteButton('nodus');
  await expect(off).toBeDisabled();
  await expect(off).toHaveAccessibleDescription(/can't delete project nodus\. Project "nodus" is read-only/);
  await expect(ui.count('nodus', 'images')).toHaveText(String(images.length));
  await ui.count('nodus', 'images').click();
  await expect(page).toHaveURL(/\/projects\/nodus\/images$/);
  await expect(page.getByRole('table', { name: 'Images' }).getByRole('row')).toHaveCount(images.length + 1);
});

test('create a project, then delete it only after typing its name', async ({ page, request }) => {
  const project = uniqueName('made');
  const ui = new ProjectsPage(page);
  await ui.goto();
  await expect(ui.table).toBeVisible();

  await ui.create(project);
  await expect(page.getByRole('dialog', { name: 'New project' })).toBeHidden();
  await expect(ui.row(project)).toBeVisible();
  expect(await projectExists(request, project)).toBe(true);

  await (await ui.deleteButton(project)).click();
  const dialog = ui.deleteDialog(project);
  const confirm = dialog.getByRole('button', { name: 'Delete project' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${project} to confirm`).fill(project.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${project} to confirm`).fill(project);
  await confirm.click();
  await expect(dialog).toBeHidden();

  // Terminating first, then gone, without a reload.
  await expect(ui.row(project)).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => projectExists(request, project)).toBe(false);
});

test('a name the API would refuse is caught before it is sent; default cannot be deleted', async ({ page }) => {
  const ui = new ProjectsPage(page);
  await ui.goto();
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project name').fill('Not_A_Label');
  await expect(dialog.getByText(/Lowercase letters, digits and dashes; it starts/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create project' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const kept = await ui.deleteButton('default');
  await expect(kept).toBeDisabled();
  await expect(kept).toHaveAccessibleDescription(/can't delete project default\./);
});

test('the project row under the keyboard is outlined plainly at 1440 and 1024 pixels wide', async ({ page }) => {
  const ui = new ProjectsPage(page);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    await ui.goto();
    await expect(ui.row('default')).toBeVisible();
    await page.keyboard.press('j');
    const first = ui.table.getByRole('row').nth(1);
    await expect(first).toBeFocused();
    const outline = await outlineOf(first);
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(outline.againstRow).toBeGreaterThanOrEqual(3);
    expect(outline.againstWhite).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: test.info().outputPath(`table-projects-cursor-${viewport.width}.png`) });
  }
});

test('a pin checked while the API briefly fails still shows as gone once it answers', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('pin-outage');
  await api.budget(project, 'doomed', '2.00');
  await page.goto(`/projects/${project}/budgets/doomed`);
  const pin = page.getByRole('button', { name: 'Pin Budget doomed' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await api.remove(project, 'budgets', 'doomed');

  const ui = new ProjectsPage(page);
  const doomed = page.getByRole('list', { name: 'Pinned' }).getByRole('listitem').filter({ hasText: 'doomed' });
  const { failed } = await api.injected();
  await api.setFaults({
    errorRate: 1,
    errorCode: 503,
    retryAfterSeconds: 1,
    paths: [`/apis/nodus.dev/v1/namespaces/${project}/budgets/doomed`],
  });
  try {
    await ui.goto();
    await expect.poll(async () => (await api.injected()).failed).toBeGreaterThan(failed);
    await expect(doomed).not.toContainText('gone');
  } finally {
    await api.clearFaults();
  }
  await expect(doomed).toContainText('gone');
  await expect(doomed.getByRole('link')).toHaveCount(0);
  await doomed.getByRole('button', { name: 'Unpin Budget doomed' }).click();
  await expect(doomed).toHaveCount(0);
});

test('with many projects, Delete is checked with the API for the rows in reach, and for others as they scroll in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = new NodusApi(request);
  const made: string[] = [];
  for (let batch = 0; batch < 6; batch++) {
    made.push(...(await Promise.all(Array.from({ length: 10 }, () => api.newProject('many')))));
  }
  const asked = new Set<string>();
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().includes('/selfsubjectaccessreviews')) return;
    const a = (r.postDataJSON() as { spec: { resourceAttributes: { verb: string; resource: string; name?: string } } })
      .spec.resourceAttributes;
    if (a.verb === 'delete' && a.resource === 'namespaces' && a.name) asked.add(a.name);
  });
  try {
    // Narrow enough that the table scrolls sideways, with Delete in its last column out of view.
    await page.setViewportSize({ width: 1024, height: 768 });
    const ui = new ProjectsPage(page);
    await ui.goto();
    await expect(ui.row(made.at(-1)!)).toBeAttached();
    expect(await ui.table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)).toBe(true);
    // Each row's top against the bottom of the area that scrolls the table.
    const rows = await ui.table.getByRole('rowheader').evaluateAll((cells) => {
      const bottom = cells[0]!.closest('main')!.getBoundingClientRect().bottom;
      return cells.map((c) => ({
        name: c.querySelector('a')?.textContent ?? '',
        below: c.getBoundingClientRect().top - bottom,
      }));
    });
    expect(rows.length).toBeGreaterThanOrEqual(60);
    // Rows in view, and those a little below it, are asked without a scroll, and answered...
    const reach = rows.filter((r) => r.below < 200);
    expect(reach.some((r) => r.below > 0)).toBe(true);
    for (const { name } of reach) await expect.poll(() => asked.has(name)).toBe(true);
    const lastInReach = ui.row(reach.at(-1)!.name).getByRole('button', { name: /^Delete project/ });
    await expect(lastInReach).not.toHaveAccessibleDescription(/Checking/);
    // ...and none far below: a screenful ahead at most (with room for the header settling while rows were asked).
    const far = rows.filter((r) => r.below > 1200).map((r) => r.name);
    expect(far.length).toBeGreaterThan(10);
    expect(far.filter((name) => asked.has(name))).toEqual([]);

    // The last row, scrolled to, is asked and offers Delete.
    const last = rows.at(-1)!.name;
    await expect(await ui.deleteButton(last)).toBeEnabled();
    expect(asked.has(last)).toBe(true);
  } finally {
    await Promise.all(made.map((project) => api.deleteProject(project)));
  }
});

test('a new project is made as soon as the API says so, while the counts are still being listed', async ({
  page,
  request,
}) => {
  const project = uniqueName('made-early');
  const ui = new ProjectsPage(page);
  await ui.goto();
  await expect(ui.count('default', 'jobs')).toBeVisible();
  // From now on, every list of a kind across all projects (what the counts are made of) is held.
  let holding = true;
  const held: (() => Promise<void>)[] = [];
  await page.route(
    (url) => /^\/apis\/[^/]+\/[^/]+\/[a-z]+$/.test(url.pathname) && !url.searchParams.has('watch'),
    (route) => {
      if (!holding || route.request().method() !== 'GET') return route.fallback();
      held.push(() => route.fallback());
      return undefined;
    },
  );
  try {
    await ui.create(project);
    await expect(page.getByRole('dialog', { name: 'New project' })).toBeHidden();
    await expect(ui.row(project)).toBeVisible();
    expect(held.length).toBeGreaterThan(0);
  } finally {
    holding = false;
    await Promise.all(held.map((release) => release().catch(() => undefined)));
    await page.unrouteAll();
  }
  await expect(ui.count(project, 'jobs')).toHaveText('0');
  expect(await projectExists(request, project)).toBe(true);
  await new NodusApi(request).deleteProject(project);
});
