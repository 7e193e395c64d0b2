/**
 * The list pages' worker's fetcher, in Node against the real mock: pages asked for ahead as soon as a head names
 * the next token, handed to the client's own requests for them, never to a request with other headers, dropped
 * when not taken, and aborted with the request that wanted them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type MockServer } from '@/mock/server.ts';
import { DEMO_API_KEY, type NodusObject, type ObjectList } from '@/shared/protocol.ts';
import { nextPageUrl, PageFetcher, type PageFetch } from './page-fetcher.ts';

let mock: MockServer;
const PROJECT = 'pages-ahead';
const KEY = { Authorization: `Bearer ${DEMO_API_KEY}`, Accept: 'application/json' };
let firstUrl: string;
let everyItem: NodusObject[];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, controller: false });
  const post = (path: string, body: unknown) =>
    fetch(`${mock.url}${path}`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/v1/namespaces', { metadata: { name: PROJECT } });
  await post('/_mock/seed', { project: PROJECT, kind: 'Budget', count: 35 });
  firstUrl = `${mock.url}/apis/nodus.dev/v1/namespaces/${PROJECT}/budgets?limit=10`;
  const all = (await (
    await fetch(`${mock.url}/apis/nodus.dev/v1/namespaces/${PROJECT}/budgets?limit=1000`, { headers: KEY })
  ).json()) as ObjectList;
  everyItem = all.items;
});

afterAll(async () => {
  await mock.close();
});

/** A URL with its parameters in one order. */
function sorted(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  return parsed.href;
}

/** A fetch that notes every request it makes; `hold` keeps matching ones unanswered until they are aborted. */
function countingFetch(hold?: (url: string) => boolean) {
  const asked: string[] = [];
  const held: AbortSignal[] = [];
  const fetchFn: PageFetch = (url, init) => {
    asked.push(url);
    if (hold?.(url)) {
      held.push(init.signal);
      return new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    }
    return fetch(url, init);
  };
  return { fetchFn, asked, held, times: (url: string) => asked.filter((u) => sorted(u) === sorted(url)).length };
}

const parse = (text: string) => JSON.parse(text) as ObjectList;

describe('PageFetcher', () => {
  it('asks for the next pages as soon as a head names them, and hands them to the requests for them', async () => {
    const net = countingFetch();
    const fetcher = new PageFetcher(net.fetchFn);
    const items: NodusObject[] = [];
    let url = firstUrl;
    let id = 1;
    for (;;) {
      const page = await fetcher.fetch(id++, url, KEY, [10, 10]);
      expect(page.status).toBe(200);
      const list = parse(page.text);
      expect(page.head?.continue).toBe(list.metadata.continue);
      items.push(...list.items);
      const token = list.metadata.continue;
      if (!token) break;
      // The next page was asked for before this answer was handed over, and the one after it follows as soon as
      // the next one's head arrives: two ahead, without a request from the client.
      const next = nextPageUrl(url, token, 10);
      expect(net.times(next)).toBe(1);
      if (list.metadata.remainingItemCount! > 10) await vi.waitFor(() => expect(fetcher.aheadCount).toBe(2));
      // The client's URL puts the parameters in its own order; it is the same request.
      const reordered = new URL(next);
      reordered.search = `?continue=${encodeURIComponent(token)}&limit=10`;
      url = reordered.href;
    }
    expect(items.map((i) => i.metadata.uid)).toEqual(everyItem.map((i) => i.metadata.uid));
    // Four pages, each asked for once.
    expect(net.asked).toHaveLength(4);
    expect(new Set(net.asked.map((u) => new URL(u).searchParams.get('continue'))).size).toBe(4);
    expect(fetcher.aheadCount).toBe(0);
  });

  it('gives a page asked ahead only to a request with the same headers: another key is asked for afresh', async () => {
    const net = countingFetch();
    const fetcher = new PageFetcher(net.fetchFn);
    const first = parse((await fetcher.fetch(1, firstUrl, KEY, [10])).text);
    const next = nextPageUrl(firstUrl, first.metadata.continue!, 10);
    await vi.waitFor(() => expect(fetcher.aheadCount).toBe(1));
    const other = await fetcher.fetch(2, next, { ...KEY, Authorization: 'Bearer not-a-key' }, []);
    expect(other.status).toBe(401);
    expect(net.times(next)).toBe(2);
    // The page asked ahead with the right key is still there for its own request.
    const own = await fetcher.fetch(3, next, KEY, []);
    expect(own.status).toBe(200);
    expect(net.times(next)).toBe(2);
  });

  it('drops a page asked ahead that no request takes in time', async () => {
    const net = countingFetch();
    const fetcher = new PageFetcher(net.fetchFn, 50);
    await fetcher.fetch(1, firstUrl, KEY, [10, 10]);
    await vi.waitFor(() => expect(net.asked.length).toBeGreaterThanOrEqual(2));
    await vi.waitFor(() => expect(fetcher.aheadCount).toBe(0));
  });

  it('aborts a page with the request that wanted it, and asks for nothing after it', async () => {
    // The URLs of pages 2 and 3, from the API itself.
    const page1 = (await (await fetch(firstUrl, { headers: KEY })).json()) as ObjectList;
    const second = nextPageUrl(firstUrl, page1.metadata.continue!, 10);
    const page2 = (await (await fetch(second, { headers: KEY })).json()) as ObjectList;
    const third = nextPageUrl(second, page2.metadata.continue!, 10);
    const net = countingFetch((url) => url === third);
    const fetcher = new PageFetcher(net.fetchFn);
    await fetcher.fetch(1, second, KEY, [10, 10]);
    // Page 3 is asked for ahead, and held unanswered.
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    const wanted = fetcher.fetch(2, third, KEY, [10, 10]);
    expect(net.times(third)).toBe(1);
    fetcher.abort(2);
    await expect(wanted).rejects.toMatchObject({ name: 'AbortError' });
    expect(net.held[0]!.aborted).toBe(true);
    // Page 3 never answered, so nothing after it was asked for.
    expect(net.asked).toEqual([second, third]);
    expect(fetcher.aheadCount).toBe(0);
  });
});
