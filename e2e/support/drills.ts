/**
 * What the fault drills (e2e/fault-drills/) do outside the browser: bulk objects and churn, the mock's fault
 * controls (an outage, compaction, 503s, latency, dropped watches), the server's own list and its digest (the
 * same one the Support panel's "Live watches" shows), counts of what the browser sent, and a recorder of every
 * text the table's watch status showed. Every call checks its answer, so a failed setup fails loudly.
 */
import { expect, type APIRequestContext, type Page, type Request, type TestInfo } from '@playwright/test';
import { listDigest } from '../../src/data/watch/digest.ts';
import { API_VERSION, DEMO_API_KEY, type NodusObject, type ObjectList } from '../../src/shared/protocol.ts';
import { uniqueName } from './mock-writes.ts';
import { MOCK_URL } from './servers.ts';

const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };

export interface Injected {
  delayed: number;
  failed: number;
  droppedWatches: number;
  refused: number;
}

export interface Churn {
  eventsPerSecond: number;
  seconds: number;
  /** When the mock stops sending (its clock, the same machine's). */
  until: string;
}

export class DrillApi {
  constructor(private readonly request: APIRequestContext) {}

  /** The API path of a kind in a project: what `paths` in a fault takes to touch only this drill's project. */
  static path(project: string, plural: string, name = ''): string {
    return `/apis/${API_VERSION}/namespaces/${project}/${plural}${name ? `/${name}` : ''}`;
  }

  async newProject(prefix: string): Promise<string> {
    const name = uniqueName(prefix);
    const res = await this.request.post(`${MOCK_URL}/api/v1/namespaces`, { headers, data: { metadata: { name } } });
    expect(res.status(), await res.text()).toBe(201);
    return name;
  }

  async seed(project: string, kind: string, count: number): Promise<void> {
    const res = await this.request.post(`${MOCK_URL}/_mock/seed`, { headers, data: { project, kind, count } });
    expect(res.status(), await res.text()).toBe(201);
  }

  async churn(project: string, kind: string, eventsPerSecond: number, seconds: number): Promise<Churn> {
    const res = await this.request.post(`${MOCK_URL}/_mock/churn`, {
      headers,
      data: { project, kind, eventsPerSecond, seconds },
    });
    expect(res.status(), await res.text()).toBe(202);
    return (await res.json()) as Churn;
  }

  async create(project: string, plural: string, object: Record<string, unknown>): Promise<NodusObject> {
    const res = await this.request.post(`${MOCK_URL}${DrillApi.path(project, plural)}`, { headers, data: object });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as NodusObject;
  }

  async budget(project: string, name: string, limitUSD = '5.00'): Promise<NodusObject> {
    return this.create(project, 'budgets', { metadata: { name }, spec: { limitUSD } });
  }

  async job(project: string, name: string): Promise<NodusObject> {
    return this.create(project, 'jobs', {
      metadata: { name },
      spec: { image: 'nodus/python:3.12', command: ['python', 'x.py'], maxCostUSD: '1.00' },
    });
  }

  async patch(project: string, plural: string, name: string, patch: Record<string, unknown>): Promise<void> {
    const res = await this.request.patch(`${MOCK_URL}${DrillApi.path(project, plural, name)}`, {
      headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
      data: JSON.stringify(patch),
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  async remove(project: string, plural: string, name: string): Promise<void> {
    const res = await this.request.delete(`${MOCK_URL}${DrillApi.path(project, plural, name)}`, { headers });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  /** Every object, every page: the server's list as a client that lists properly sees it. */
  async list(project: string, plural: string): Promise<NodusObject[]> {
    const items: NodusObject[] = [];
    let token = '';
    do {
      const query = `limit=1000${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
      const res = await this.request.get(`${MOCK_URL}${DrillApi.path(project, plural)}?${query}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      const page = (await res.json()) as ObjectList;
      items.push(...page.items);
      token = page.metadata.continue ?? '';
    } while (token);
    return items;
  }

  /** What the Support panel's digest of this list should read, and how many objects it covers. */
  async digest(project: string, plural: string): Promise<{ digest: string; objects: number }> {
    const items = await this.list(project, plural);
    return { digest: listDigest(items), objects: items.length };
  }

  /**
   * The digest once the list has stopped changing: the same on two reads a second apart. A churn's last events
   * can land a little after its end time on a busy mock (its timer runs late), and a digest read before them
   * would be one the console has rightly moved past.
   */
  async stillDigest(project: string, plural: string): Promise<{ digest: string; objects: number }> {
    let last = await this.digest(project, plural);
    await expect
      .poll(
        async () => {
          const now = await this.digest(project, plural);
          const still = now.digest === last.digest;
          last = now;
          return still;
        },
        { timeout: 60_000, intervals: [1000], message: `the ${plural} in ${project} stop changing` },
      )
      .toBe(true);
    return last;
  }

  /** A POST replaces every fault; restore with clearFaults() in `finally`. */
  async setFaults(faults: Record<string, unknown>): Promise<void> {
    const res = await this.request.post(`${MOCK_URL}/_mock/faults`, { headers, data: faults });
    expect(res.status(), await res.text()).toBe(200);
  }

  async clearFaults(): Promise<void> {
    const res = await this.request.delete(`${MOCK_URL}/_mock/faults`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }

  async injected(): Promise<Injected> {
    const res = await this.request.get(`${MOCK_URL}/_mock/faults`, { headers });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { injected: Injected }).injected;
  }

  /** Whether an outage set with `unreachableSeconds` is still on. */
  async unreachable(): Promise<boolean> {
    const res = await this.request.get(`${MOCK_URL}/_mock/faults`, { headers });
    const until = ((await res.json()) as { unreachableUntil: string | null }).unreachableUntil;
    return until !== null && Date.parse(until) > Date.now();
  }

  /** Forgets the server's change history: every earlier resume point now gets 410 Expired. */
  async compact(): Promise<string> {
    const res = await this.request.post(`${MOCK_URL}/_mock/compact`, { headers, data: {} });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { compactedResourceVersion: string }).compactedResourceVersion;
  }
}

/** Whether a churn has sent its last event, by the mock's clock (this machine's). */
export function churnOver(churn: Churn): boolean {
  return Date.now() > Date.parse(churn.until);
}

/**
 * Every text the table's watch status shows from now on, recorded in the page as it changes, so a state that
 * lasted a fraction of a second (Reconnecting, between two quick connections) is not missed by polling.
 */
export async function recordWatchStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __drillStatus: string[] }).__drillStatus = seen;
    const read = () => {
      const text = document.querySelector('[role="status"][aria-label="Watch status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __drillStatus: string[] }).__drillStatus]);
}

/** Counts the browser's requests that match, from now on: what "exactly one request" is checked against. */
export function countRequests(page: Page, matches: (request: Request) => boolean): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (matches(request)) count++;
  });
  return () => count;
}

/** Counts full page loads from now on: a view that recovers "without a reload" leaves this at zero. */
export function countReloads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

/** The drill's counts, for the report and the issue's note: an annotation on the test, and one line of output. */
export function noteCounts(info: TestInfo, counts: Record<string, number | string>): void {
  const text = Object.entries(counts)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  info.annotations.push({ type: 'drill counts', description: text });
  console.log(`[${info.title}] ${text}`);
}
