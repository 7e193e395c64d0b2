/**
 * `npm run bench -- [options]`: what to measure and at what size. The plan scales every scenario from these
 * options in one place, so that --quick (what CI runs to prove the benchmark still works) exercises exactly the
 * code of a full run, only smaller.
 */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  size: number;
  runs: number;
  quick: boolean;
  only: string[] | undefined;
  out: string;
  /** Where to write a CPU profile of each browser session (DevTools' .cpuprofile), or undefined for none. */
  profile: string | undefined;
  /** Where to write a Chromium trace of each browser session (chrome://tracing, Perfetto), or undefined. */
  trace: string | undefined;
  /** Serve an unminified build, so that a profile names the console's functions; its figures are not the product's. */
  unminified: boolean;
}

export interface BenchPlan extends BenchOptions {
  /** The browser scenario's churn: events/s for this many seconds (the issue: 2,000/s for 30 s). */
  churnRate: number;
  churnSeconds: number;
  /** The mock's own watch fan-out: this many watchers, asked for this rate for this long. */
  watchers: number;
  watchersRate: number;
  watchersSeconds: number;
  /** The mock under a crowd of watches: readers, idle ones that never read, the churn, and the list's size. */
  crowdReaders: number;
  crowdIdle: number;
  crowdRate: number;
  crowdSeconds: number;
  crowdObjects: number;
  /** The watch-cache comparison: events per burst and bursts per run. */
  burstEvents: number;
  bursts: number;
  /** Frames a top-to-bottom scroll takes (one step per frame). */
  scrollFrames: number;
  /** Lines of the followed log. */
  logLines: number;
  /** Bytes a terminal prints in one command (`cat` of a file the shell builds). */
  terminalBytes: number;
  /** Events in the Activity scenario's project, and the rate and length of the changes to one object. */
  activityEvents: number;
  eventsFloodRate: number;
  eventsFloodSeconds: number;
  /** How long opening the table may take before the scenario fails (a selector that no longer matches). */
  openTimeoutMs: number;
  /** Jobs the Cost view scenario starts, one at a time, to move the burn rate. */
  costStarts: number;
  /** Hourly buckets of the Cost view's chart at thousands of points (90 days: 2,160). */
  costPointsHours: number;
}

export const USAGE = `npm run bench -- [--size N] [--runs N] [--quick] [--only a,b] [--out FILE]

  --size N     objects seeded (default 50000)
  --runs N     runs per scenario; figures are medians (default 3)
  --quick      1,000 objects, 1 run, short churn: proves the benchmark works (CI); timings mean little
  --only IDS   scenarios to run, comma-separated (see the table's first column)
  --out FILE   JSON results (default bench-results/bench.json; a Markdown table is written beside it)
  --profile DIR  a CPU profile of each browser session into DIR (open it in DevTools' Performance panel);
               profiling slows the page, so its figures are not comparable
  --trace DIR  a Chromium trace of each browser session into DIR (Perfetto, chrome://tracing): the native work
               (loading, style, layout, paint) the CPU profile calls "(program)"; slows the page too
  --unminified serve the console unminified, so a profile names its functions (figures not comparable)`;

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      profile: { type: 'string' },
      trace: { type: 'string' },
      unminified: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const quick = values.quick ?? false;
  return {
    quick,
    // The mock's /_mock/seed takes up to 100,000 a call; more would only be slower to seed, not different.
    size: whole('size', values.size, quick ? 1_000 : 50_000, 1, 1_000_000),
    runs: whole('runs', values.runs, quick ? 1 : 3, 1, 50),
    only: values.only
      ? values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    out: values.out ?? 'bench-results/bench.json',
    profile: values.profile,
    trace: values.trace,
    unminified: values.unminified ?? false,
  };
}

export function planFor(options: BenchOptions): BenchPlan {
  const quick = options.quick;
  return {
    ...options,
    churnRate: 2_000,
    churnSeconds: quick ? 2 : 30,
    watchers: 10,
    watchersRate: quick ? 2_000 : 5_000,
    watchersSeconds: quick ? 1 : 5,
    crowdReaders: quick ? 100 : 1_000,
    crowdIdle: quick ? 30 : 200,
    crowdRate: quick ? 100 : 200,
    crowdSeconds: quick ? 3 : 60,
    crowdObjects: quick ? 100 : 1_000,
    // Kept under the mock's 32 MB per-watcher buffer (about 1.1 KB per Job event), so a replay is never cut.
    burstEvents: quick ? 1_000 : 20_000,
    bursts: quick ? 1 : 5,
    scrollFrames: quick ? 30 : 300,
    logLines: quick ? 10_000 : 1_000_000,
    // 101-byte lines, ten times over per step: 10^4 of them is about 1 MB.
    terminalBytes: quick ? 101 * 1_000 : 101 * 10_000,
    openTimeoutMs: quick ? 30_000 : 180_000,
    costStarts: quick ? 2 : 5,
    costPointsHours: quick ? 10 * 24 : 90 * 24,
    // A project keeps at most 5,000 Events: the Activity view's largest.
    activityEvents: quick ? 500 : 5_000,
    eventsFloodRate: quick ? 100 : 200,
    eventsFloodSeconds: quick ? 2 : 10,
  };
}
