import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium/launch-args.ts';

/** Ports of the servers Playwright starts (see playwright.config.ts); tests read the API directly at MOCK_URL. */
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 18001);
export const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 15173);
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;
export const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
/**
 * Where playwright.config.ts builds the console (per port, so two runs on one machine keep theirs apart), or, with
 * E2E_CONSOLE_DIST, a build made once beforehand (`npm run test:e2e:build`) that runs on other ports share.
 */
export const CONSOLE_DIST = process.env.E2E_CONSOLE_DIST ?? join(tmpdir(), `nodus-console-e2e-dist-${CONSOLE_PORT}`);
/** Whether CONSOLE_DIST was built beforehand: the config then only serves it. */
export const CONSOLE_PREBUILT = process.env.E2E_CONSOLE_DIST !== undefined;
/** How the end-to-end console is built: the demo mode, so it connects to the mock as the dev server does. */
export const CONSOLE_BUILD = {
  command: `npx vite build --outDir ${CONSOLE_DIST} --emptyOutDir --logLevel error`,
  env: { VITE_NODUS_DEMO: '1', VITE_NODUS_API_KEY: '', VITE_NODUS_API_URL: '', NODE_ENV: 'production' },
};
/** The production build served by scripts/serve (e2e/playwright.security.config.ts). */
export const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 14173);
export const PREVIEW_URL = `http://127.0.0.1:${PREVIEW_PORT}`;
/** The mock's key in the security run: unlike the demo key, no text of the mock's contains it. */
export const SECURITY_API_KEY = process.env.E2E_SECURITY_API_KEY ?? 'nodus-e2e-s3cret-7f3a9c';

/** Debian's Chromium, as scripts/chromium/launch-args.ts launches it. Both Playwright configs launch it. */
export { CHROMIUM };

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
};

/**
 * What a failing test leaves behind, in both Playwright configs: its trace (DOM snapshots, network, console) and a
 * screenshot at the end, but no film of every frame: that screencast made Chromium draw and encode each frame of
 * every test, kept or not, a third of the suite's time on two cores. CI keeps only what the run prints, so there
 * no trace is recorded: recording one for every test, to keep it only on failure, cost a tenth of the CPU.
 */
export const failureEvidence = {
  trace: process.env.CI ? ('off' as const) : ({ mode: 'retain-on-failure', screenshots: false } as const),
  screenshot: 'only-on-failure',
} as const;

/** Stops a run before it starts when Chromium is missing, with how to install it, rather than at each test. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's package, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    );
  }
}
