/**
 * A list the console streams on its watch (sendInitialEvents) is one request that never ends while the view is
 * open, so Resource Timing never lists it: its timing comes from the browser's own record of the request, over
 * DevTools, which also says when the first bytes of its body (its first objects) came.
 */
import type { CDPSession, Page } from '@playwright/test';

export interface StreamedList {
  /** What was asked for: the path and query, on the page's origin. */
  url: string;
  /** When it was asked for, on the page's clock (ms from navigation). */
  start: number;
  /** Its first byte: the response's head, which a server sends before any object. */
  responseStart: number;
  /**
   * What stands for a paged list's first page received (the stream never ends): when the page took the first bytes
   * of its body, its first objects. DevTools reports that on the page's main thread, so a page busy drawing takes
   * them later than they came. A page counts once whole; these are the first of many objects.
   */
  end: number;
}

interface Seen {
  url: string;
  /** DevTools' clock (s) and the wall clock (s since the epoch) when the request was sent. */
  timestamp: number;
  wallTime: number;
  status?: number;
  responseAt?: number;
  firstDataAt?: number;
}

/**
 * Watches the page's requests from now on (over `cdp`, a DevTools session of the page); the function gives the
 * first streamed list matching `path` that the server answered with 200.
 */
export async function streamedLists(
  page: Page,
  cdp: CDPSession,
  path: RegExp,
): Promise<() => Promise<StreamedList | undefined>> {
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp, wallTime }) => {
    if (path.test(request.url) && /[?&]sendInitialEvents=true/.test(request.url))
      seen.set(requestId, { url: request.url, timestamp, wallTime });
  });
  cdp.on('Network.responseReceived', ({ requestId, response, timestamp }) => {
    const request = seen.get(requestId);
    if (!request) return;
    request.status = response.status;
    // The head's end, as Resource Timing's responseStart for a page; the event's own time when there is no timing.
    const timing = response.timing;
    request.responseAt = timing ? timing.requestTime + timing.receiveHeadersEnd / 1000 : timestamp;
  });
  cdp.on('Network.dataReceived', ({ requestId, timestamp, dataLength }) => {
    const request = seen.get(requestId);
    if (request && request.firstDataAt === undefined && dataLength > 0) request.firstDataAt = timestamp;
  });
  await cdp.send('Network.enable');
  return async () => {
    // A server without streaming lists refuses the first (422): the list then came in pages.
    const request = [...seen.values()].find((r) => r.status === 200);
    if (!request || request.responseAt === undefined) return undefined;
    const origin = await page.evaluate(() => performance.timeOrigin);
    // From DevTools' clock to the page's: both count from the request's sending.
    const onPage = (at: number) => request.wallTime * 1000 - origin + (at - request.timestamp) * 1000;
    const responseStart = onPage(request.responseAt);
    const asked = new URL(request.url);
    return {
      url: asked.pathname + asked.search,
      start: onPage(request.timestamp),
      responseStart,
      end: request.firstDataAt === undefined ? responseStart : onPage(request.firstDataAt),
    };
  };
}
