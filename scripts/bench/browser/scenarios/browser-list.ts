/**
 * The list read by the browser itself: the same reads as the benchmark's ceiling (listEvery: pages of 1,000, each
 * asked for once the one before is read, bodies not parsed), made by fetch in a blank page of the console's
 * origin. What Chromium takes to carry the list, with no console around it: through the console's own proxy (the
 * path the console's requests take here), and straight from the mock (cross-origin, as a console built with
 * VITE_NODUS_API_URL would call it).
 */
import type { Browser } from '@playwright/test';
import { HEADERS } from '../../env/mock.ts';
import { ROWS_HEADERS, ROWS_QUERY } from '../../scenarios/mock-list.ts';

export interface BrowserReads {
  /** Through the console's origin (its proxy to the API). */
  proxied: number;
  /** Straight from the API, cross-origin. */
  direct: number;
  /** Through the proxy, as rows (as=Table with metadata): what a table of rows would carry; when asked for. */
  rows?: number;
}

export async function readListInBrowser(
  browser: Browser,
  consoleUrl: string,
  apiUrl: string,
  path: string,
  withRows = false,
): Promise<BrowserReads> {
  const context = await browser.newContext({ baseURL: consoleUrl });
  try {
    const page = await context.newPage();
    // A static file of the console's origin: a document there without starting the console.
    await page.goto('/theme-boot.js');
    const read = (base: string, rows = false) =>
      page.evaluate(
        async ([base, path, headers, extra]) => {
          const started = performance.now();
          let token: string | undefined;
          do {
            const query = `limit=1000${extra}${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
            const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}${query}`, { headers });
            const text = await res.text();
            if (!res.ok) throw new Error(`list page: ${res.status} ${text.slice(0, 200)}`);
            token = /"continue":"([^"]*)"/.exec(text.slice(0, 2048))?.[1] || undefined;
          } while (token);
          return performance.now() - started;
        },
        [base, path, rows ? ROWS_HEADERS : HEADERS, rows ? `&${ROWS_QUERY}` : ''] as const,
      );
    const reads: BrowserReads = { proxied: await read(''), direct: await read(apiUrl) };
    return withRows ? { ...reads, rows: await read('', true) } : reads;
  } finally {
    await context.close();
  }
}
