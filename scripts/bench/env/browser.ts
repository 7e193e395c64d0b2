/**
 * Debian's Chromium, driven by Playwright as a library, launched as the end-to-end tests launch it
 * (scripts/chromium/launch-args.ts; no browser is downloaded). Each scenario run gets a fresh context: no cache, no storage.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../chromium/launch-args.ts';

export { CHROMIUM };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: sudo apt-get update && sudo apt-get install -y chromium`,
    );
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
