/**
 * Debian's Chromium, driven by Playwright as a library, launched as playwright.config.ts launches it for the
 * end-to-end tests (no browser is downloaded). Each scenario run gets a fresh context: no cache, no storage.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM = '/usr/bin/chromium';
/** As playwright.config.ts: keep the two in step. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: sudo apt-get update && sudo apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}
