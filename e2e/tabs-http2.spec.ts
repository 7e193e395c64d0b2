/**
 * Where the console is served over HTTPS with HTTP/2 (scripts/serve with a certificate), every request of a
 * browser shares one connection: the budget of streams is wider there, and six tabs showing six lists all
 * stream, none is polled. The build is the one the other tests are served (playwright.config.ts).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { ensureCertificate } from '../src/mock/tls.ts';
import { createConsoleServer } from '../scripts/serve/server.ts';
import { CONSOLE_DIST, MOCK_URL } from './support/servers.ts';
import { ObjectApi } from './support/object-api.ts';

test.describe.configure({ timeout: 120_000 });

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };
const PLURALS = ['jobs', 'sandboxes', 'functions', 'volumes', 'budgets', 'pipelines'];

test('over HTTP/2 six tabs showing six lists all stream', async ({ browser, request }) => {
  expect(existsSync(join(CONSOLE_DIST, 'index.html')), `the console built into ${CONSOLE_DIST}`).toBe(true);
  const tls = ensureCertificate(mkdtempSync(join(tmpdir(), 'nodus-e2e-tls-')));
  const server = createConsoleServer({ dist: CONSOLE_DIST, apiUrl: MOCK_URL, tls: { key: tls.key, cert: tls.cert } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  try {
    const project = await new ObjectApi(request).project('tabs-h2');
    const pages: Page[] = [];
    for (const plural of PLURALS) {
      const page = await context.newPage();
      await page.goto(`/projects/${project}/${plural}`);
      pages.push(page);
    }
    expect(
      await pages[0]!.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      ),
    ).toBe('h2');
    for (const page of pages)
      await expect(page.getByRole('status', { name: 'Watch status' })).toHaveText('Live', { timeout: 45_000 });
    const streams = await request.get(`${MOCK_URL}/_mock/streams?path=/namespaces/${project}/`, { headers });
    expect(((await streams.json()) as { count: number }).count).toBe(PLURALS.length);
  } finally {
    await context.close();
    server.close();
  }
});
