/**
 * The browser's console stays clean: loading each main view straight from its URL (an object page, a table, the
 * projects page, the editor) logs no warning and no error, and throws nothing. A warning there is either a bug
 * or noise that hides the next real one.
 */
import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { EditorPage } from './pages/editor-page.ts';
import { ProjectsPage } from './pages/projects-page.ts';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';

/** Every warning, error and uncaught exception of the page, as text. */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

// The editor's first load fetches Monaco and its workers, slow on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('an object page, a table, the projects page and the editor load directly with nothing in the console', async ({
  page,
  request,
}) => {
  const project = uniqueName('quiet');
  await createProject(request, project);
  await createBudget(request, project, 'cap');
  const messages = collectConsole(page);
  const ui = new ConsolePage(page);
  /** What the page logged since the last call: each view is judged on its own load. */
  const logged = () => messages.splice(0);

  await ui.goto(`/projects/${project}/budgets/cap`);
  await expect(ui.heading()).toHaveText('cap');
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  expect.soft(logged(), 'an object page loaded directly').toEqual([]);

  await ui.goto(`/projects/${project}/budgets`);
  await expect(ui.row('budgets', 'cap')).toBeVisible();
  expect.soft(logged(), 'a table loaded directly').toEqual([]);

  const projects = new ProjectsPage(page);
  await projects.goto();
  await expect(projects.row(project)).toBeVisible();
  expect.soft(logged(), 'the projects page loaded directly').toEqual([]);

  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await expect(editor.reviewButton).toBeEnabled();
  expect.soft(logged(), 'the editor loaded directly').toEqual([]);
});
