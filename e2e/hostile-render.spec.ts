/**
 * Hostile text from the API (e2e/support/hostile-strings.ts) in every place the console shows API text: error
 * messages, fixes and docs links (mock.nodus.dev/refuse-with), annotations, condition and status messages
 * (mock.nodus.dev/outcome-message), log lines (a Job's command is echoed into its log), YAML, and a name in the URL
 * that the API's 404 repeats. Every view must show it as text: no script runs, no dialog opens, nothing navigates,
 * no element or handler is made from it, a 100 KB value does not widen the page, and only http(s) docs links are
 * links. The test titles carry the counts (strings × places) the note asks for.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_VERSION, type NodusObject } from '../src/shared/protocol.ts';
import { ConsolePage } from './pages/console-page.ts';
import { allInOne, HOSTILE_STRINGS, HUGE_STRING, watchForHarm } from './support/hostile-strings.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

const N = HOSTILE_STRINGS.length;
/** Many page loads per test, each waiting for the API's answer. */
test.describe.configure({ timeout: 240_000 });
const LOADED = { timeout: 30_000 };

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
}

test(`error panels show message and fix as text and link docs only when http(s): ${N + 1} strings × 2 places, 3 docs links`, async ({
  page,
  request,
}) => {
  const harm = watchForHarm(page);
  const project = uniqueName('hostile-err');
  const message = allInOne();
  const refuse = { message, fix: `Fix: ${message}`, docs: 'javascript:window.__pwned="docs";alert("docs")' };
  const res = await request.post(`${MOCK_URL}/api/v1/namespaces`, {
    headers: authHeaders,
    data: { metadata: { name: project, annotations: { 'mock.nodus.dev/refuse-with': JSON.stringify(refuse) } } },
  });
  expect(res.status(), await res.text()).toBe(201);

  await visit(page, `/projects/${project}/jobs`, async (p) => {
    await expect(p.getByRole('alert').filter({ hasText: 'InternalError' }).first()).toBeVisible(LOADED);
  });
  const panel = page.getByRole('alert').filter({ hasText: 'InternalError' }).first();
  // The text arrives whole, as text: the markup is visible characters, not elements.
  for (const s of HOSTILE_STRINGS.filter((h) => /[<>]/.test(h.value))) {
    await expect(panel).toContainText(s.value.replace(/\s+/g, ' ').trim().slice(0, 30));
  }
  await expect(panel.getByText('How to fix')).toBeVisible();
  await expect(panel.getByRole('link', { name: /Read about/ })).toHaveCount(0);
  // The bidi strings are there, each in an element that isolates it.
  expect(
    (await harm.check('error panel with hostile message, fix and a javascript: docs link')).bidiTexts,
  ).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('hostile-error-panel.png') });

  // A data: link is not followed either; an https one is.
  for (const [docs, linked] of [
    ['data:text/html,<script>alert(1)</script>', false],
    ['https://docs.example.com/errors/InternalError', true],
  ] as const) {
    const other = uniqueName('hostile-docs');
    const made = await request.post(`${MOCK_URL}/api/v1/namespaces`, {
      headers: authHeaders,
      data: {
        metadata: {
          name: other,
          annotations: { 'mock.nodus.dev/refuse-with': JSON.stringify({ message: 'refused', docs }) },
        },
      },
    });
    expect(made.status()).toBe(201);
    await visit(page, `/projects/${other}/jobs`, async (p) => {
      await expect(p.getByRole('alert').filter({ hasText: 'InternalError' }).first()).toBeVisible(LOADED);
    });
    const link = page
      .getByRole('alert')
      .filter({ hasText: 'InternalError' })
      .first()
      .getByRole('link', { name: /Read about/ });
    if (linked) await expect(link).toHaveAttribute('href', docs);
    else await expect(link).toHaveCount(0);
    await harm.check(`docs ${docs.slice(0, 5)}`);
  }

  // The 100 KB message (the API clips what it echoes to 8 KiB) wraps inside the panel.
  const huge = uniqueName('hostile-huge');
  const made = await request.post(`${MOCK_URL}/api/v1/namespaces`, {
    headers: authHeaders,
    data: {
      metadata: {
        name: huge,
        annotations: {
          'mock.nodus.dev/refuse-with': JSON.stringify({ message: HUGE_STRING.value, fix: HUGE_STRING.value }),
        },
      },
    },
  });
  expect(made.status()).toBe(201);
  await visit(page, `/projects/${huge}/jobs`, async (p) => {
    await expect(p.getByRole('alert').filter({ hasText: 'huge-xxxx' }).first()).toBeVisible(LOADED);
  });
  await harm.check('error panel with a 100 KB message and fix');
  await page.screenshot({ path: test.info().outputPath('hostile-error-huge.png') });
});

test(`a name in the URL that the API's 404 repeats stays text: ${N} strings × 1 place`, async ({ page, request }) => {
  const harm = watchForHarm(page);
  const project = uniqueName('hostile-404');
  await createProject(request, project);
  // The router takes the URL in the page: Vite's dev server answers a last segment that looks like a file name
  // ("….__pwned='img'…") with its own 404 instead of the app, which would test the dev server, not the console.
  const route = (url: string) =>
    page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  const list = `/projects/${project}/jobs`;
  await visit(page, list, async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
  });
  for (const s of HOSTILE_STRINGS) {
    await route(`${list}/${encodeURIComponent(s.value)}`);
    await expect(page.getByRole('alert').first()).toBeVisible(LOADED);
    const { bidiTexts } = await harm.check(`object named ${s.name}`);
    if (/bidi/.test(s.name)) expect(bidiTexts, `the 404 for ${s.name} shows the name`).toBeGreaterThan(0);
    // Back to the list, so that the next name's 404 is not this one's, still on screen.
    await route(list);
    await expect(page.getByRole('alert')).toHaveCount(0, LOADED);
  }
});

test(`annotations, condition and status messages, log lines and YAML stay text in every view: ${N + 1} strings × 5 places`, async ({
  page,
  request,
}) => {
  const harm = watchForHarm(page);
  const project = uniqueName('hostile-obj');
  await createProject(request, project);
  const annotations: Record<string, string> = Object.fromEntries(
    HOSTILE_STRINGS.map((s, i) => [`example.com/hostile-${i}`, s.value]),
  );
  annotations['example.com/hostile-huge'] = HUGE_STRING.value;
  annotations['mock.nodus.dev/start-seconds'] = '0.5';
  annotations['mock.nodus.dev/run-seconds'] = '2';
  annotations['mock.nodus.dev/outcome'] = 'Failed';
  annotations['mock.nodus.dev/outcome-message'] = `${allInOne()}\n${HUGE_STRING.value}`;
  const path = `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/jobs`;
  const res = await request.post(path, {
    headers: authHeaders,
    // The API caps a command argument at 4096 characters: the 100 KB value goes into annotations and messages.
    data: {
      metadata: { name: 'hostile', annotations },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', ...HOSTILE_STRINGS.map((s) => s.value)],
        maxCostUSD: '1.00',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${path}/hostile`, { headers: authHeaders })).json()) as NodusObject).status?.phase,
      { timeout: 30_000 },
    )
    .toBe('Failed');

  const console = new ConsolePage(page);
  await visit(page, `/projects/${project}/jobs`, async () => {
    await expect(console.row('jobs', 'hostile')).toBeVisible(LOADED);
  });
  await harm.check('table');
  await visit(page, `/all/jobs`, async () => {
    await expect(page.getByRole('rowheader', { name: 'hostile', exact: true }).first()).toBeVisible(LOADED);
  });
  await harm.check('all projects');
  for (const tab of ['overview', 'yaml', 'logs', 'edit']) {
    await visit(page, `/projects/${project}/jobs/hostile?tab=${tab}`, async (p) => {
      await expect(p.getByRole('heading', { name: 'hostile' }).first()).toBeVisible(LOADED);
    });
    // Let the tab's content (an editor, a log stream) arrive before looking for harm.
    await expect.poll(() => page.evaluate(() => document.body.innerText.length)).toBeGreaterThan(200);
    await page.screenshot({ path: test.info().outputPath(`hostile-${tab}.png`) });
    // Monaco (the edit tab) holds the text in its own line blocks; the other tabs show it isolated, once their
    // content is in (the tab switch is a transition, and a log's lines stream in after it): looked for until then.
    if (tab === 'edit') await harm.check(`object ${tab}`);
    else
      await expect
        .poll(async () => (await harm.check(`object ${tab}`)).bidiTexts, {
          message: `object ${tab} shows the bidi strings`,
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
  }
});
