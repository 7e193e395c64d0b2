/**
 * The Support panel lists the recent API calls as they went over the wire, a failed call's requestId can be
 * copied, and the support report copies in one click and never holds the API key.
 */
import { expect, test } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { Shell } from './pages/shell.ts';

test("the Support panel lists recent calls; a failure's request id copies; the report holds no key", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const shell = new Shell(page);
  await page.goto('/projects/no-such-project');
  // The request id the page's error shows is the one a user would quote: the panel must list that call.
  const requestId = (await page.getByRole('alert').getByTestId('request-id').first().textContent()) ?? '';
  expect(requestId).toMatch(/\S/);
  // A refused key puts a 401 in the log too, whose Status (the mock's fix text) names the demo key.
  await shell.useApiKey('wrong-key-0000');
  await shell.keyPrompt.getByLabel('API key').fill(DEMO_API_KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toBeHidden();

  await expect(shell.supportButton).toHaveAccessibleName(/^Support \(\d+ failed calls\)$/);
  await shell.supportButton.click();
  const panel = shell.supportPanel;
  await expect(panel).toBeVisible();
  const calls = panel.getByRole('table', { name: 'API calls' });
  const row = calls.getByRole('row').filter({ hasText: requestId });
  await expect(row).toContainText('404');
  await expect(row).toContainText('NotFound');
  await expect(row).toContainText('/namespaces/no-such-project/');
  await expect(row).toContainText(/\d+ ms/);

  await row.getByRole('button', { name: `Copy request ID ${requestId}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestId);

  // Failures only: the successful calls (discovery, the project list) go, the failure stays.
  const all = await calls.getByRole('row').count();
  await panel.getByRole('checkbox', { name: 'Failures only' }).check();
  await expect.poll(() => calls.getByRole('row').count()).toBeLessThan(all);
  await expect(row).toBeVisible();

  await panel.getByRole('button', { name: 'Copy support report' }).click();
  await expect(panel.getByRole('status').first()).toHaveText('Copied to clipboard');
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toContain('Nodus Console support report');
  expect(report).toContain(requestId);
  expect(report).toContain('/projects/no-such-project');
  expect(report).toMatch(/Failed calls: [1-9]\d* of the last \d+/);
  expect(report).toMatch(/ 401 +Unauthorized/);
  expect(report).not.toContain(DEMO_API_KEY);
  expect(report).not.toContain('wrong-key-0000');
  expect(report).not.toMatch(/Bearer/i);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
