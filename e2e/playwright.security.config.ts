/**
 * The console as it is deployed: one production build (`vite build`, no API key baked in) served by
 * scripts/serve (`npm run preview`) with its Content-Security-Policy and security headers, forwarding the API's
 * paths to a mock whose key is a secret of this run (so that the tests can look for it everywhere). Runs the
 * e2e/security*.spec.ts files, which the dev-server config (playwright.config.ts) leaves out. The build is made
 * once, by the web server command, and reused by every test.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  chromiumLaunchOptions,
  failureEvidence,
  MOCK_PORT,
  MOCK_URL,
  PREVIEW_PORT,
  PREVIEW_URL,
  requireChromium,
  SECURITY_API_KEY,
} from './support/servers.ts';

requireChromium();

/** Per port, so two runs on one machine (other ports) do not build into each other's directory. */
const DIST = join(tmpdir(), `nodus-console-e2e-dist-${PREVIEW_PORT}`);

export default defineConfig({
  testDir: '.',
  testMatch: /security[^/]*\.spec\.ts$/,
  // Not test-results/: the dev-server run empties that one when it starts.
  outputDir: join(tmpdir(), `nodus-console-e2e-security-results-${PREVIEW_PORT}`),
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  // Whole visits (sign in, browse, sign out, reload) on a shared CI machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: PREVIEW_URL,
    headless: true,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    ...failureEvidence,
  },
  webServer: [
    {
      command: 'npx tsx src/mock/main.ts',
      cwd: '..',
      env: {
        NODUS_MOCK_PORT: String(MOCK_PORT),
        NODUS_MOCK_TLS_PORT: 'off',
        NODUS_MOCK_API_KEY: SECURITY_API_KEY,
        NODUS_MOCK_SPEED: '100',
        // The preview server's pages write to the mock through its proxy, with their Origin.
        NODUS_MOCK_ALLOWED_ORIGINS: PREVIEW_URL,
      },
      url: `${MOCK_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // VITE_NODUS_API_KEY emptied: a production build carries no key, so the console must ask for one.
      command: `npx vite build --outDir ${DIST} --emptyOutDir --logLevel error && npx tsx scripts/serve/main.ts --dist ${DIST} --port ${PREVIEW_PORT} --api ${MOCK_URL}`,
      cwd: '..',
      env: { VITE_NODUS_API_KEY: '', VITE_NODUS_API_URL: '', NODE_ENV: 'production' },
      url: PREVIEW_URL,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
