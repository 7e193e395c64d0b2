/**
 * A long list's pages, fetched in the list pages' worker (page-fetch.worker.ts). The API client asks for a page
 * as soon as the page before it names its continue token (src/data/client/client.ts `list`), but on the page's thread
 * that moment waits for whatever the thread is doing (parsing the page before, drawing the table; figures in
 * docs/PERFORMANCE.md). Here, nothing else runs: when a page's head arrives, the next
 * page is asked for at once, with the same headers and the limit the client will ask for (`following`), up to
 * as many pages ahead as the client reads ahead. When the client's own request for that page comes, it takes the
 * page already on its way instead of asking again.
 *
 * A page asked ahead and never taken (the list was dropped, the key changed) is aborted after AHEAD_TTL_MS.
 * Requests are matched on their URL (parameters in any order) and every header, the key among them, so an answer
 * is only ever given for the very request it was made for.
 */
import { readTextWithHead, type ListHead } from '../client/list-head.ts';
import { headOf, type WireHead } from '../worker-fetch.ts';

/** How long a page asked ahead waits for the client's request before it is dropped. */
export const AHEAD_TTL_MS = 10_000;

export interface FetchedPage extends WireHead {
  /** The body, decoded here: the page takes the string (a copy, not a decode; half the page's time went there). */
  text: string;
  head?: ListHead;
}

export type PageFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

/** The identity of a request: its URL with the parameters sorted, and its headers. */
export function pageKey(url: string, headers: Record<string, string>): string {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  const sorted = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return `${parsed.href}\n${JSON.stringify(sorted)}`;
}

/** The URL of the page after `url`: its continue token and its limit. */
export function nextPageUrl(url: string, token: string, limit: number): string {
  const parsed = new URL(url);
  parsed.searchParams.set('limit', String(limit));
  parsed.searchParams.set('continue', token);
  return parsed.href;
}

class Page {
  readonly controller = new AbortController();
  readonly answer: Promise<FetchedPage>;
  settled = false;
  /** Asked for ahead and not yet taken by a request of the client. */
  ahead = false;
  /** The page asked for after this one, once this one's head named it. */
  child: Page | undefined;
  private head: ListHead | undefined;
  private ok = false;
  private following: readonly number[] = [];

  constructor(
    private readonly owner: PageFetcher,
    readonly url: string,
    readonly headers: Record<string, string>,
  ) {
    this.answer = this.run();
    const settle = () => (this.settled = true);
    this.answer.then(settle, settle);
  }

  /** The limits of the pages after this one: asks for the next as soon as (or if already) the head names it. */
  extend(following: readonly number[]): void {
    this.following = following;
    this.askNext();
    this.child?.extend(following.slice(1));
  }

  /** This page and those asked ahead of it are no longer wanted. */
  drop(): void {
    if (!this.settled) this.controller.abort();
    const child = this.child;
    this.child = undefined;
    if (child?.ahead) this.owner.forget(child);
  }

  private askNext(): void {
    const token = this.head?.continue;
    if (!this.ok || !token || this.child || this.following.length === 0) return;
    this.child = this.owner.askAhead(
      nextPageUrl(this.url, token, this.following[0]!),
      this.headers,
      this.following.slice(1),
    );
  }

  private async run(): Promise<FetchedPage> {
    const response = await this.owner.fetchFn(this.url, { headers: this.headers, signal: this.controller.signal });
    this.ok = response.ok;
    // The client's own reading: the head as soon as its bytes are in (the next page is asked for then), the text.
    const text =
      response.ok && response.body
        ? await readTextWithHead(response.body, (head) => {
            this.head = head;
            this.askNext();
          })
        : await response.text();
    return { ...headOf(response), text, ...(this.head ? { head: this.head } : {}) };
  }
}

export class PageFetcher {
  /** Pages asked for ahead, by pageKey, until the client's request takes them. */
  private readonly waiting = new Map<string, { page: Page; timer: ReturnType<typeof setTimeout> }>();
  /** Pages the client asked for, by its request id, until answered. */
  private readonly asked = new Map<number, Page>();

  constructor(
    readonly fetchFn: PageFetch,
    private readonly aheadTtlMs = AHEAD_TTL_MS,
  ) {}

  /** How many pages wait, asked ahead, for the client's request. */
  get aheadCount(): number {
    return this.waiting.size;
  }

  /** Answers the client's request `id` for a page: one asked ahead for it is taken, or it is asked for now. */
  fetch(id: number, url: string, headers: Record<string, string>, following: readonly number[]): Promise<FetchedPage> {
    const key = pageKey(url, headers);
    const early = this.waiting.get(key);
    let page: Page;
    if (early) {
      this.waiting.delete(key);
      clearTimeout(early.timer);
      page = early.page;
      page.ahead = false;
    } else {
      page = new Page(this, url, headers);
    }
    this.asked.set(id, page);
    page.extend(following);
    const done = () => {
      if (this.asked.get(id) === page) this.asked.delete(id);
    };
    page.answer.then(done, done);
    return page.answer;
  }

  /** The client no longer wants request `id`: it is aborted if still on its way, and so are the pages after it. */
  abort(id: number): void {
    const page = this.asked.get(id);
    if (!page) return;
    this.asked.delete(id);
    page.drop();
  }

  /** Asks ahead for a page (once: a page already waiting is not asked for again). */
  askAhead(url: string, headers: Record<string, string>, following: readonly number[]): Page | undefined {
    const key = pageKey(url, headers);
    if (this.waiting.has(key)) return undefined;
    const page = new Page(this, url, headers);
    page.ahead = true;
    const timer = setTimeout(() => this.forget(page), this.aheadTtlMs);
    this.waiting.set(key, { page, timer });
    page.extend(following);
    return page;
  }

  /** Drops a page asked ahead (and the pages after it) that no request took. */
  forget(page: Page): void {
    const key = pageKey(page.url, page.headers);
    const entry = this.waiting.get(key);
    if (entry?.page === page) {
      clearTimeout(entry.timer);
      this.waiting.delete(key);
    }
    page.drop();
  }
}
