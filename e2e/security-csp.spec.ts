/**
 * The production build (`npm run build`) served by scripts/serve (`npm run preview`) under its
 * Content-Security-Policy: the headers are there, the page has no inline script, and the console works through a
 * whole visit (key prompt, table, an object, the YAML editor) and the Cost views' charts (uPlot, on a canvas)
 * without the policy refusing anything.
 * Run by e2e/playwright.security.config.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { EditorPage } from './pages/editor-page.ts';
import { ResourceTablePage } from './pages/resource-table.ts';
import { navigateInApp, watchCsp } from './support/csp-watch.ts';
import { SecureApi } from './support/secure-api.ts';
import { SECURITY_API_KEY } from './support/servers.ts';

async function signIn(page: Page, path: string): Promise<void> {
  const console = new ConsolePage(page);
  await page.goto(path);
  // A production build ships no key: the console asks for one.
  await expect(console.shell.keyPrompt).toBeVisible();
  await console.shell.keyPrompt.getByLabel('API key').fill(SECURITY_API_KEY);
  await console.shell.keyPrompt.getByRole('button', { name: 'Use key' }).click();
  await expect(console.shell.keyPrompt).toBeHidden();
}

test('the server sends a strict policy and the security headers, and the page has no inline script', async ({
  request,
}) => {
  for (const path of ['/', '/projects/default/jobs']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    const html = await res.text();
    // Every <script> loads a file of this origin (the bundle, and the theme's boot script before the first paint):
    // no inline code for the policy to have to allow.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/(?!\/)[^"]+\.js"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\bon[a-z]+\s*=/i);
  }
});

test('the console works under the policy: key prompt, table, an object, the YAML editor, with nothing refused', async ({
  page,
  request,
}) => {
  const api = new SecureApi(request);
  const project = await api.newProject('csp');
  await api.job(project, 'csp-train', { app: 'csp' });
  const csp = await watchCsp(page);

  await signIn(page, `/projects/${project}/jobs`);
  const table = new ResourceTablePage(page, 'jobs');
  await expect(table.row('csp-train')).toBeVisible();
  await table.labelSelector.fill('app=csp');
  await expect(table.row('csp-train')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('security-csp-table.png') });

  // Open the object from its row, as a person would.
  await table.row('csp-train').getByRole('link', { name: 'csp-train' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project}/jobs/csp-train`));
  await expect(page.getByRole('heading', { name: 'csp-train' }).first()).toBeVisible();
  for (const tab of ['yaml', 'logs']) {
    await navigateInApp(page, `/projects/${project}/jobs/csp-train?tab=${tab}`);
    await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
    await expect(page.getByRole('heading', { name: 'csp-train' }).first()).toBeVisible();
  }

  // The YAML editor: Monaco and monaco-yaml's worker must load and validate under worker-src 'self' and no eval,
  // and the review (a dry-run through the proxy) must come back with its estimate.
  await navigateInApp(page, `/projects/${project}/new/jobs`);
  const editor = new EditorPage(page);
  await editor.ready();
  await editor.setText(
    'apiVersion: nodus.dev/v1\nkind: Job\nmetadata:\n  name: csp-new\nspec:\n  image: nodus/python:3.12\n  maxCostUSD: [1]\n',
  );
  // A schema check that only monaco-yaml's worker makes: maxCostUSD must be a string.
  await expect(
    page.locator('[data-testid="code-editor"] .squiggly-error, [data-testid="code-editor"] .squiggly-warning').first(),
  ).toBeAttached({ timeout: 60_000 });
  await editor.setText(
    'apiVersion: nodus.dev/v1\nkind: Job\nmetadata:\n  name: csp-new\nspec:\n  image: nodus/python:3.12\n  maxCostUSD: "5.00"\n',
  );
  // ...and the worker checks again: the fixed line loses its marker.
  await expect(
    page.locator('[data-testid="code-editor"] .squiggly-error, [data-testid="code-editor"] .squiggly-warning'),
  ).toHaveCount(0, { timeout: 60_000 });
  await editor.reviewButton.click();
  await expect(editor.estimate).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('security-csp-editor.png') });

  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});

/** The Cost view's chart: uPlot's canvas, sized and painted, and the chart's own mark of a draw. */
async function expectChartDrawn(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('nodus:chart-drawn', 'mark').length))
    .toBeGreaterThan(0);
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width).toBeGreaterThan(0);
  expect(box?.height).toBeGreaterThan(0);
  // Drawn, not only sized: some pixel of the canvas is not transparent.
  await expect
    .poll(() =>
      canvas.evaluate((el: HTMLCanvasElement) => {
        const data = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data ?? [];
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(0);
}

test('the Cost views draw their charts under the policy, with nothing refused', async ({ page }) => {
  const csp = await watchCsp(page);
  // The demo projects carry 30 days of spend. Each view is a page load of its own: its marks start from none.
  for (const path of ['/projects/default/cost', '/all/cost']) {
    await signIn(page, path);
    await expectChartDrawn(page);
    await page.screenshot({ path: test.info().outputPath(`security-csp-${path.split('/').slice(-2).join('-')}.png`) });
  }
  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});
