/**
 * The resource table is live: objects created, changed and deleted through the API outside the browser appear,
 * change (their row briefly marked) and vanish within a second, in the same document. Budgets are used: no
 * controller touches them, so every change is one the test made.
 */
import { expect, test } from '@playwright/test';
import { ResourceTablePage } from './pages/resource-table.ts';
import { NodusApi } from './support/resource-table-api.ts';

const SECOND = { timeout: 1_000 };

test('objects created, changed and deleted through the API appear, change and vanish within a second', async ({
  page,
  request,
}) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-live');
  await api.budget(project, 'steady', '3.00');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project);
  await expect(ui.watchStatus).toHaveText('Live');
  await ui.expectNames(['steady']);
  await ui.columns();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await api.budget(project, 'arrives', '7.00');
  await expect(ui.row('arrives')).toBeVisible(SECOND);
  await expect(ui.cell('arrives', 'Limit')).toHaveText('$7.00');

  await api.patch(project, 'budgets', 'arrives', { spec: { limitUSD: '9.50' } });
  await expect(ui.cell('arrives', 'Limit')).toHaveText('$9.50', SECOND);
  // The changed row is marked for a moment; the untouched one is not.
  await expect(ui.row('arrives')).toHaveAttribute('data-changed', 'true');
  await expect(ui.row('steady')).not.toHaveAttribute('data-changed');
  await expect(ui.row('arrives')).not.toHaveAttribute('data-changed', { timeout: 5_000 });

  await api.remove(project, 'budgets', 'arrives');
  await expect(ui.row('arrives')).toHaveCount(0, SECOND);
  await ui.expectNames(['steady']);
  await expect(ui.count).toHaveText('1 budget');

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('50 objects written at once all arrive, in the table’s sort order', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('rt-burst');
  const ui = new ResourceTablePage(page, 'budgets');
  await ui.goto(project, '?sort=-limit');
  await expect(ui.emptyState(project)).toBeVisible();

  const names = Array.from({ length: 50 }, (_, i) => `b-${String(i).padStart(2, '0')}`);
  await Promise.all(names.map((name, i) => api.budget(project, name, `${i + 1}.00`)));
  // Sorted by limit, biggest first: the last created (50.00) leads.
  await expect.poll(async () => (await ui.names()).slice(0, 3)).toEqual(['b-49', 'b-48', 'b-47']);
  await expect(ui.count).toHaveText('50 budgets');
});
