/**
 * The object page's read-only YAML tab is coloured like the editor (keys, strings, numbers apart) without
 * loading the editor, and what is selected there is the plain YAML.
 */
import { expect, test } from '@playwright/test';
import { NodusApi } from './support/resource-table-api.ts';

test('the YAML tab colours keys and values apart, and selects as plain YAML', async ({ page, request }) => {
  const api = new NodusApi(request);
  const project = await api.newProject('yaml-tab');
  await api.job(project, 'colours');
  await page.goto(`/projects/${project}/jobs/colours?tab=yaml`);
  const yaml = page.getByTestId('object-yaml');
  await expect(yaml).toContainText('apiVersion: nodus.dev/v1');

  const colourOf = (kind: string, text: string) =>
    yaml
      .locator(`[data-token="${kind}"]`)
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) })
      .first()
      .evaluate((e) => getComputedStyle(e).color);
  const key = await colourOf('key', 'apiVersion');
  const value = await colourOf('string', 'nodus.dev/v1');
  const number = await colourOf('number', '1');
  const plain = await yaml.evaluate((e) => getComputedStyle(e).color);
  expect(new Set([key, value, number, plain]).size, 'keys, strings, numbers and the rest in four colours').toBe(4);

  // Selected by hand (here: all of it), the tab gives the YAML, line breaks and all, with no markup.
  const selected = await yaml.evaluate((pre) => {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  expect(selected).toMatch(/^apiVersion: nodus\.dev\/v1\nkind: Job\nmetadata:\n {2}name: colours\n/);
  expect(selected).not.toContain('<span');
  // The editor is not loaded for this.
  await expect(page.locator('.monaco-editor')).toHaveCount(0);
});
