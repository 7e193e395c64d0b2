/**
 * End-to-end tests in Debian's Chromium against the real mock API and the Vite dev server, on their own ports
 * (18001 and 15173) so a developer's `npm start` on 8001/5173 can keep running.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CONSOLE_PORT, CONSOLE_URL, MOCK_PORT, MOCK_URL } from './e2e/support/servers.ts';

/** Debian's Chromium: no browser download from the internet (DESIGN.md). */
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium is not installed at ${CHROMIUM}. Install Debian's package, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y chromium`);
}

export default defineConfig({
  testDir: 'e2e',
  // Runs on other ports (several at once on one machine) keep their results apart: each run empties its own.
  outputDir: process.env.E2E_CONSOLE_PORT ? `test-results/port-${CONSOLE_PORT}` : 'test-results',
  // The production build under its Content-Security-Policy has its own config (e2e/playwright.security.config.ts).
  testIgnore: /security[^/]*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: CONSOLE_URL,
    headless: true,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'npx tsx src/mock/main.ts',
      env: { NODUS_MOCK_PORT: String(MOCK_PORT), NODUS_MOCK_TLS_PORT: 'off' },
      url: `${MOCK_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx vite --port ${CONSOLE_PORT} --strictPort --host 127.0.0.1`,
      env: { NODUS_MOCK_PORT: String(MOCK_PORT) },
      url: CONSOLE_URL,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
