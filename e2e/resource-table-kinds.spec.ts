/**
 * Which kinds a project offers: Images are published by Nodus in its read-only project nodus and nowhere
 * else, so only nodus has an Images entry in the sidebar, and only Images; a URL that names them elsewhere
 * says where they are.
 */
import { expect, test } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { NodusApi } from './support/resource-table-api.ts';
import { apiKinds } from './support/nodus-api.ts';

test('Images are offered in project nodus only, and a link elsewhere leads there', async ({ page, request }) => {
  const kinds = await apiKinds(request);
  const api = new NodusApi(request);
  const project = await api.newProject('rt-kinds');
  const ui = new ResourceTablePage(page, 'jobs');
  await ui.goto(project);
  const own = kinds.filter((k) => k.plural !== 'images');
  await expect(ui.kinds.getByRole('link')).toHaveCount(own.length);
  await expect(ui.sidebar.getByRole('link', { name: /^Jobs\b/ })).toBeVisible();
  // The sidebar is the one list of kinds: no second one above the table.
  await expect(page.getByRole('navigation', { name: 'Kinds' })).toHaveCount(0);
  // The kinds, the Projects page and the project's Cost, Activity and Members pages.
  await expect(ui.sidebar.getByRole('link')).toHaveCount(own.length + 4);
  await expect(ui.sidebar.getByRole('link', { name: /^Cost\b/ })).toHaveAttribute('href', `/projects/${project}/cost`);
  await expect(ui.sidebar.getByRole('link', { name: /^Activity\b/ })).toHaveAttribute(
    'href',
    `/projects/${project}/activity`,
  );
  await expect(ui.sidebar.getByRole('link', { name: /^Members\b/ })).toHaveAttribute(
    'href',
    `/projects/${project}/members`,
  );
  await expect(ui.sidebar.getByRole('link', { name: /^Images\b/ })).toHaveCount(0);

  await page.goto(`/projects/${project}/images`);
  await expect(page.getByText('Images live in project nodus', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'See the images in nodus' }).click();
  await expect(page).toHaveURL(/\/projects\/nodus\/images$/);

  const images = new ResourceTablePage(page, 'images');
  await expect(images.table.getByRole('rowheader').first()).toBeVisible();
  await expect(images.kinds.getByRole('link')).toHaveText([/^Images\s*\d+$/]);
  await expect(images.sidebar.getByRole('link', { name: /^Images\b/ })).toHaveAttribute('aria-current', 'page');
  await expect(images.sidebar.getByRole('link', { name: /^Jobs\b/ })).toHaveCount(0);
});
