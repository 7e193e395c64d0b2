/**
 * End-to-end tests in Debian's Chromium against the real mock API and the console, on their own ports (18001 and
 * 15173) so a developer's `npm start` on 8001/5173 can keep running.
 *
 * The console is the production build (made once, in about 10 s, with VITE_NODUS_DEMO=1 so it connects to the mock
 * like the dev server does) served by scripts/serve, the server a deployment uses, under its Content-Security-
 * Policy. The dev server serves ~300 unbundled modules per page load, which made every visit several seconds and
 * the editor's Monaco 15-20 s. `E2E_DEV_SERVER=1` runs the same tests against the Vite dev server instead.
 */
import { defineConfig } from '@playwright/test';
import {
  chromiumLaunchOptions,
  CONSOLE_BUILD,
  CONSOLE_PREBUILT,
  failureEvidence,
  CONSOLE_DIST as DIST,
  CONSOLE_PORT,
  CONSOLE_URL,
  MOCK_PORT,
  MOCK_URL,
  requireChromium,
} from './e2e/support/servers.ts';

requireChromium();

const DEV_SERVER = process.env.E2E_DEV_SERVER === '1';

const consoleServer: { command: string; env: Record<string, string> } = DEV_SERVER
  ? {
      command: `npx vite --port ${CONSOLE_PORT} --strictPort --host 127.0.0.1`,
      env: { NODUS_MOCK_PORT: String(MOCK_PORT) },
    }
  : {
      command: `${CONSOLE_PREBUILT ? '' : `${CONSOLE_BUILD.command} && `}npx tsx scripts/serve/main.ts --dist ${DIST} --port ${CONSOLE_PORT} --api ${MOCK_URL}`,
      env: CONSOLE_BUILD.env,
    };

/**
 * Files that change what the whole mock does (faults, an outage, the price book, readiness) or read across every
 * project (the project list, All projects): they run one at a time, after the rest, so they neither disturb nor
 * are disturbed by other tests. Everything else makes its own project and runs two files at a time. The fault drills
 * come last: they seed thousands of objects and churn their costs, which the cross-project views would then show.
 */
const DRILLS = /fault-drills\//;
const MOCK_WIDE = [
  /cost-all\.spec\.ts$/,
  /editor-launch\.spec\.ts$/,
  /health\.spec\.ts$/,
  /live-table\.spec\.ts$/,
  /logs-outage\.spec\.ts$/,
  /object-actions\.spec\.ts$/,
  /resource-table-bulk\.spec\.ts$/,
  /resource-table-pages\.spec\.ts$/,
  /resource-table-resilience\.spec\.ts$/,
  /review-budget-outage\.spec\.ts$/,
  /roles\.spec\.ts$/,
  /projects(-page)?\.spec\.ts$/,
  /shell\.spec\.ts$/,
  /slow-answer\.spec\.ts$/,
  /sustained-failure\.spec\.ts$/,
];
const SECURITY = /security[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  projects: [
    { name: 'own-project', testIgnore: [...MOCK_WIDE, DRILLS, SECURITY] },
    {
      name: 'mock-wide',
      testMatch: MOCK_WIDE,
      testIgnore: [DRILLS, SECURITY],
      workers: 1,
      dependencies: ['own-project'],
    },
    { name: 'drills', testMatch: DRILLS, workers: 1, dependencies: ['mock-wide'] },
  ],
  // Runs on other ports (several at once on one machine) keep their results apart: each run empties its own.
  outputDir: process.env.E2E_CONSOLE_PORT ? `test-results/port-${CONSOLE_PORT}` : 'test-results',
  // The production build under its Content-Security-Policy, with no demo key, has its own config
  // (e2e/playwright.security.config.ts).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: CONSOLE_URL,
    headless: true,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    ...failureEvidence,
  },
  webServer: [
    {
      command: 'npx tsx src/mock/main.ts',
      // The console's pages (on its own port, not the dev default) write to the mock through its proxy.
      env: {
        NODUS_MOCK_PORT: String(MOCK_PORT),
        NODUS_MOCK_TLS_PORT: 'off',
        NODUS_MOCK_ALLOWED_ORIGINS: `${CONSOLE_URL},http://localhost:${CONSOLE_PORT}`,
      },
      url: `${MOCK_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      ...consoleServer,
      url: CONSOLE_URL,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
