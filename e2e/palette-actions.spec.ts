/**
 * The command palette runs actions as well as it jumps: a new object of a kind in the project in view, another
 * project with the same kind in view, the name of the object in view copied, sign-out. Actions are found by
 * typing, run with Enter, and listed apart from the places to go.
 */
import { expect, test } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';
import { authHeaders, createBudget, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

test('"New Sandbox" opens the editor for a new Sandbox in the project in view', async ({ page, request }) => {
  const project = uniqueName('act');
  await createProject(request, project);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/jobs`);
  await expect(ui.heading()).toHaveText(project);

  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('new');
  // The kind in view comes first; actions are a group of their own, apart from where to go.
  await expect(ui.shell.paletteGroup('Actions').getByRole('option').first()).toHaveAccessibleName(
    new RegExp(`^New Job\\s*in ${project}$`),
  );
  await expect(ui.shell.paletteGroup('Actions').getByRole('option', { name: /^New Image/ })).toHaveCount(0);
  await ui.shell.paletteInput.fill('new sandb');
  await expect(ui.shell.paletteGroup('Actions').getByRole('option', { name: /^New Sandbox/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/new/sandboxes$`));
  await expect(ui.heading()).toHaveText(`New Sandbox in ${project}`);
});

test('"Switch to project" keeps the kind in view', async ({ page, request }) => {
  const [from, to] = [uniqueName('from'), uniqueName('to')];
  await createProject(request, from);
  await createProject(request, to);
  await createBudget(request, to, 'there');
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${from}/budgets`);
  await expect(ui.emptyState('budgets', from)).toBeVisible();

  await ui.shell.runFromPalette(`switch ${to}`, new RegExp(`^Switch to project ${to}`));
  await expect(page).toHaveURL(new RegExp(`/projects/${to}/budgets$`));
  await expect(ui.row('budgets', 'there')).toBeVisible();
  await expect(ui.shell.projectButton).toHaveAccessibleName(`Project: ${to}`);
});

test('"Copy name" on an object page copies its name and says so', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const project = uniqueName('act');
  await createProject(request, project);
  // A name no other test has, so that nothing else finds it in the palette.
  const name = uniqueName('named');
  await createBudget(request, project, name);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}/budgets`);
  // The palette's key is heard once the console has drawn, not when the document has loaded.
  await expect(ui.row('budgets', name)).toBeVisible();
  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('copy');
  // Only an object's page has a name to copy.
  await expect(ui.shell.paletteOption(/^Copy name/)).toHaveCount(0);
  await page.keyboard.press('Escape');

  await ui.goto(`/projects/${project}/budgets/${name}`);
  await expect(ui.heading()).toHaveText(name);
  await ui.shell.runFromPalette('copy name', new RegExp(`^Copy name\\s*of Budget ${name}$`));
  await expect(ui.shell.toast).toHaveText(`Copied “${name}”`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);
  // It goes by itself.
  await expect(ui.shell.toast).toBeHidden();
});

test('"Sign out" forgets the key, as the context menu does, and the console asks for one', async ({
  page,
  request,
}) => {
  const project = uniqueName('act');
  await createProject(request, project);
  const ui = new ConsolePage(page);
  await ui.goto(`/projects/${project}`);
  await expect(ui.heading()).toHaveText(project);

  await ui.shell.runFromPalette('sign out', /^Sign out of local-mock/);
  await expect(ui.shell.keyPrompt).toBeVisible();
  await expect(ui.shell.keyPrompt).toContainText('You signed out of context local-mock');
  // Signed out, there is nothing to sign out of; with a key again, there is.
  await ui.shell.keyPrompt.getByRole('button', { name: 'Not now' }).click();
  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('sign out');
  await expect(ui.shell.paletteInput).toHaveValue('sign out');
  await expect(ui.shell.palette.getByText(/^\d+ objects in all projects$/)).toBeVisible();
  await expect(ui.shell.paletteOption(/^Sign out of/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await ui.shell.useApiKey('nodus-dev-key');
  await ui.shell.openPalette();
  await ui.shell.paletteInput.fill('sign out');
  await expect(ui.shell.paletteOption(/^Sign out of local-mock/)).toBeVisible();
});

test('with thousands of objects the palette draws only the best few and still finds the actions', async ({
  page,
  request,
}) => {
  const project = uniqueName('many');
  await createProject(request, project);
  const seeded = await request.post(`${MOCK_URL}/_mock/seed`, {
    headers: authHeaders,
    data: { project, kind: 'Budget', count: 2000 },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  // The mock is shared: 2,000 Budgets would push other tests' objects off the first page the palette lists across
  // every project. The project goes, and everything in it, when the test ends.
  try {
    const ui = new ConsolePage(page);
    await ui.goto(`/projects/${project}/budgets`);
    await expect(ui.heading()).toHaveText(project);

    await ui.shell.openPalette();
    await expect(ui.shell.palette.getByText(/^\d+ objects in all projects$/)).toBeVisible();
    await ui.shell.paletteInput.pressSequentially('bulk');
    await expect(ui.shell.paletteInput).toHaveValue('bulk');
    await expect(ui.shell.paletteGroup('Objects').getByRole('option')).toHaveCount(12);
    expect(await ui.shell.palette.getByRole('option').count()).toBeLessThanOrEqual(8 + 8 + 12 + 8);
    await ui.shell.paletteInput.fill('new budget');
    await expect(ui.shell.paletteOption(/^New Budget/)).toHaveAttribute('aria-selected', 'true');
  } finally {
    const gone = await request.delete(`${MOCK_URL}/api/v1/namespaces/${project}`, { headers: authHeaders });
    expect(gone.status(), await gone.text()).toBe(200);
    // Gone once its lists answer NotFound: everything in it is deleted first.
    await expect
      .poll(async () =>
        (
          await request.get(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets?limit=1`, {
            headers: authHeaders,
          })
        ).status(),
      )
      .toBe(404);
  }
});
