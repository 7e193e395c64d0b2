/**
 * Collects what a page throws and logs as an error while a test runs: uncaught exceptions ('pageerror') and
 * console errors. Chromium also logs every 4xx/5xx answer as "Failed to load resource"; a test names the
 * statuses it provokes on purpose (a 409 on a stale save), and any other one counts.
 */
import type { Page } from '@playwright/test';

export function watchPageErrors(page: Page, { expectedStatuses = [] as number[] } = {}) {
  const errors: string[] = [];
  const expected = new RegExp(
    `^Failed to load resource: the server responded with a status of (${expectedStatuses.join('|') || 'none'})\\b`,
  );
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * Lets the page draw two frames and run the timers queued meanwhile: Monaco reports an unexpected error by
 * throwing it from a timer, so an error caused by the last step is in `errors` once this returns.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });
}
