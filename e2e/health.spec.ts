/** The health pill follows /readyz: degraded names its checks, failing names the check, and both recover. */
import { expect, test } from '@playwright/test';
import { Shell } from './pages/shell.ts';
import { setFaults } from './support/mock-writes.ts';

test('health shows degraded and failing as /readyz reports them, with the release', async ({ page, request }) => {
  const shell = new Shell(page);
  const details = page.getByRole('dialog', { name: 'API health' });
  const checkNow = async () => {
    await shell.healthButton.click();
    await details.getByRole('button', { name: 'Check now' }).click();
    await page.keyboard.press('Escape');
  };
  await page.goto('/projects/default');
  await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy');

  try {
    await setFaults(request, { readyz: { degraded: ['billing', 'price-feed'], failing: null } });
    // The pill polls by itself (every 5 s): no reload, no click.
    await expect(shell.healthButton).toHaveAccessibleName('API health: Degraded (billing, price-feed)', {
      timeout: 12_000,
    });
    await shell.healthButton.click();
    await expect(details).toContainText('billing');
    await expect(details).toContainText('price-feed');
    await expect(details.getByText('Release')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await setFaults(request, { readyz: { degraded: [], failing: 'database' } });
    await checkNow();
    await expect(shell.healthButton).toHaveAccessibleName('API health: Failing (database)');
  } finally {
    await setFaults(request, {});
  }
  await checkNow();
  await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy');
});
