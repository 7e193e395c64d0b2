/**
 * The shell: kinds from discovery with counts from the API, the URL as the state of the view (back and
 * forward included), the command palette, the keyboard, and the all-projects view.
 */
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { titleCase } from './pages/shell.ts';
import { apiKinds } from './support/nodus-api.ts';
import { createBudget, createProject, listAll, uniqueName } from './support/mock-writes.ts';

test('the navigation lists every kind discovery returns that a project holds, each with the count the API gives', async ({
  page,
  request,
}) => {
  // Images live in the read-only project nodus only (resource-table-kinds.spec.ts).
  const kinds = (await apiKinds(request)).filter((k) => k.kind !== 'Image');
  const project = uniqueName('nav');
  await createProject(request, project);
  await createBudget(request, project, 'cap-a');
  await createBudget(request, project, 'cap-b');

  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}`);
  // Every kind, the Projects page and the project's Cost, Activity and Members pages.
  await expect(ui.shell.resourcesNav.getByRole('link')).toHaveCount(kinds.length + 4);
  await expect(ui.shell.projectsLink()).toHaveAttribute('href', '/projects');
  await expect(ui.shell.resourcesNav.getByRole('link', { name: /^Cost\b/ })).toHaveAttribute(
    'href',
    `/projects/${project}/cost`,
  );
  await expect(ui.shell.resourcesNav.getByRole('link', { name: /^Activity\b/ })).toHaveAttribute(
    'href',
    `/projects/${project}/activity`,
  );
  await expect(ui.shell.resourcesNav.getByRole('link', { name: /^Members\b/ })).toHaveAttribute(
    'href',
    `/projects/${project}/members`,
  );
  for (const kind of kinds) {
    await expect(ui.shell.kindLink(kind.plural)).toHaveText(
      new RegExp(`^${titleCase(kind.plural)}\\s*${kind.plural === 'budgets' ? 2 : 0}$`),
    );
  }
  // No kind in the URL: the first is shown, and marked as such.
  await expect(ui.shell.kindLink(kinds[0]!.plural)).toHaveAttribute('aria-current', 'page');

  await ui.shell.kindLink('budgets').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await expect(ui.row('budgets', 'cap-a')).toBeVisible();
  await expect(ui.shell.kindLink('budgets')).toHaveAttribute('aria-current', 'page');
});

test('the URL holds project, kind, object and filter; back and forward restore each view', async ({
  page,
  request,
}) => {
  const project = uniqueName('url');
  await createProject(request, project);
  await createBudget(request, project, 'monthly-cap');
  const ui = new ConsolePage(page);

  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', 'monthly-cap')).toBeVisible();
  await ui.shell.switchProject('default');
  await expect(page).toHaveURL(/\/projects\/default\/budgets$/);
  await expect(ui.heading()).toHaveText('default');

  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('monthly-cap');
  await ui.shell.paletteOption(/^monthly-cap/).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/monthly-cap$`));
  await expect(ui.heading()).toHaveText('monthly-cap');

  await page.goBack();
  await expect(page).toHaveURL(/\/projects\/default\/budgets$/);
  await expect(ui.heading()).toHaveText('default');
  await expect(ui.shell.projectButton).toHaveAccessibleName('Project: default');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await expect(ui.heading()).toHaveText(project);
  await expect(ui.shell.kindLink('budgets')).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await page.goForward();
  await expect(ui.heading()).toHaveText('monthly-cap');

  // A filter rides in the query: a shared link opens the same filtered view.
  await ui.goto(`/all/budgets?q=${project}`);
  const table = page.getByRole('table', { name: 'Budgets' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('searchbox', { name: /^Filter budgets/ })).toHaveValue(project);
});

test('the command palette jumps to a kind, a project and an object by name', async ({ page, request }) => {
  const [job] = (await listAll(request, 'jobs')).filter((j) => j.metadata.namespace !== 'default');
  expect(job, 'the demo data has a job outside default').toBeDefined();
  const ui = new ConsolePage(page);
  await ui.goto('/projects/default');
  await expect(ui.heading()).toHaveText('default');

  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('pipel');
  await expect(ui.shell.paletteOption(/^Pipelines/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/default\/pipelines$/);
  await expect(ui.shell.palette).toBeHidden();

  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('vision');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/vision$/);
  await expect(ui.heading()).toHaveText('vision');

  const name = job!.metadata.name!;
  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill(name);
  const option = ui.shell.paletteOption(new RegExp(`^${name}`)).first();
  await expect(option).toContainText(`Job in ${job!.metadata.namespace}`);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${job!.metadata.namespace}/jobs/${name}$`));
  await expect(ui.heading()).toHaveText(name);

  // Escape closes it without going anywhere.
  await ui.shell.openPalette();
  await page.keyboard.press('Escape');
  await expect(ui.shell.palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/jobs/${name}$`));
});

test('keyboard: / focuses the filter, j and k move through the rows, Enter opens one', async ({ page, request }) => {
  const project = uniqueName('keys');
  await createProject(request, project);
  for (const name of ['alpha', 'bravo', 'charlie']) await createBudget(request, project, name);
  const ui = new ConsolePage(page);
  await ui.goto(`/all/budgets`);
  const table = page.getByRole('table', { name: 'Budgets' });
  await expect(table).toBeVisible();

  await page.keyboard.press('/');
  const filter = page.getByRole('searchbox', { name: /^Filter budgets/ });
  await expect(filter).toBeFocused();
  await page.keyboard.type(project);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${project}`));

  await filter.blur();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  // The table's rows take the focus as the keys move (a roving tabindex), as in a project's table.
  await expect(table.getByRole('row', { name: /bravo/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/bravo$`));
  await expect(ui.heading()).toHaveText('bravo');
});

test("All projects shows a kind across every project, with each object's project", async ({ page, request }) => {
  const budgets = await listAll(request, 'budgets');
  const projects = new Set(budgets.map((b) => b.metadata.namespace));
  expect(projects.size).toBeGreaterThan(1);
  const ui = new ConsolePage(page);
  await ui.goto('/projects/default/budgets');
  const list = await ui.shell.openProjectSwitcher();
  await list.getByRole('link', { name: 'All projects' }).click();
  await expect(page).toHaveURL(/\/all\/budgets$/);
  await expect(ui.shell.projectButton).toHaveAccessibleName('Project: All projects');

  const table = new ResourceTablePage(page, 'budgets');
  // Budgets only change when someone writes them; other tests may add some, never remove any. The table is
  // virtualized: it says how many it holds, and draws the ones in view.
  // Whole: while listing it reads "Listing… 500 of 1,234 budgets so far".
  await expect(table.count).toHaveText(/^[\d,]+ budgets$/);
  expect(Number((await table.count.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(budgets.length);
  // One Budget of each project, filtered onto the screen, shows its own project. Only names that no other Budget's
  // name or project contains: the filter matches parts of words, and a name many tests give their Budget ("team"),
  // or one inside many others ("on"), filters to more rows than the screen draws.
  const within = (name: string, b: (typeof budgets)[number]) =>
    b.metadata.name!.includes(name) || b.metadata.namespace!.includes(name);
  const unique = budgets.filter((b) => budgets.every((other) => other === b || !within(b.metadata.name!, other)));
  const samples = [...new Map(unique.map((b) => [b.metadata.namespace!, b])).values()];
  expect(samples.length).toBeGreaterThan(1);
  for (const budget of samples) {
    await table.textFilter.fill(budget.metadata.name!);
    await expect(
      table.row(budget.metadata.name!).filter({ hasText: budget.metadata.namespace! }).first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('status', { name: 'Watch status' })).toHaveText('Live');
});
