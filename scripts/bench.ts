/**
 * `npm run bench`: the performance benchmark. For now it measures the mock API, which must never be what limits
 * the console: listing 50,000 objects in pages of 1,000, and streaming churn to several watchers at once.
 * Prints a table and writes bench-results/bench.json. (The console's own figures join it with the
 * performance issue.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEMO_API_KEY } from '../src/shared/protocol.ts';
import { startMockServer } from '../src/mock/server.ts';

const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 50_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 4);
const CHURN_RATE = Number(process.env.BENCH_CHURN_RATE ?? 5_000);
const CHURN_SECONDS = Number(process.env.BENCH_CHURN_SECONDS ?? 5);

const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/json' };

interface Row {
  metric: string;
  value: number;
  unit: string;
}

const rows: Row[] = [];
const record = (metric: string, value: number, unit: string) => rows.push({ metric, value: Math.round(value * 100) / 100, unit });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const server = await startMockServer({ port: 0, demoData: true, historyLimit: 2_000_000 });
const base = server.url;
try {
  let t = performance.now();
  const seeded = await fetch(`${base}/_mock/seed`, { method: 'POST', headers, body: JSON.stringify({ project: 'bench', kind: 'Job', count: OBJECTS }) });
  if (seeded.status !== 201) throw new Error(`seed failed: ${seeded.status} ${await seeded.text()}`);
  record(`seed ${OBJECTS} Jobs`, performance.now() - t, 'ms');

  for (let round = 0; round < 2; round++) {
    const pageTimes: number[] = [];
    let token: string | undefined;
    let total = 0;
    let bytes = 0;
    t = performance.now();
    do {
      const started = performance.now();
      const url = `${base}/apis/nodus.dev/v1/namespaces/bench/jobs?limit=1000${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
      const res = await fetch(url, { headers });
      const text = await res.text();
      const page = JSON.parse(text) as { items: unknown[]; metadata: { continue?: string } };
      pageTimes.push(performance.now() - started);
      bytes += text.length;
      total += page.items.length;
      token = page.metadata.continue;
    } while (token);
    if (total !== OBJECTS) throw new Error(`listed ${total} of ${OBJECTS}`);
    if (round === 1) {
      record(`list ${OBJECTS} in pages of 1,000 (total)`, performance.now() - t, 'ms');
      record('list page p50', percentile(pageTimes, 50), 'ms');
      record('list page p95', percentile(pageTimes, 95), 'ms');
      record('list payload', bytes / 1024 / 1024, 'MiB');
    }
  }

  const listRv = ((await (await fetch(`${base}/apis/nodus.dev/v1/namespaces/bench/jobs?limit=1`, { headers })).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  const counts = new Array<number>(WATCHERS).fill(0);
  const controllers: AbortController[] = [];
  const readers = Array.from({ length: WATCHERS }, async (_, i) => {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${base}/apis/nodus.dev/v1/namespaces/bench/jobs?watch=true&resourceVersion=${listRv}`, { headers, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          JSON.parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          counts[i]!++;
        }
      }
    } catch {
      // aborted at the end
    }
  });
  const expected = CHURN_RATE * CHURN_SECONDS;
  t = performance.now();
  await fetch(`${base}/_mock/churn`, { method: 'POST', headers, body: JSON.stringify({ project: 'bench', kind: 'Job', eventsPerSecond: CHURN_RATE, seconds: CHURN_SECONDS }) });
  const deadline = Date.now() + CHURN_SECONDS * 1000 + 30_000;
  while (Math.min(...counts) < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - t) / 1000;
  controllers.forEach((c) => c.abort());
  await Promise.allSettled(readers);
  record(`churn asked (${WATCHERS} watchers)`, CHURN_RATE, 'events/s');
  record('events received per watcher', Math.min(...counts), 'events');
  record('events expected per watcher', expected, 'events');
  record('delivered rate per watcher', Math.min(...counts) / elapsed, 'events/s');
  record('delivered rate, all watchers', counts.reduce((a, b) => a + b, 0) / elapsed, 'events/s');
  record('mock heap used after run', process.memoryUsage().heapUsed / 1024 / 1024, 'MiB');
} finally {
  await server.close();
}

const width = Math.max(...rows.map((r) => r.metric.length));
console.log(`\n${'metric'.padEnd(width)}  value`);
for (const row of rows) console.log(`${row.metric.padEnd(width)}  ${row.value} ${row.unit}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.json', `${JSON.stringify({ when: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`);
console.log('\nwritten to bench-results/bench.json');
