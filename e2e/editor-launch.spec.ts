/**
 * Launching what was reviewed, when things go wrong between review and launch: the price book changes
 * (PreconditionFailed: both estimates side by side, then launch), the connection drops during the launch (Retry
 * launch with the same Idempotency-Key: exactly one object), and the name is taken (AlreadyExists: a diff, then
 * rename).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { EditorPage } from './pages/editor-page.ts';
import { ObjectPage } from './pages/object-page.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

test.describe.configure({ timeout: 240_000 });

const { jobYaml } = EditorPage;

const jobsUrl = (project: string) => `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`;

interface PriceBook {
  version: string;
  rates: Record<string, string>;
}

/** Every create the page sends (POST to the collection, not a dry-run). */
function recordCreates(page: Page): Request[] {
  const creates: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/jobs$/.test(new URL(r.url()).pathname) && !r.url().includes('dryRun'))
      creates.push(r);
  });
  return creates;
}

test('the price book changes between review and launch: a double-click, a triple click and a held Enter launch nothing unseen', async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-price');
  await createProject(request, project);
  const original = (await (
    await request.get(`${MOCK_URL}/_mock/price-book`, { headers: authHeaders })
  ).json()) as PriceBook;
  const editor = new EditorPage(page);
  try {
    await editor.goto(project, 'jobs');
    await editor.setText(jobYaml('priced', { extra: '  resources:\n    gpu: {type: H100, count: 1}\n' }));
    await editor.reviewButton.click();
    await expect(editor.estimate).toContainText(original.version, { timeout: 60_000 });
    const before = await editor.estimate.getByTestId('estimate-cost').textContent();

    const version = `${original.version}-e2e-${Date.now().toString(36)}`;
    const rates = { ...original.rates, 'gpu.H100': '5.00' };
    const changed = await request.post(`${MOCK_URL}/_mock/price-book`, {
      headers: authHeaders,
      data: { version, rates },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    const creates = recordCreates(page);
    // An impatient double-click: the first is refused (PreconditionFailed), the second must not launch the re-review.
    await editor.launchButton.dblclick();
    const changes = page.getByRole('region', { name: 'What changed since the review' });
    await expect(changes).toContainText('the price book changed', { timeout: 60_000 });
    await expect(editor.acceptButton).toBeVisible({ timeout: 60_000 });
    const table = changes.getByRole('table', { name: 'Estimate before and now' });
    await expect(table.getByRole('row', { name: /Price book/ })).toContainText(original.version);
    await expect(table.getByRole('row', { name: /Price book/ })).toContainText(version);
    await expect(table.getByRole('row', { name: /Hourly rate/ })).toContainText('$5');
    // No ETag is shown: the refusal is explained in words.
    await expect(changes).not.toContainText(/If-Match|ETag|sha256/i);
    await expect(editor.estimate).toContainText(version);
    expect(await editor.estimate.getByTestId('estimate-cost').textContent()).not.toBe(before);

    // The Launch button in the same place stays unavailable; clicks and a held Enter there send nothing.
    await expect(editor.launchButton).toBeDisabled();
    await expect(changes.getByRole('heading')).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.down('Enter');
    await page.keyboard.up('Enter');
    await editor.launchButton.click({ clickCount: 3, force: true });
    expect(creates).toHaveLength(1);
    expect((await request.get(`${jobsUrl(project)}/priced`, { headers: authHeaders })).status()).toBe(404);
    await page.screenshot({ path: test.info().outputPath('editor-price-changed.png'), fullPage: true });

    // Launching the new estimate takes the new button, beside both estimates; a double-click there sends one.
    const accepted = (await editor.acceptButton.textContent()) ?? '';
    await editor.acceptButton.dblclick();
    await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/priced`), { timeout: 60_000 });
    expect(creates).toHaveLength(2);
    expect(creates[0]!.headers()['if-match']).not.toBe(creates[1]!.headers()['if-match']);
    expect(creates[0]!.headers()['idempotency-key']).not.toBe(creates[1]!.headers()['idempotency-key']);

    // The object remembers what was agreed: the new estimate, its rate cap and its price book.
    const terms = page.getByRole('region', { name: 'Agreed at launch' });
    await expect(terms).toContainText(version);
    await expect(terms).toContainText(accepted.replace(/^.*· /, ''));
    await expect(terms).toContainText('the rate at review plus 10 %');
    await page.screenshot({ path: test.info().outputPath('object-agreed.png'), fullPage: true });
  } finally {
    const restored = await request.post(`${MOCK_URL}/_mock/price-book`, { headers: authHeaders, data: original });
    expect(restored.status()).toBe(200);
  }
});

test('Enter held down on Launch, and a click while a review is under way, send one create', async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-held');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await editor.setText(jobYaml('held'));
  await editor.reviewButton.click();
  await expect(editor.estimate).toBeVisible({ timeout: 60_000 });
  const creates = recordCreates(page);

  // Review again on a slow API: Launch is unavailable until the new review is on the screen.
  const slow = await request.post(`${MOCK_URL}/_mock/faults`, { headers: authHeaders, data: { latencyMs: 1500 } });
  expect(slow.status(), await slow.text()).toBe(200);
  try {
    await editor.reviewButton.click();
    await expect(page.getByRole('button', { name: 'Reviewing…' })).toBeVisible();
    await expect(editor.launchButton).toBeDisabled();
    await editor.launchButton.click({ force: true });
    await expect(editor.reviewButton).toHaveText('Review again', { timeout: 60_000 });
    await expect(editor.launchButton).toBeEnabled();
  } finally {
    const cleared = await request.delete(`${MOCK_URL}/_mock/faults`, { headers: authHeaders });
    expect(cleared.status()).toBe(200);
  }
  expect(creates).toHaveLength(0);

  await editor.launchButton.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/held`), { timeout: 60_000 });
  expect(creates).toHaveLength(1);
  const list = (await (await request.get(jobsUrl(project), { headers: authHeaders })).json()) as { items: unknown[] };
  expect(list.items).toHaveLength(1);
});

test('the connection drops during the launch: Retry launch reuses the key and makes exactly one object', async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-drop');
  await createProject(request, project);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await editor.setText(jobYaml('once'));
  await editor.reviewButton.click();
  await expect(editor.launchButton).toBeEnabled({ timeout: 60_000 });

  // The create reaches the real mock (the Job is made), then the answer is lost; every automatic retry too.
  let dropping = true;
  const keys: string[] = [];
  await page.route(
    (url) => /\/namespaces\/[^/]+\/jobs$/.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!dropping) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  await editor.launchButton.click();
  await expect(editor.retryLaunchButton).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/may or may not have been created/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-launch-dropped.png'), fullPage: true });

  dropping = false;
  const replayed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/jobs$/.test(new URL(r.url()).pathname),
  );
  await editor.retryLaunchButton.click();
  expect((await replayed).headers()['idempotent-replayed']).toBe('true');
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/once`), { timeout: 60_000 });

  expect(new Set(keys).size).toBe(1);
  expect(keys.length).toBeGreaterThan(1);
  const list = (await (await request.get(jobsUrl(project), { headers: authHeaders })).json()) as { items: unknown[] };
  expect(list.items).toHaveLength(1);
});

test('the name is taken: the existing object beside the draft, then rename the draft', async ({ page, request }) => {
  const project = uniqueName('ed-exists');
  await createProject(request, project);
  const made = await request.post(jobsUrl(project), {
    headers: authHeaders,
    data: { metadata: { name: 'taken' }, spec: { image: 'nodus/pytorch:2.8-cuda12.8', maxCostUSD: '10.00' } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const editor = new EditorPage(page);
  await editor.goto(project, 'jobs');
  await editor.setText(jobYaml('taken'));
  await editor.reviewButton.click();
  const panel = page.getByRole('region', { name: 'Name already taken' });
  await expect(panel).toContainText('A Job named “taken” already exists', { timeout: 60_000 });
  await expect(panel.getByTestId('diff-editor')).toHaveAttribute('data-editor-ready', 'true', { timeout: 60_000 });
  await expect(panel.getByRole('link', { name: 'Open the existing Job' })).toHaveAttribute(
    'href',
    `/projects/${project}/jobs/taken`,
  );
  // The fields that differ are marked on the draft's lines.
  await expect(editor.problem(/spec\.maxCostUSD: existing "10\.00", requested "40\.00"/)).toContainText('Line 8');
  await page.screenshot({ path: test.info().outputPath('editor-already-exists.png'), fullPage: true });

  await panel.getByRole('button', { name: 'Rename the draft' }).click();
  await expect.poll(() => editor.text()).toContain('name: taken-2');
  await editor.reviewButton.click();
  await expect(editor.estimate).toBeVisible({ timeout: 60_000 });
});

test('only the hourly rate moves: the launch goes ahead, capped at the reviewed rate + 10 %, and waits Queued saying why', async ({
  page,
  request,
}) => {
  const project = uniqueName('ed-rate');
  await createProject(request, project);
  const original = (await (
    await request.get(`${MOCK_URL}/_mock/price-book`, { headers: authHeaders })
  ).json()) as PriceBook;
  const editor = new EditorPage(page);
  try {
    await editor.goto(project, 'jobs');
    await editor.setText(jobYaml('capped', { extra: '  resources:\n    gpu: {type: H100, count: 1}\n' }));
    await editor.reviewButton.click();
    await expect(editor.estimate).toContainText(original.version, { timeout: 60_000 });
    await expect(editor.reviewPanel).toContainText(
      /This Job will not run above \$[\d.]+\/h \(the reviewed \$[\d.]+\/h \+ 10 %\)/,
    );

    // The same price book version with the H100 rate doubled: the review's ETag still holds.
    const doubled = (Number(original.rates['gpu.H100']) * 2).toFixed(2);
    const moved = await request.post(`${MOCK_URL}/_mock/price-book`, {
      headers: authHeaders,
      data: { rates: { ...original.rates, 'gpu.H100': doubled } },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await editor.launchButton.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/capped`), { timeout: 60_000 });
    const object = new ObjectPage(page);
    const wait = page.getByRole('region', { name: 'Waiting for a price within the cap' });
    await expect(wait).toContainText('Queued: the price is above the estimate (PriceAboveEstimate)', {
      timeout: 60_000,
    });
    await expect(wait).toContainText('is the reviewed rate');
    await expect(object.phase).toHaveText('Queued');
    await expect(object.conditionRow('PriceWithinCap')).toContainText('PriceAboveEstimate');
    await page.screenshot({ path: test.info().outputPath('object-price-wait.png'), fullPage: true });
  } finally {
    const restored = await request.post(`${MOCK_URL}/_mock/price-book`, { headers: authHeaders, data: original });
    expect(restored.status()).toBe(200);
  }
});
