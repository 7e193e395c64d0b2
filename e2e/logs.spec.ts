/**
 * The log tab of an object page against the real mock: follow, search, download, hostile text, pause on scroll.
 * Each test makes its own project and Job (mock-only annotations pin how long it runs and how many lines it logs).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { LogViewerPage } from './pages/log-viewer.ts';
import { Shell } from './pages/shell.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

const jobsPath = (project: string) => `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`;

/** The first view of a page may take a while on a busy machine (a cold dev server compiling the route). */
const OPEN = { timeout: 60_000 };

/** For a test about a log, not about the 12 s a CPU Job waits to start. */
const QUICK_START = { 'mock.nodus.dev/start-seconds': '0.5' };

/** A CPU Job runs after 4 + 8 simulated seconds; one asking for 8 H100s waits in the queue for 30, then 8 more. */
async function createJob(
  request: APIRequestContext,
  project: string,
  name: string,
  annotations: Record<string, string>,
  gpu = false,
): Promise<void> {
  const resources = gpu ? { cpu: 64, memoryGiB: 512, gpu: { type: 'H100', count: 8 } } : { cpu: 1, memoryGiB: 2 };
  const res = await request.post(jobsPath(project), {
    headers: authHeaders,
    data: {
      metadata: { name, annotations },
      spec: { image: 'nodus/python:3.12', command: ['python', 'train.py'], resources, maxCostUSD: '400.00' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function phaseOf(request: APIRequestContext, project: string, name: string): Promise<string | undefined> {
  const res = await request.get(`${jobsPath(project)}/${name}`, { headers: authHeaders });
  return ((await res.json()) as { status?: { phase?: string } }).status?.phase;
}

/** A finished Job whose log has exactly `lines` lines. */
async function finishedJob(request: APIRequestContext, lines: number): Promise<{ project: string; name: string }> {
  const project = uniqueName('logs');
  await createProject(request, project);
  const name = 'train';
  await createJob(request, project, name, {
    'mock.nodus.dev/log-lines': String(lines),
    ...QUICK_START,
    'mock.nodus.dev/run-seconds': '1',
    'mock.nodus.dev/outcome': 'Succeeded',
  });
  await expect.poll(() => phaseOf(request, project, name), { timeout: 45_000 }).toBe('Succeeded');
  return { project, name };
}

async function serverLog(request: APIRequestContext, project: string, name: string, query = ''): Promise<string> {
  const res = await request.get(`${jobsPath(project)}/${name}/log${query}`, { headers: authHeaders });
  expect(res.status()).toBe(200);
  return res.text();
}

test.describe('logs', () => {
  test('search highlights matches, counts them, steps through them and can show only matching lines', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { project, name } = await finishedJob(request, 3000);
    const logs = new LogViewerPage(page);
    await logs.goto(project, 'jobs', name);
    await expect(logs.state).toHaveText('Complete', OPEN);
    await expect(logs.lineCount).toHaveText('3,000 lines');

    // Escape codes hold no letters, so the lines that say "epoch" can be counted in the raw log (last \r state).
    const expected = (await serverLog(request, project, name))
      .split('\n')
      .filter((l) => /epoch/i.test(l.slice(l.lastIndexOf('\r') + 1))).length;
    await logs.search.fill('epoch');
    await expect(logs.matchCount).toHaveText(`${expected.toLocaleString('en')} lines`);
    await expect(logs.log.locator('mark').first()).toBeVisible();
    await logs.search.press('Enter');
    await expect(logs.matchCount).toHaveText(`1 of ${expected.toLocaleString('en')} lines`);
    await page.getByRole('button', { name: 'Next match' }).click();
    await expect(logs.matchCount).toHaveText(`2 of ${expected.toLocaleString('en')} lines`);

    await logs.onlyMatching.click();
    await expect(logs.onlyMatching).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => {
        const texts = await logs.rowTexts();
        return texts.length > 0 && texts.every((t) => /epoch/i.test(t));
      })
      .toBe(true);
    await logs.timestamps.click();
    await expect(logs.rows.first()).toContainText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/);
    await page.screenshot({ path: test.info().outputPath('logs-search.png') });
    await logs.onlyMatching.click();
    await expect.poll(async () => (await logs.rowTexts()).some((t) => !/epoch/i.test(t))).toBe(true);
  });

  test('downloads the whole log from the server, not only the lines shown', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { project, name } = await finishedJob(request, 12_000);
    const logs = new LogViewerPage(page);
    await logs.goto(project, 'jobs', name);
    await expect(logs.lineCount).toHaveText('5,000 lines', OPEN);
    const [download] = await Promise.all([page.waitForEvent('download'), logs.download.click()]);
    expect(download.suggestedFilename()).toBe(`${name}.log`);
    const file = await readFile(await download.path(), 'utf8');
    const server = await serverLog(request, project, name);
    expect(file.split('\n').length - 1).toBe(12_000);
    expect(file).toBe(server);
    await expect(page.getByRole('status').filter({ hasText: `Saved ${name}.log: 12,000 lines` })).toBeVisible();
  });

  test('HTML in a log line stays text and never runs; the lines are decoded off the page', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The log is requested, read and split into lines by a worker: no byte of it crosses the page
    // (src/features/logs/lib/log-decoder.ts).
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const { project, name } = await finishedJob(request, 20_000);
    const logs = new LogViewerPage(page);
    await logs.goto(project, 'jobs', name);
    await expect(logs.lineCount).toHaveText('5,000 lines', OPEN);
    await logs.startFrom.selectOption('all');
    await expect(logs.lineCount).toHaveText('20,000 lines', OPEN);
    expect(workers.some((url) => /log-decoder/.test(url))).toBe(true);
    // The page made no log request of its own (a worker's requests are not in the page's resource timing)...
    expect(
      await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/log\?/.test(e.name)).length),
    ).toBe(0);
    // ...and the calls the worker made are in the Support panel's log like any other.
    const shell = new Shell(page);
    await shell.supportButton.click();
    await expect(
      shell.supportPanel
        .getByRole('table', { name: 'API calls' })
        .getByRole('row')
        .filter({ hasText: `/jobs/${name}/log?` })
        .first(),
    ).toContainText('200');
    await page.keyboard.press('Escape');
    // The Job's header prints an eval prompt that is a script tag; its samples print more HTML now and then.
    await logs.search.fill('alert(');
    await logs.onlyMatching.click();
    await expect(logs.matchCount).toHaveText(/\d+ lines/);
    // The first match is the header's config line; the eval prompt follows it.
    await logs.search.press('Enter');
    await expect(
      logs.log.getByText('Eval prompt 3 (shown as text, never rendered): <script>alert(1)</script>'),
    ).toBeVisible();
    const texts = await logs.rowTexts();
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.every((t) => t.includes('alert('))).toBe(true);
    // Nothing in the pane became an element of its own: only our rows, spans and highlights.
    await expect(logs.log.locator(':not(div, span, mark)')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('scrolling up pauses following; Jump to latest resumes it', async ({ page, request }) => {
    test.setTimeout(180_000);
    const project = uniqueName('logs');
    await createProject(request, project);
    await createJob(request, project, 'runner', { ...QUICK_START, 'mock.nodus.dev/run-seconds': '600' });
    const logs = new LogViewerPage(page);
    await logs.goto(project, 'jobs', 'runner');
    await expect(logs.state).toHaveText('Following', { timeout: 90_000 });
    await expect.poll(() => logs.scrollable(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => logs.distanceFromEnd(), { timeout: 30_000 }).toBeLessThanOrEqual(8);

    await logs.log.hover();
    await page.mouse.wheel(0, -400);
    await expect(logs.jumpToLatest).toBeVisible();
    await expect(logs.state).toHaveText('Following (paused while you read)');
    // New lines keep coming but the view stays where the person is reading.
    await expect(logs.jumpToLatest).toHaveText(/new line/, { timeout: 30_000 });
    expect(await logs.distanceFromEnd()).toBeGreaterThan(8);

    await logs.jumpToLatest.click();
    await expect(logs.jumpToLatest).toBeHidden();
    await expect(logs.state).toHaveText('Following');
    const count = await logs.count();
    await expect.poll(() => logs.count(), { timeout: 30_000 }).toBeGreaterThan(count);
    await expect.poll(() => logs.distanceFromEnd(), { timeout: 30_000 }).toBeLessThanOrEqual(8);
  });

  test('waits for a Job to start, then follows its log while it runs', async ({ page, request }) => {
    test.setTimeout(180_000);
    const project = uniqueName('logs');
    await createProject(request, project);
    // It waits as long as the test needs to see it waiting, then starts at once (not after the 38 s 8 H100s wait).
    const start = (seconds: string) => ({ 'mock.nodus.dev/start-seconds': seconds });
    await createJob(request, project, 'runner', { ...start('600'), 'mock.nodus.dev/run-seconds': '600' }, true);
    const logs = new LogViewerPage(page);
    await logs.goto(project, 'jobs', 'runner');
    await expect(page.getByText('The Job is waiting to start')).toBeVisible(OPEN);
    await expect(logs.state).toHaveText(/Waiting to start/);
    const started = await request.patch(`${jobsPath(project)}/runner`, {
      headers: { ...authHeaders, 'Content-Type': 'application/merge-patch+json' },
      data: { metadata: { annotations: start('0') } },
    });
    expect(started.status(), await started.text()).toBe(200);

    // It starts: the header comes in, then the training loop keeps writing.
    await expect(logs.state).toHaveText('Following', { timeout: 90_000 });
    await expect(logs.log).toContainText('Python 3.12.7');
    const first = await logs.count();
    await expect.poll(() => logs.count(), { timeout: 30_000 }).toBeGreaterThan(first + 2);
    await expect(logs.log).toContainText(/step\s+\d+ \| loss/, { timeout: 30_000 });
    // Colours are spans of the palette, with no escape code left in the text.
    await expect(logs.log.locator('span.text-cyan-300', { hasText: 'INFO' }).first()).toBeVisible();
    expect((await logs.rowTexts()).join('\n')).not.toContain('\u001b');
    await page.screenshot({ path: test.info().outputPath('logs-follow.png') });
  });
});
