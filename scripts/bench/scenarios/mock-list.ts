/**
 * The mock API itself, listing: every seeded Job in pages of 1,000 (the API's largest page), read and parsed the
 * way a client would. The mock must never be what limits the console, so this is the floor under every list figure.
 */
import { HEADERS } from '../env/mock.ts';
import { MB, percentile } from '../stats.ts';
import type { BenchContext, RunOutcome, Scenario } from '../types.ts';

/** One read of every object at `path` (which may carry a selector) in pages of 1,000: each page's time, the bytes and the count (when parsed). */
export async function listEvery(
  url: string,
  path: string,
  parse = true,
): Promise<{ elapsed: number; pageTimes: number[]; bytes: number; total: number }> {
  const pageTimes: number[] = [];
  let token: string | undefined;
  let total = 0;
  let bytes = 0;
  const started = performance.now();
  do {
    const pageStarted = performance.now();
    const query = `limit=1000${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
    const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}${query}`, { headers: HEADERS });
    const text = await res.text();
    if (!res.ok) throw new Error(`list page: ${res.status} ${text}`);
    if (parse) {
      const page = JSON.parse(text) as { items: unknown[]; metadata: { continue?: string } };
      total += page.items.length;
      token = page.metadata.continue || undefined;
    } else {
      // Only the continue token, which the mock writes in the metadata before the items.
      const found = /"continue":"([^"]*)"/.exec(text.slice(0, 2048));
      token = found?.[1] || undefined;
    }
    pageTimes.push(performance.now() - pageStarted);
    bytes += Buffer.byteLength(text);
  } while (token);
  return { elapsed: performance.now() - started, pageTimes, bytes, total };
}

/** One read of every seeded Job (see listEvery). */
export function listEveryJob(ctx: Pick<BenchContext, 'mock' | 'project'>, parse = true) {
  return listEvery(ctx.mock.url, ctx.mock.api.jobsPath(ctx.project), parse);
}

export const mockList: Scenario = {
  id: 'mock-list',
  title: 'mock API: list every Job in pages of 1,000',
  async run(ctx): Promise<RunOutcome> {
    const { plan } = ctx;
    const { elapsed, pageTimes, bytes, total } = await listEveryJob(ctx);
    if (total !== plan.size) throw new Error(`listed ${total} Jobs, expected ${plan.size}`);
    return {
      figures: [
        { id: 'total', label: `list ${plan.size.toLocaleString('en')} (pages of 1,000)`, unit: 'ms', value: elapsed },
        { id: 'page-p50', label: 'page p50', unit: 'ms', value: percentile(pageTimes, 50) },
        { id: 'page-p95', label: 'page p95', unit: 'ms', value: percentile(pageTimes, 95) },
        { id: 'rate', label: 'objects listed per second', unit: '/s', value: (total / elapsed) * 1000 },
        { id: 'payload', label: 'payload', unit: 'MiB', value: bytes / MB },
      ],
      notes: [
        `${pageTimes.length} pages, read and JSON.parsed by fetch in the benchmark's process (the mock runs in its own)`,
      ],
    };
  },
};
