/**
 * The mock API itself, listing: every seeded Job in pages of 1,000 (the API's largest page), read and parsed the
 * way a client would. The mock must never be what limits the console, so this is the floor under every list figure.
 */
import { TABLE_ACCEPT, TABLE_PARAMS } from '../../../src/data/client/rows.ts';
import { HEADERS } from '../env/mock.ts';
import { MB, percentile } from '../stats.ts';
import type { BenchContext, RunOutcome, Scenario } from '../types.ts';

/** One read of every object at `path` (which may carry a selector) in pages of 1,000: each page's time, the bytes and the count (when parsed). */
/** What a list of rows asks for: the API's Table, each row with the object's metadata (src/data/client/rows.ts). */
export const ROWS_QUERY = `includeObject=${TABLE_PARAMS.includeObject}`;
export const ROWS_HEADERS = { ...HEADERS, Accept: TABLE_ACCEPT };

export async function listEvery(
  url: string,
  path: string,
  parse = true,
  rows = false,
): Promise<{ elapsed: number; pageTimes: number[]; bytes: number; total: number }> {
  const pageTimes: number[] = [];
  let token: string | undefined;
  let total = 0;
  let bytes = 0;
  const started = performance.now();
  do {
    const pageStarted = performance.now();
    const query = `limit=1000${rows ? `&${ROWS_QUERY}` : ''}${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
    const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}${query}`, {
      headers: rows ? ROWS_HEADERS : HEADERS,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`list page: ${res.status} ${text}`);
    if (parse) {
      const page = JSON.parse(text) as { items?: unknown[]; rows?: unknown[]; metadata: { continue?: string } };
      total += (rows ? page.rows : page.items)?.length ?? 0;
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
export function listEveryJob(ctx: Pick<BenchContext, 'mock' | 'project'>, parse = true, rows = false) {
  return listEvery(ctx.mock.url, ctx.mock.api.jobsPath(ctx.project), parse, rows);
}

export const mockList: Scenario = {
  id: 'mock-list',
  title: 'mock API: list every Job in pages of 1,000',
  async run(ctx): Promise<RunOutcome> {
    const { plan } = ctx;
    const { elapsed, pageTimes, bytes, total } = await listEveryJob(ctx);
    if (total !== plan.size) throw new Error(`listed ${total} Jobs, expected ${plan.size}`);
    const rows = await listEveryJob(ctx, true, true);
    if (rows.total !== plan.size) throw new Error(`listed ${rows.total} rows, expected ${plan.size}`);
    return {
      figures: [
        { id: 'total', label: `list ${plan.size.toLocaleString('en')} (pages of 1,000)`, unit: 'ms', value: elapsed },
        { id: 'page-p50', label: 'page p50', unit: 'ms', value: percentile(pageTimes, 50) },
        { id: 'page-p95', label: 'page p95', unit: 'ms', value: percentile(pageTimes, 95) },
        { id: 'rate', label: 'objects listed per second', unit: '/s', value: (total / elapsed) * 1000 },
        { id: 'payload', label: 'payload', unit: 'MiB', value: bytes / MB },
        // The same list as the rows a table needs (as=Table, each row the printed cells and the metadata).
        { id: 'rows-total', label: 'the same as rows (as=Table with metadata)', unit: 'ms', value: rows.elapsed },
        { id: 'rows-payload', label: 'its payload', unit: 'MiB', value: rows.bytes / MB },
      ],
      notes: [
        `${pageTimes.length} pages, read and JSON.parsed by fetch in the benchmark's process (the mock runs in its own)`,
      ],
    };
  },
};
