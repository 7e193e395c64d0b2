/**
 * The header holds still: when a call fails and the Support badge appears (the count of failed calls), no
 * control of the header moves or changes size: the badge sits on the button's corner, out of the flow.
 */
import { expect, test, type Page } from '@playwright/test';
import { Shell } from './pages/shell.ts';
import { NodusApi } from './support/resource-table-api.ts';

/** Where each control of the header is, in document order. */
async function controls(page: Page): Promise<number[][]> {
  return page
    .getByRole('banner')
    .locator('button, a, [role="status"]')
    .evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 10) / 10);
      }),
    );
}

// Wide enough that the header has room to spare: its right-hand group then sits against the right edge, where a
// badge that took new room would push the controls before it to the left.
test.use({ viewport: { width: 1600, height: 900 } });

test('the header does not move when the Support badge appears', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('header');
  await api.budget(project, 'here', '2.00');
  const shell = new Shell(page);
  await page.goto(`/projects/${project}/budgets`);
  await expect(page.getByRole('status', { name: 'Watch status' })).toHaveText('Live');
  // Settled: "Checking…" is drawn wider than "Healthy".
  await expect(shell.healthButton).toHaveAccessibleName('API health: Healthy');
  await expect(shell.supportButton).toHaveAccessibleName('Support');
  const before = await controls(page);
  expect(before.length).toBeGreaterThan(3);

  // An object that is not there, opened in the page (no reload): the API answers 404, a failed call.
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/projects/${project}/budgets/not-there`);
  await expect(shell.supportButton).toHaveAccessibleName(/^Support \([1-9]\d* failed calls\)$/);
  await expect(page.getByTestId('support-badge')).toHaveText(/^[1-9]\d*\+?$/);

  expect(await controls(page)).toEqual(before);
});
