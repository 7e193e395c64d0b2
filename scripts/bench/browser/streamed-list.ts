/**
 * A list the console streams on its watch (sendInitialEvents) is one request that never ends while the view is
 * open, so Resource Timing never lists it: its timing comes from the browser's own record of the request.
 */
import type { Page, Request } from '@playwright/test';

export interface StreamedList {
  /** When it was asked for, on the page's clock (ms from navigation). */
  start: number;
  /** Its first byte. */
  responseStart: number;
  /** What stands for a paged list's first page received: the first byte again, since the stream never ends. */
  end: number;
}

/** Watches the page's requests from now on; the function gives the first streamed list matching `path`. */
export function streamedLists(page: Page, path: RegExp): () => Promise<StreamedList | undefined> {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (path.test(request.url()) && /[?&]sendInitialEvents=true/.test(request.url())) seen.push(request);
  });
  return async () => {
    // A server without streaming lists refuses the first (422): the list then came in pages.
    const statuses = await Promise.all(seen.map(async (r) => (await r.response())?.status()));
    const request = seen.find((_, i) => statuses[i] === 200);
    if (!request) return undefined;
    const origin = await page.evaluate(() => performance.timeOrigin);
    const timing = request.timing();
    const start = timing.startTime - origin;
    const responseStart = start + Math.max(0, timing.responseStart);
    return { start, responseStart, end: responseStart };
  };
}
