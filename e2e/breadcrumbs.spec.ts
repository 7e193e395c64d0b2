/**
 * One breadcrumb on every page: in a navigation named Breadcrumb, Projects › the project (or All projects) ›
 * the page, kinds by their display name, every step a link but the last, which is the page itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { createBudget, createProject, uniqueName } from './support/mock-writes.ts';

interface Step {
  label: string;
  href?: string;
}

async function expectTrail(page: Page, path: string, steps: Step[]) {
  await page.goto(path);
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(nav, `one breadcrumb on ${path}`).toHaveCount(1);
  const items = nav.getByRole('listitem');
  await expect(items, `the steps on ${path}`).toHaveText(steps.map((s) => s.label));
  // The same separator between every two steps, drawn, not read out.
  await expect(nav.locator('svg[aria-hidden="true"]')).toHaveCount(steps.length - 1);
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(steps.length - 1);
  for (const [i, step] of steps.slice(0, -1).entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', step.href ?? '');
  }
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(steps.at(-1)!.label);
}

test('every page shows the same breadcrumb: Projects › project › page, links but the last', async ({
  page,
  request,
}) => {
  // Ten pages, some of whose code loads on first visit.
  test.setTimeout(120_000);
  const project = uniqueName('crumbs');
  await createProject(request, project);
  await createBudget(request, project, 'cap-a');
  const root = { label: 'Projects', href: '/projects' };
  const here = { label: project, href: `/projects/${project}` };
  const budgets = { label: 'Budgets', href: `/projects/${project}/budgets` };

  await expectTrail(page, '/projects', [{ label: 'Projects' }]);
  await expectTrail(page, `/projects/${project}/budgets`, [root, here, { label: 'Budgets' }]);
  await expectTrail(page, `/projects/${project}/budgets/cap-a`, [root, here, budgets, { label: 'cap-a' }]);
  await expectTrail(page, `/projects/${project}/budgets/cap-a?tab=yaml`, [root, here, budgets, { label: 'cap-a' }]);
  await expectTrail(page, `/projects/${project}/new/budgets`, [root, here, budgets, { label: 'New' }]);
  await expectTrail(page, `/projects/${project}/cost`, [root, here, { label: 'Cost' }]);
  await expectTrail(page, `/projects/${project}/activity`, [root, here, { label: 'Activity' }]);
  await expectTrail(page, `/projects/${project}/members`, [root, here, { label: 'Members' }]);
  const all = { label: 'All projects', href: '/all' };
  await expectTrail(page, '/all/budgets', [root, all, { label: 'Budgets' }]);
  await expectTrail(page, '/all/cost', [root, all, { label: 'Cost' }]);

  // A step goes where it says.
  await page.goto(`/projects/${project}/budgets/cap-a`);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Budgets' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets$`));
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});
