/**
 * The list read by the browser itself, in a blank page of the console's origin: what Chromium takes to carry the
 * list, with no console around it.
 * - The same reads as the benchmark's ceiling (listEvery: pages of 1,000, each asked for once the one before is
 *   read, bodies not parsed): through the console's own proxy (the path the console's requests take here), and
 *   straight from the mock (cross-origin, as a console built with VITE_NODUS_API_URL would call it).
 * - The least a browser console could do with it: the pages in the form the console asks for, each next one asked
 *   for as soon as a page's head names its token (as the console's list worker does), every page `JSON.parse`d and
 *   its items held until the end. No index, no sort, no drawing.
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
  /** Through the proxy, read ahead, parsed and held, in the console's form (rows when `rows`); when asked for. */
  held?: number;
}

export interface BrowserReadOptions {
  /** The console reads this list as rows (as=Table with metadata). */
  rows?: boolean;
  /** Also time the read-ahead reader that parses and holds every page. */
  held?: boolean;
}

/** A page's URL but for its continue token, and the request's headers. */
type ReadArgs = readonly [first: string, headers: Record<string, string>];

export async function readListInBrowser(
  browser: Browser,
  consoleUrl: string,
  apiUrl: string,
  path: string,
  options: BrowserReadOptions = {},
): Promise<BrowserReads> {
  const context = await browser.newContext({ baseURL: consoleUrl });
  try {
    const page = await context.newPage();
    // A static file of the console's origin: a document there without starting the console.
    await page.goto('/theme-boot.js');
    // tsx keeps functions' names with a helper of its own, which the page does not have.
    await page.evaluate('self.__name = (f) => f');
    const args = (base: string, rows = false): ReadArgs => [
      `${base}${path}${path.includes('?') ? '&' : '?'}limit=1000${rows ? `&${ROWS_QUERY}` : ''}`,
      rows ? ROWS_HEADERS : HEADERS,
    ];
    const read = (base: string, rows = false) =>
      page.evaluate(
        async ([first, headers]) => {
          const started = performance.now();
          let token: string | undefined;
          do {
            const res = await fetch(`${first}${token ? `&continue=${encodeURIComponent(token)}` : ''}`, { headers });
            const text = await res.text();
            if (!res.ok) throw new Error(`list page: ${res.status} ${text.slice(0, 200)}`);
            token = /"continue":"([^"]*)"/.exec(text.slice(0, 2048))?.[1] || undefined;
          } while (token);
          return performance.now() - started;
        },
        args(base, rows),
      );
    const readHeld = (rows: boolean) =>
      page.evaluate(
        async ([first, headers]) => {
          const started = performance.now();
          const ask = (token?: string) =>
            fetch(`${first}${token ? `&continue=${encodeURIComponent(token)}` : ''}`, { headers });
          const held: unknown[][] = [];
          let next: Promise<Response> | undefined = ask();
          while (next) {
            const res: Response = await next;
            next = undefined;
            const reader = res.body!.getReader();
            const decoder = new TextDecoder();
            let text = '';
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              text += decoder.decode(value, { stream: true });
              // The token is in the list's head: the next page is asked for before this one is read to its end.
              if (!next && res.ok) {
                const token = /"continue":"([^"]*)"/.exec(text.slice(0, 2048))?.[1];
                if (token) next = ask(token);
              }
            }
            text += decoder.decode();
            if (!res.ok) throw new Error(`list page: ${res.status} ${text.slice(0, 200)}`);
            const list = JSON.parse(text) as { rows?: unknown[]; items?: unknown[]; metadata?: { continue?: string } };
            held.push(list.rows ?? list.items ?? []);
            if (!next && list.metadata?.continue) next = ask(list.metadata.continue);
          }
          (window as unknown as { held: unknown }).held = held;
          return performance.now() - started;
        },
        args('', rows),
      );
    const reads: BrowserReads = { proxied: await read(''), direct: await read(apiUrl) };
    if (options.rows) reads.rows = await read('', true);
    if (options.held) reads.held = await readHeld(options.rows ?? false);
    return reads;
  } finally {
    await context.close();
  }
}
