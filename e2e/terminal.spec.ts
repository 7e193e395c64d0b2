/**
 * Terminals in Sandboxes against the real mock, in the production build behind the console's server (its CSP, its
 * WebSocket forwarding): a shell from the Sandbox's page and from the palette, output, exit codes, two sessions at
 * once, the shell following the pane's size, a session that outlives the page, a Stopped Sandbox's reason, and a
 * session the API ends when the Sandbox stops, with Reconnect.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FilesBrowser } from './pages/files-browser.ts';
import { ObjectPage } from './pages/object-page.ts';
import { watchCsp } from './support/csp-watch.ts';
import { ObjectApi } from './support/object-api.ts';

// The shared mock runs at real speed, on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

/** Its start pinned short (a Sandbox otherwise takes 10 s): these tests are about the terminal. */
async function runningSandbox(api: ObjectApi, project: string, name: string): Promise<void> {
  await api.create(project, 'sandboxes', {
    metadata: { name, annotations: { 'mock.nodus.dev/start-seconds': '0.5' } },
    spec: { image: 'nodus/python:3.12', resources: { cpu: 1, memoryGiB: 2 }, maxCostUSD: '5.00' },
  });
  await api.waitForPhase(project, 'sandboxes', name, ['Running'], 60_000);
}

const dock = (page: Page) => page.getByRole('region', { name: 'Terminals' });
const tab = (page: Page, index: number) => dock(page).getByRole('tab').nth(index);
const panel = (page: Page) => dock(page).locator('[role="tabpanel"]:not([hidden])');

/** The lines the terminal shows now, trimmed (xterm draws spaces as no-break spaces). */
async function lines(pane: Locator): Promise<string[]> {
  const rows = await pane.locator('.xterm-rows > div').allTextContents();
  return rows.map((r) => r.replace(/\u00a0/g, ' ').trim());
}

async function type(page: Page, text: string): Promise<void> {
  await panel(page).getByTestId('terminal').click();
  await page.keyboard.type(text);
}

async function columns(page: Page): Promise<number> {
  const before = (await lines(panel(page))).filter((l) => l.startsWith('COLUMNS=')).length;
  await type(page, 'env\n');
  let found = 0;
  await expect
    .poll(async () => {
      const seen = (await lines(panel(page))).filter((l) => l.startsWith('COLUMNS='));
      found = Number(seen.at(-1)?.slice('COLUMNS='.length));
      return seen.length;
    })
    .toBeGreaterThan(before);
  return found;
}

test('a shell in a running Sandbox: output, two sessions, resize, another page, exit codes', async ({
  page,
  request,
}) => {
  const csp = await watchCsp(page);
  const api = new ObjectApi(request);
  const project = await api.project('term');
  await runningSandbox(api, project, 'box');
  const ui = new ObjectPage(page);
  await ui.goto(project, 'sandboxes', 'box');
  await ui.expectLive();

  await ui.action('Open terminal').click();
  await expect(tab(page, 0)).toContainText('box');
  await expect(tab(page, 0)).toContainText(project);
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Connected', { timeout: 20_000 });
  await type(page, 'echo hi\n');
  await expect.poll(() => lines(panel(page))).toContain('hi');

  // The shell is told the pane's size at once, and again when the pane changes.
  const wide = await columns(page);
  expect(wide).toBeGreaterThan(40);
  await page.setViewportSize({ width: 900, height: 700 });
  await expect.poll(() => columns(page)).toBeLessThan(wide);

  // A second session, from the palette: its own output, the first keeps its own.
  await page.keyboard.press('F6');
  await expect(tab(page, 0)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('combobox').fill('open terminal in box');
  await expect(page.getByRole('option', { name: /Open terminal in box/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dock(page).getByRole('tab')).toHaveCount(2);
  await expect(tab(page, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 1).getByTestId('terminal-state')).toHaveText('Connected', { timeout: 20_000 });
  await type(page, 'echo second\n');
  await expect.poll(() => lines(panel(page))).toContain('second');
  expect(await lines(panel(page))).not.toContain('hi');
  await tab(page, 0).click();
  // Only the rows in view are drawn: the first session's last command shows again, not the second's output.
  await expect.poll(() => lines(panel(page))).toContain('user@box:~$ env');
  expect(await lines(panel(page))).not.toContain('second');

  // Another page of the app: the sessions and their output stay.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: project }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}$`));
  await expect(dock(page).getByRole('tab')).toHaveCount(2);
  await expect.poll(() => lines(panel(page))).toContain('user@box:~$ env');

  await type(page, 'exit 3\n');
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('exit 3');
  await expect.poll(() => lines(panel(page))).toContain('Process exited with code 3');
  await expect(panel(page).getByRole('status')).toHaveText('Process exited with code 3');

  // Reconnect: a new shell in the same tab, saying the old one's state is gone.
  await panel(page).getByRole('button', { name: 'Reconnect' }).click();
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Connected', { timeout: 20_000 });
  await expect.poll(async () => (await lines(panel(page))).join('\n')).toContain("previous shell's state");
  await type(page, 'exit\n');
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('exit 0');

  await dock(page).getByRole('button', { name: 'Close the terminal in box' }).first().click();
  await expect(dock(page).getByRole('tab')).toHaveCount(1);
  await expect(tab(page, 0)).toBeFocused();
  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});

test('a Stopped Sandbox says why it has no terminal; one that stops mid-session ends it with the reason', async ({
  page,
  request,
}) => {
  const api = new ObjectApi(request);
  const project = await api.project('term-stop');
  await runningSandbox(api, project, 'held');
  const ui = new ObjectPage(page);
  await ui.goto(project, 'sandboxes', 'held');
  await ui.expectLive();
  await ui.action('Open terminal').click();
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Connected', { timeout: 20_000 });

  // The API ends the session when the Sandbox stops: the tab says so, the terminal says why, Reconnect is offered.
  await api.patch(project, 'sandboxes', 'held', { spec: { state: 'Stopped' } });
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Disconnected', { timeout: 30_000 });
  await expect(panel(page).getByRole('status')).toContainText('stopped running');
  await api.waitForPhase(project, 'sandboxes', 'held', ['Stopped']);

  await ui.expectPhase('Stopped');
  await expect(ui.action('Open terminal')).toHaveAttribute('aria-disabled', 'true');
  await ui.action('Open terminal').focus();
  await expect(page.getByRole('tooltip', { name: /Running Sandbox/ })).toHaveText(
    'A terminal opens only in a Running Sandbox; this one is Stopped: start it first.',
  );

  // Reconnecting to a Stopped Sandbox: the API's Status, in full, with its requestId.
  await panel(page).getByRole('button', { name: 'Reconnect' }).click();
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Could not connect', { timeout: 20_000 });
  const error = panel(page).getByRole('alert');
  await expect(error).toContainText('Could not open a terminal in Sandbox held');
  await expect(error).toContainText('is not running');
  await expect(error).toContainText('spec.state');
  await expect(error).toContainText(/req[_-]/);
  // Refused, it connected to nothing: the terminal does not announce a new shell.
  expect((await lines(panel(page))).join('\n')).not.toContain('Reconnected');
});

test('a file uploaded to a Sandbox is what its shell prints, and what the shell writes downloads byte for byte', async ({
  page,
  request,
}) => {
  const csp = await watchCsp(page);
  const api = new ObjectApi(request);
  const project = await api.project('termfiles');
  await runningSandbox(api, project, 'box');
  const files = new FilesBrowser(page);
  await files.goto(project, 'sandboxes', 'box', '/home/user');
  const notes = 'rows: 3\nseed: 42\n';
  await files.picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) });
  await expect(files.upload('notes.txt')).toContainText('Uploaded');
  await expect(files.row('notes.txt').getByTitle('17 bytes')).toBeVisible();

  // The shell starts in the home directory, where the file went.
  await new ObjectPage(page).action('Open terminal').click();
  await expect(tab(page, 0).getByTestId('terminal-state')).toHaveText('Connected', { timeout: 20_000 });
  await type(page, 'cat notes.txt\n');
  await expect.poll(() => lines(panel(page))).toEqual(expect.arrayContaining(['rows: 3', 'seed: 42']));
  await type(page, 'echo "made in the shell" > made.txt; wc -c made.txt\n');
  await expect.poll(() => lines(panel(page))).toContain('18 made.txt');

  // The Files tab reads the folder again and hands back exactly the bytes the shell wrote.
  await files.goto(project, 'sandboxes', 'box', '/home/user');
  const row = files.row('made.txt');
  await expect(row.getByTitle('18 bytes')).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download made.txt' }).click(),
  ]);
  expect((await readFile(await download.path())).toString('utf8')).toBe('made in the shell\n');
  expect(await csp.violations()).toEqual([]);
});
