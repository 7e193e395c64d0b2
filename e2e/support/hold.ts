import type { Page } from '@playwright/test';

/** Holds back the requests that match `urls` (code, or a list's pages) until the returned function is called. */
export async function holdRequests(page: Page, urls: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(urls, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
