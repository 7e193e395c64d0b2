/**
 * The first page is a project the key may read: the project last visited on this API server while the key still
 * sees it (remembered in localStorage); else default; someone without a role in default lands on a project of
 * theirs, not on a refusal.
 */
import { expect, test } from './support/signed-in.ts';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { NodusApi } from './support/resource-table-api.ts';

test.describe('a contractor (sam: a developer in vision, no role in default)', () => {
  test.use({ apiKey: 'nodus-demo-sam' });

  test('the console opens on a project of theirs, not on a refusal in default', async ({ signedIn }) => {
    const { page } = signedIn;
    await signedIn.open('/projects');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/projects\/vision$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a last project the key may not see is passed over', async ({ signedIn }) => {
    const { page } = signedIn;
    // Visited (and refused): remembered, but `/` lands only where the key may read.
    await signedIn.open('/projects/default/jobs');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('nodus.console.preferences')))
      .toContain('"default"');
    await signedIn.goInApp('/projects');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/projects\/vision$/);
  });
});

test('the console opens on the project last visited, across a reload', async ({ page }) => {
  await page.goto('/projects/nlp/jobs');
  await expect(page.getByRole('table', { name: 'Jobs' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/projects\/nlp$/);
});

test('a last project since deleted falls back to default', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('landing');
  await page.goto(`/projects/${project}`);
  await expect(page.getByRole('navigation', { name: 'Resources' }).getByRole('list', { name: 'Kinds' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}$`));

  const res = await request.delete(`${api.baseUrl}/api/v1/namespaces/${project}`, {
    headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await page.goto('/');
  await expect(page).toHaveURL(/\/projects\/default$/);
});
