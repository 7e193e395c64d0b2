/**
 * The new-object editor against the real mock: write a Job, review its cost (a dry-run), launch exactly
 * what was reviewed and land on it; bad YAML sends nothing; the server's causes land on the right lines; the
 * table route loads no Monaco.
 */
import { expect, test, type Request } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { EditorPage } from './pages/editor-page.ts';
import { REVIEW_URL } from './support/access-api.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

// Monaco is a large first load for the dev server; the waits below are for conditions, never fixed sleeps.
test.describe.configure({ timeout: 240_000 });

const { jobYaml } = EditorPage;

// Monaco itself, monaco-yaml, @monaco-editor/react and the modules that load them (monaco-*.ts(x)).
const isMonaco = (url: string) => /monaco/i.test(new URL(url).pathname);

test('the table loads no Monaco; "New Job" opens the editor, which does', async ({ page, request }) => {
  const project = uniqueName('ed-lazy');
  await createProject(request, project);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto(`/projects/${project}/jobs`);
  await expect(page.getByText(`No jobs in ${project}`, { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(urls.filter(isMonaco)).toEqual([]);

  await page.getByRole('link', { name: 'New Job' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/new/jobs$`));
  const editor = new EditorPage(page);
  await editor.ready();
  // The same check sees Monaco once an editor opens, so an empty list above means something.
  expect(urls.filter(isMonaco).length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: /New Job/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-template.png'), fullPage: true });
});

test('write a Job, review its estimate and defaults, launch it and land on it', async ({ page, request }) => {
  const project = uniqueName('ed-launch');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await editor.setText(jobYaml('train-b'));
  await expect(editor.launchButton).toBeDisabled();

  const dryRuns: Request[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'POST' && url.pathname.endsWith('/jobs') && url.searchParams.get('dryRun') === 'All') {
      dryRuns.push(r);
    }
  });
  await editor.reviewButton.click();
  await expect(editor.estimate).toBeVisible({ timeout: 60_000 });
  expect(dryRuns).toHaveLength(1);

  // The estimate is the server's: ask the API the same question.
  const check = await request.post(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs?dryRun=All`, {
    headers: authHeaders,
    data: {
      apiVersion: API_VERSION,
      kind: 'Job',
      metadata: { name: 'train-b' },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00' },
    },
  });
  const estimate = ((await check.json()) as { status: { estimate: { costUSD: string; priceBookVersion: string } } })
    .status.estimate;
  await expect(editor.estimate.getByTestId('estimate-cost')).toHaveText(`$${estimate.costUSD}`);
  await expect(editor.estimate).toContainText(estimate.priceBookVersion);
  await expect(editor.estimate).toContainText('Hourly rate');
  // What the server filled in is listed and marked in its copy of the object.
  await expect(page.getByRole('list', { name: 'Filled in by the server' })).toContainText('spec.timeoutSeconds: 14400');
  await expect
    .poll(async () => (await editor.markedLines('info', 'Job as the server would create it')).length)
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('editor-review.png'), fullPage: true });

  // An edit makes the review stale: no launch until reviewed again.
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await editor.paste('  retries: 1\n');
  await expect(editor.launchButton).toBeDisabled();
  await expect(page.getByText('You changed the draft after the review: review again to launch.')).toBeVisible();
  await editor.reviewButton.click();
  await expect(editor.launchButton).toBeEnabled({ timeout: 60_000 });

  const creates: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/jobs$/.test(new URL(r.url()).pathname)) creates.push(r);
  });
  // A double click sends one create.
  await editor.launchButton.dblclick();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/train-b`), { timeout: 60_000 });
  expect(creates).toHaveLength(1);
  const headers = creates[0]!.headers();
  expect(headers['if-match']).toMatch(/^".+"$/);
  expect(headers['idempotency-key']).toBeTruthy();
  const res = await request.get(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs/train-b`, {
    headers: authHeaders,
  });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { spec: { retries: number } }).spec.retries).toBe(1);
});

test('bad YAML is shown inline with its line and column, and nothing is sent', async ({ page, request }) => {
  const project = uniqueName('ed-bad');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  const sent: string[] = [];
  page.on('request', (r) => {
    // The console's questions about what the key may do are POSTs too, and asked again while the page is open.
    if (r.method() !== 'GET' && !REVIEW_URL.test(new URL(r.url()).pathname)) sent.push(`${r.method()} ${r.url()}`);
  });

  // A syntax error.
  await editor.setText(jobYaml('train-b').replace('  image: nodus', '  image: a: nodus'));
  await editor.reviewButton.click();
  await expect(page.getByRole('region', { name: 'Fix these before review: nothing was sent' })).toBeVisible();
  await expect(editor.problems.getByRole('button').first()).toContainText('Line 6, col 10');
  await expect.poll(() => editor.markedLines('error')).toEqual([6]);

  // Two documents, another kind, a name that is not a DNS label.
  const cases: [string, RegExp, number][] = [
    [`${jobYaml('a')}---\n${jobYaml('b')}`, /holds 2 documents/, 9],
    [jobYaml('train-b').replace('kind: Job', 'kind: Sandbox'), /this editor creates a Job/, 2],
    [jobYaml('Train_B'), /not a valid name/, 4],
    [jobYaml('train-b').replace('nodus.dev/v1', 'batch/v1'), /must be nodus\.dev\/v1/, 1],
  ];
  for (const [text, message, line] of cases) {
    await editor.setText(text);
    await editor.reviewButton.click();
    await expect(editor.problem(message)).toContainText(`Line ${line},`);
    await expect.poll(() => editor.markedLines('error')).toContain(line);
  }
  await page.screenshot({ path: test.info().outputPath('editor-bad-yaml.png'), fullPage: true });
  expect(sent).toEqual([]);
});

test('an Invalid answer puts its marker on the line of the field it names', async ({ page, request }) => {
  const project = uniqueName('ed-invalid');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  // Valid YAML the console lets through; the server refuses a cap of 0.
  await editor.setText(jobYaml('train-b', { maxCostUSD: '0' }));
  await editor.reviewButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid' }).first()).toBeVisible({ timeout: 60_000 });
  await expect(editor.problem(/spec\.maxCostUSD: must be more than 0\.00/)).toContainText('Line 8, col 3');
  await expect.poll(() => editor.markedLines('error')).toEqual([8]);
  await expect(editor.launchButton).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('editor-invalid.png'), fullPage: true });
});

test('the draft survives a reload, and Discard draft goes back to the template', async ({ page, request }) => {
  const project = uniqueName('ed-draft');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await editor.setText(jobYaml('kept-over-reload'));
  await page.reload();
  await editor.ready();
  await expect.poll(() => editor.text()).toContain('name: kept-over-reload');
  await editor.discardButton.click();
  await expect.poll(() => editor.text()).not.toContain('kept-over-reload');
  await expect.poll(() => editor.text()).toContain('maxCostUSD');
  // Discarding sets the text aside, so even that can be undone.
  await page.getByRole('button', { name: 'Switch to the set-aside draft' }).click();
  await expect.poll(() => editor.text()).toContain('name: kept-over-reload');
});

test('in a 1024x768 window the editor shows a whole line of YAML, with Review beside it', async ({ page, request }) => {
  const project = uniqueName('ed-narrow');
  await createProject(request, project);
  await page.setViewportSize({ width: 1024, height: 768 });
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  // The text of the template's image line (Monaco wraps a line's text in one span); measured once Monaco drew it,
  // since a box taken earlier (a busy host) is null.
  const line = page
    .getByTestId('code-editor')
    .locator('.view-line', { hasText: 'image: nodus/pytorch' })
    .locator(':scope > span');
  await expect(line).toBeVisible();
  const frame = await page.getByTestId('code-editor').boundingBox();
  const text = await line.boundingBox();
  expect(frame && text).toBeTruthy();
  if (!frame || !text) return;
  expect(text.x).toBeGreaterThanOrEqual(frame.x);
  expect(text.x + text.width).toBeLessThanOrEqual(frame.x + frame.width);
  await expect(editor.reviewButton).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('conflict-editor-template-1024.png') });
});
