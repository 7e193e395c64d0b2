/**
 * Words that fit the kind: a Budget costs nothing, so it is checked and created, not reviewed for payment and
 * launched; a Volume runs nothing, so it has no log; a launch waiting for its price is explained once.
 */
import { expect, test } from '@playwright/test';
import { EditorPage } from './pages/editor-page.ts';
import { ObjectPage } from './pages/object-page.ts';
import { ObjectApi } from './support/object-api.ts';

// Monaco is a large first load on a busy machine; the waits are for conditions, never fixed sleeps.
test.describe.configure({ timeout: 120_000 });

test('a new Budget is checked and created, never "launched" or "paid"', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('kind-budget');
  const editor = new EditorPage(page, 'Budget');
  await editor.goto(project, 'budgets');
  await expect(editor.reviewPanel.getByRole('heading', { name: 'Check before you create' })).toBeVisible();
  await expect(editor.launchButton).toHaveText('Create Budget');
  await expect(editor.reviewPanel).not.toContainText(/\bLaunch|launched(?!-by)|\bpay\b/);
  await editor.setText(
    'apiVersion: nodus.dev/v1\nkind: Budget\nmetadata:\n  name: monthly\nspec:\n  limitUSD: "50.00"\n',
  );
  await editor.reviewButton.click();
  await expect(editor.launchButton).toBeEnabled({ timeout: 60_000 });
  await expect(editor.reviewPanel).not.toContainText(/\bLaunch|launched(?!-by)|\bpay\b/);
  await editor.launchButton.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/budgets/monthly`), { timeout: 60_000 });
});

test('a Volume has Files and no Logs tab', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('kind-volume');
  await api.create(project, 'volumes', { metadata: { name: 'data' }, spec: { sizeGiB: 10 } });
  const ui = new ObjectPage(page);
  await ui.goto(project, 'volumes', 'data', 'logs');
  await ui.expectLive();
  await expect(ui.tabs.getByRole('tab')).toHaveText(['Overview', 'Files', 'YAML', 'Events', 'Edit']);
});

test('a launch waiting for its price is explained once', async ({ page }) => {
  // The demo's vision/augment-coco waits Queued: the hourly rate is above its reviewed rate plus 10 %.
  const ui = new ObjectPage(page);
  await ui.goto('vision', 'jobs', 'augment-coco');
  await ui.expectLive();
  await expect(page.getByRole('region', { name: 'Waiting for a price within the cap' })).toBeVisible();
  await expect(page.getByText(/above the cap of/)).toHaveCount(1);
  await expect(ui.conditionRow('PriceWithinCap')).toContainText('Explained in the notice above.');
  await ui.shot('copy-price-wait.png');
});
