/**
 * What other web pages can do to the mock and the production server, in a real Chromium. A page on an origin the
 * mock was not told about (a local server of its own, so no Content-Security-Policy or Private Network Access
 * rule stops it first) cannot drive the mock even with its key; the preview server keeps the mock's development
 * controls to itself and sends its security headers with the API's pages. Run by e2e/playwright.security.config.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SecureApi } from './support/secure-api.ts';
import { MOCK_URL, SECURITY_API_KEY } from './support/servers.ts';

let foreign: Server;
let foreignUrl: string;

test.beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => foreign.close(resolve));
});

test('a page of another origin cannot reset the mock, with the key or with a simple text/plain POST', async ({
  page,
  request,
}) => {
  const api = new SecureApi(request);
  const project = await api.newProject('origins');
  await page.goto(`${foreignUrl}/`);

  const outcomes = await page.evaluate(
    async ({ mock, key }) => {
      const withKey = await fetch(`${mock}/_mock/reset`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
      }).then(
        (res) => `answered ${res.status}`,
        (error: Error) => `refused: ${error.name}`,
      );
      // No preflight for this one: the browser sends it, and only the server can refuse it.
      const simple = await fetch(`${mock}/_mock/reset`, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'Content-Type': 'text/plain' },
        body: '{}',
      }).then(
        (res) => `sent (${res.type})`,
        (error: Error) => `refused: ${error.name}`,
      );
      return { withKey, simple };
    },
    { mock: MOCK_URL, key: SECURITY_API_KEY },
  );
  expect(outcomes).toEqual({ withKey: 'refused: TypeError', simple: 'sent (opaque)' });

  // Neither reached the reset: the project made before is still there.
  const still = await request.get(`${MOCK_URL}/api/v1/namespaces/${project}`, { headers: api.headers });
  expect(still.status()).toBe(200);
  // And the server says why, to whoever looks (the browser hid it from the page).
  const refused = await request.post(`${MOCK_URL}/_mock/reset`, {
    headers: { ...api.headers, Origin: foreignUrl, 'Content-Type': 'text/plain' },
    data: '{}',
  });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['access-control-allow-origin']).toBeUndefined();
  expect(((await refused.json()) as { fix: string }).fix).toContain('NODUS_MOCK_ALLOWED_ORIGINS');
});

test("the preview server keeps the mock's controls out and sends its headers with the API's pages", async ({
  request,
}) => {
  const api = new SecureApi(request);
  const controls = await request.post('/_mock/reset', { headers: api.headers, data: {} });
  expect(controls.status()).toBe(404);
  expect(await controls.json()).toMatchObject({ kind: 'Status', reason: 'NotFound' });

  const page = await request.get('/docs/errors/NotFound');
  expect(page.status()).toBe(200);
  const headers = page.headers();
  expect(headers['content-type']).toContain('text/html');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
});
