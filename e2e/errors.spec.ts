/** Errors are shown as the API sent them: reason, message, fix, docs link and the requestId to quote. */
import { expect, test, type Response } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY } from '../src/shared/protocol.ts';
import type { Status } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';
import { apiKinds, apiStatus } from './support/nodus-api.ts';

test('a project that does not exist shows the NotFound Status from the API', async ({ page, context, request }) => {
  const [firstKind] = await apiKinds(request);
  expect(firstKind).toBeDefined();
  const listPath = `/apis/${API_VERSION}/namespaces/no-such-project/${firstKind!.plural}`;

  // Keep every answer the browser got for the list, to compare the panel with the Status it carried.
  // Bodies are read as they arrive: Chromium may drop them later.
  const answers: Promise<Answer | undefined>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === listPath) answers.push(readAnswer(res));
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  const ui = new ConsolePage(page);
  await ui.goto('/projects/no-such-project');

  const panel = ui.errorPanel(`Could not list ${firstKind!.plural} in no-such-project`);
  await expect(panel).toBeVisible();
  expect(answers.length).toBeGreaterThan(0);

  const shownId = (await panel.getByTestId('request-id').textContent()) ?? '';
  const answer = (await Promise.all(answers)).find((a) => a?.requestId === shownId);
  expect(answer, `a list response carried the request id shown (${shownId})`).toBeDefined();
  expect(answer!.httpStatus).toBe(404);
  const status = answer!.status;
  expect(status).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404 });

  await expect(panel.getByText(status.reason, { exact: true })).toBeVisible();
  await expect(panel.getByText('HTTP 404')).toBeVisible();
  await expect(panel.getByText(status.message, { exact: true })).toBeVisible();
  await expect(panel.getByText(status.fix ?? '', { exact: true })).toBeVisible();
  await expect(panel.getByText(shownId, { exact: true })).toBeVisible();
  if (status.docs) {
    await expect(panel.getByRole('link', { name: `Read about ${status.reason}` })).toHaveAttribute('href', status.docs);
  }

  const copy = panel.getByRole('button', { name: 'Copy request ID' });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(panel.getByRole('status')).toHaveText('Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownId);
});

interface Answer {
  httpStatus: number;
  status: Status;
  /** The Status's requestId, or the X-Request-Id header when the Status has none. */
  requestId: string | undefined;
}

/** Undefined for a request the console cancelled mid-body (React StrictMode remounts in development). */
async function readAnswer(res: Response): Promise<Answer | undefined> {
  try {
    const status = (await res.json()) as Status;
    return { httpStatus: res.status(), status, requestId: status.requestId ?? res.headers()['x-request-id'] };
  } catch {
    return undefined;
  }
}

test('a 401 asks for a key; the page shows the Unauthorized Status until a key the API accepts is given', async ({
  page,
  request,
}) => {
  const expected = await apiStatus(request, '/api/v1/namespaces', 'not-a-key');
  expect(expected).toMatchObject({ httpStatus: 401, reason: 'Unauthorized' });

  const ui = new ConsolePage(page);
  const { shell } = ui;
  await ui.goto('/projects/default');
  await expect(shell.kindLink('jobs')).toHaveText(/\d/);
  await expect(shell.keyPrompt).toBeHidden();

  await ui.useApiKey('not-a-key');
  await expect(shell.keyPrompt).toBeVisible();
  await expect(shell.keyPrompt).toContainText('answered 401 Unauthorized');
  await expect(shell.keyPrompt).toContainText('does not accept the key');

  // Not now: the page says what failed, as the API said it.
  await shell.keyPrompt.getByRole('button', { name: 'Not now' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await expect(shell.resourcesNav.getByRole('alert', { name: 'Could not discover the kinds' })).toContainText(
    'Unauthorized',
  );
  const list = await shell.openProjectSwitcher();
  const panel = list.getByRole('alert', { name: 'Could not list projects' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(panel.getByText(expected.message, { exact: true })).toBeVisible();
  await expect(panel.getByText(expected.fix ?? '', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('request-id')).toHaveText(/\S+/);
  await expect(panel.getByRole('button', { name: 'Copy request ID' })).toBeVisible();

  // Another wrong key asks again; the right one, given in the prompt, brings everything back.
  await page.keyboard.press('Escape');
  await ui.useApiKey('still-not-a-key');
  await expect(shell.keyPrompt).toBeVisible();
  await shell.keyPrompt.getByLabel('API key').fill(DEMO_API_KEY);
  await shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(shell.keyPrompt).toBeHidden();
  await expect(shell.kindLink('jobs')).toHaveText(/\d/);
  await expect(ui.kindCount('jobs')).toBeVisible();
  await expect(ui.errorPanel()).toHaveCount(0);
});
