/**
 * The dark theme: it follows the system's setting, the sidebar's switch overrides it and is remembered across a
 * reload (set before the console's script runs, so no light flash), Monaco and the terminal switch with it live,
 * and axe finds no serious or critical violation (contrast included) on the main views in dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { seriousViolations } from './support/axe.ts';
import { ObjectApi } from './support/object-api.ts';
import { NodusApi } from './support/resource-table-api.ts';

test.describe.configure({ timeout: 240_000 });
const LOADED = { timeout: 30_000 };
/** Monaco's chunk is large and parsed on first use: on a busy machine it takes a while. */
const MONACO = { timeout: 120_000 };
const SLATE_900 = 'rgb(15, 23, 42)';
const SLATE_950 = 'rgb(2, 6, 23)';
const WHITE = 'rgb(255, 255, 255)';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const monacoBackground = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-testid="code-editor"] .monaco-editor-background');
    return el ? getComputedStyle(el).backgroundColor : '';
  });
const themeRadio = (page: Page, name: 'Auto' | 'Light' | 'Dark') =>
  page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name });

test.describe('axe finds no serious or critical violation in the dark theme', () => {
  let project = '';
  test.beforeAll(async ({ request }) => {
    const api = new NodusApi(request);
    project = await api.newProject('dark');
    await api.job(project, 'dark-job', { app: 'dark' });
    // Room for a later launch: dark-job spends as it runs, and a launch whose cap is more than is left is refused.
    await api.budget(project, 'dark-budget', '50.00');
  });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
  });

  test('on the projects page, a table with the palette open, and all projects', async ({ page }) => {
    const console = new ConsolePage(page);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
    expect(await isDark(page)).toBe(true);
    const found = await seriousViolations(page, 'projects page');
    await page.goto(`/projects/${project}/jobs`);
    await expect(console.row('jobs', 'dark-job')).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'resource table')));
    await console.shell.openPalette();
    found.push(...(await seriousViolations(page, 'command palette open')));
    await page.keyboard.press('Escape');
    await console.shell.supportButton.click();
    await expect(console.shell.supportPanel).toBeVisible();
    // Its body loads when it first opens: checked once it is there.
    await expect(console.shell.supportPanel.getByRole('region', { name: 'Recent API calls' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'support panel open')));
    await page.keyboard.press('Escape');
    await page.goto('/all/jobs');
    await expect(page.getByRole('rowheader').first()).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'all projects')));
    expect(found).toEqual([]);
  });

  for (const tab of ['overview', 'yaml', 'logs', 'events', 'edit']) {
    test(`on the object's ${tab} tab`, async ({ page }) => {
      await page.goto(`/projects/${project}/jobs/dark-job?tab=${tab}`);
      await expect(page.getByRole('heading', { name: 'dark-job' }).first()).toBeVisible(LOADED);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('main')?.textContent?.length ?? 0))
        .toBeGreaterThan(50);
      if (tab === 'edit') {
        await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', MONACO);
        await expect.poll(() => monacoBackground(page)).toBe(SLATE_900);
      }
      expect(await seriousViolations(page, `object ${tab}`)).toEqual([]);
    });
  }

  test('on the cost pages, with the chart table open, and on a Budget with its spend', async ({ page }) => {
    const found: string[] = [];
    for (const path of ['/projects/nlp/cost', '/all/cost']) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: /^Spend / })).toBeAttached(LOADED);
      found.push(...(await seriousViolations(page, path)));
      await page.getByRole('button', { name: 'Show as table' }).click();
      found.push(...(await seriousViolations(page, `${path}, table shown`)));
    }
    await page.goto(`/projects/${project}/budgets/dark-budget`);
    await expect(page.getByText('Spend this period')).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'budget page')));
    expect(found).toEqual([]);
  });

  test("on the project's Activity and Members, and the new object editor", async ({ page }) => {
    await page.goto(`/projects/${project}/activity`);
    await expect(page.getByRole('list', { name: 'Events, newest first' }).locator('[data-event]').first()).toBeVisible(
      LOADED,
    );
    const found = await seriousViolations(page, 'activity');
    await page.goto('/projects/nlp/members');
    await expect(page.getByRole('row').filter({ hasText: 'Kim Park' })).toBeVisible(LOADED);
    found.push(...(await seriousViolations(page, 'members')));
    await page.goto(`/projects/${project}/new/jobs`);
    await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', MONACO);
    found.push(...(await seriousViolations(page, 'new object editor')));
    expect(found).toEqual([]);
  });

  test('on a Job still waiting to start: its empty log, and its row while a change is highlighted', async ({
    page,
    request,
  }) => {
    // An H100 Job waits 30 s for capacity: its log stays empty, with the message saying why.
    await new ObjectApi(request).job(project, 'dark-waiting', { gpu: 'H100' });
    await page.goto(`/projects/${project}/jobs/dark-waiting?tab=logs`);
    await expect(page.getByText('The Job is waiting to start')).toBeVisible(LOADED);
    const found = await seriousViolations(page, 'waiting log');

    const console = new ConsolePage(page);
    await page.goto(`/projects/${project}/jobs`);
    const row = console.row('jobs', 'dark-waiting');
    await expect(row).toBeVisible(LOADED);
    await new NodusApi(request).patch(project, 'jobs', 'dark-waiting', { metadata: { labels: { seen: 'yes' } } });
    // The change's highlight, held still while axe reads the row.
    await expect(row).toHaveAttribute('data-changed', 'true');
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) if (animation.id === 'row-flash') animation.pause();
    });
    found.push(...(await seriousViolations(page, 'highlighted row')));
    expect(found).toEqual([]);
  });

  test('on an error panel', async ({ page }) => {
    await page.goto('/projects/no-such-project-dark/jobs');
    await expect(page.getByRole('alert').first()).toBeVisible(LOADED);
    expect(await seriousViolations(page, 'error panel')).toEqual([]);
  });
});

test('"Auto" follows the system live; the switch overrides it, switches Monaco live and is remembered', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/projects/nlp/new/jobs');
  await expect(page.getByTestId('code-editor').first()).toHaveAttribute('data-editor-ready', 'true', MONACO);
  await expect(themeRadio(page, 'Auto')).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(false);
  await expect.poll(() => monacoBackground(page)).toBe('rgb(255, 255, 254)');
  const light = await bodyBackground(page);

  // The system turns dark while the page is open: the page, its colour-scheme and Monaco follow.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  const dark = await bodyBackground(page);
  expect(dark).not.toBe(light);
  await expect.poll(() => monacoBackground(page)).toBe(SLATE_900);

  // "Light" wins over the dark system, and lasts across a reload.
  await themeRadio(page, 'Light').click();
  await expect.poll(() => isDark(page)).toBe(false);
  await expect.poll(() => monacoBackground(page)).toBe('rgb(255, 255, 254)');
  await page.reload();
  await expect(themeRadio(page, 'Light')).toHaveAttribute('aria-checked', 'true', LOADED);
  expect(await isDark(page)).toBe(false);

  // "Dark" under a light system; the palette offers the others.
  await page.emulateMedia({ colorScheme: 'light' });
  await themeRadio(page, 'Dark').click();
  await expect.poll(() => isDark(page)).toBe(true);
  await new ConsolePage(page).shell.openPalette();
  await page.keyboard.type('theme');
  await expect(page.getByRole('option', { name: /Theme: light/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Theme: system/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Theme: dark/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Remembered before the console's own script runs: with it blocked, the page is still dark.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  expect(await bodyBackground(page)).toBe(dark);
});

test('the terminal follows the theme live', async ({ page, request }) => {
  const api = new ObjectApi(request);
  const project = await api.project('dark-term');
  await api.create(project, 'sandboxes', {
    metadata: { name: 'box', annotations: { 'mock.nodus.dev/start-seconds': '0.5' } },
    spec: { image: 'nodus/python:3.12', resources: { cpu: 1, memoryGiB: 2 }, maxCostUSD: '5.00' },
  });
  await api.waitForPhase(project, 'sandboxes', 'box', ['Running'], 60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/projects/${project}/sandboxes/box`);
  await page.getByRole('button', { name: 'Open terminal' }).click();
  const viewport = page.getByRole('region', { name: 'Terminals' }).locator('.xterm-scrollable-element').first();
  const background = () => viewport.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(background, LOADED).toBe(SLATE_950);

  // The API's refusal shows on a sheet inside the dark pane, in the page's colours: dark in the dark theme.
  await api.patch(project, 'sandboxes', 'box', { spec: { state: 'Stopped' } });
  await api.waitForPhase(project, 'sandboxes', 'box', ['Stopped'], 60_000);
  const pane = page.getByRole('region', { name: 'Terminals' });
  await pane.getByRole('button', { name: 'Reconnect' }).click();
  const sheet = pane.getByRole('alert').locator('xpath=..');
  await expect(sheet).toContainText('Could not open a terminal in Sandbox box', LOADED);
  const sheetBackground = () => sheet.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await sheetBackground()).toBe(await pageWhite(page));
  expect(await sheetBackground()).not.toBe(WHITE);

  await themeRadio(page, 'Light').click();
  await expect.poll(background).toBe(SLATE_900);
  await expect.poll(sheetBackground).toBe(WHITE);
});

/** What `bg-white` draws on the page itself in the current theme. */
function pageWhite(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'bg-white';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
}
