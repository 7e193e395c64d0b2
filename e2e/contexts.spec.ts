/**
 * Contexts, like kubeconfig contexts: a context without a key asks for one, each keeps its own key in memory,
 * and neither a URL nor localStorage ever holds a key (the list of contexts survives a reload without them).
 */
import { expect, test } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';

test('a new context asks for its key; keys stay out of URLs and storage, and are gone after a reload', async ({
  page,
}) => {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  const ui = new ConsolePage(page);
  const { shell } = ui;
  await ui.goto('/projects/default');
  await expect(shell.kindLink('jobs')).toHaveText(/\d/);

  await shell.contextButton.click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add a context' });
  await form.getByLabel('Name').fill('staging');
  await form.getByLabel('Org').fill('acme');
  await form.getByRole('button', { name: 'Save' }).click();

  // Same API (this origin), no key yet: the first call is refused and the console asks.
  await expect(shell.contextButton).toHaveAccessibleName('Context: staging (org acme)');
  await expect(shell.keyPrompt).toBeVisible();
  await expect(shell.keyPrompt).toContainText('context staging has no key yet');
  await shell.keyPrompt.getByLabel('API key').fill(DEMO_API_KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await expect(shell.kindLink('jobs')).toHaveText(/\d/);

  // Back to the first context: its key was kept, so nothing is asked.
  await shell.contextButton.click();
  await page
    .getByRole('dialog', { name: 'Contexts' })
    .getByRole('button', { name: /^local-mock/ })
    .click();
  await expect(shell.contextButton).toHaveAccessibleName(/^Context: local-mock/);
  await expect(shell.kindLink('jobs')).toHaveText(/\d/);
  await expect(shell.keyPrompt).toBeHidden();

  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).toContain('staging');
  expect(stored).not.toContain(DEMO_API_KEY);
  expect(urls.filter((u) => u.includes(DEMO_API_KEY))).toEqual([]);

  // After a reload the list is back, the key of the added context is not.
  await shell.contextButton.click();
  await page
    .getByRole('dialog', { name: 'Contexts' })
    .getByRole('button', { name: /^staging/ })
    .click();
  await expect(shell.contextButton).toHaveAccessibleName('Context: staging (org acme)');
  await page.reload();
  await expect(shell.contextButton).toHaveAccessibleName('Context: staging (org acme)');
  await expect(shell.keyPrompt).toBeVisible();
  await expect(shell.keyPrompt).toContainText('context staging has no key yet');
});
