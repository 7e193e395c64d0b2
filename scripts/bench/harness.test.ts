/**
 * The benchmark's own logic, without servers: options and the plan, medians over runs, n/a and failed scenarios,
 * the console-against-kubectl comparison, and reading kubectl's rate-limit waits from its log. (That the
 * scenarios themselves still run is what `npm run bench:quick` in `npm test` shows.)
 */
import { describe, expect, test } from 'vitest';
import { parseOptions, planFor } from './cli.ts';
import { throttledMs } from './peers/kubectl-get.ts';
import { comparisons, runScenario, type ScenarioResult } from './runner.ts';
import { median, percentile, vsyncIntervals } from './stats.ts';
import { NotApplicable, type BenchContext, type Scenario } from './types.ts';

function context(runs: number): BenchContext {
  const plan = planFor({
    size: 10,
    runs,
    quick: false,
    only: undefined,
    out: 'x.json',
    profile: undefined,
    trace: undefined,
    unminified: false,
  });
  return {
    plan,
    mock: undefined as never,
    project: 'bench',
    console: undefined,
    browser: undefined,
    log: () => undefined,
  };
}

describe('options', () => {
  test('defaults: 50,000 objects, 3 runs; --quick: 1,000 and 1 run, shorter churn', () => {
    expect(parseOptions([])).toMatchObject({ size: 50_000, runs: 3, quick: false, out: 'bench-results/bench.json' });
    const quick = parseOptions(['--quick', '--only', 'kubectl, open-table']);
    expect(quick).toMatchObject({ size: 1_000, runs: 1, quick: true, only: ['kubectl', 'open-table'] });
    expect(planFor(quick as never).churnSeconds).toBeLessThan(planFor(parseOptions([]) as never).churnSeconds);
    expect(parseOptions(['--size', '200', '--runs', '5', '--out', 'r.json'])).toMatchObject({
      size: 200,
      runs: 5,
      out: 'r.json',
      profile: undefined,
    });
    expect(parseOptions(['--profile', 'bench-results/profiles'])).toMatchObject({ profile: 'bench-results/profiles' });
    expect(parseOptions(['--trace', 'bench-results/traces', '--unminified'])).toMatchObject({
      trace: 'bench-results/traces',
      unminified: true,
    });
  });

  test('refuses what it cannot mean', () => {
    expect(() => parseOptions(['--size', 'many'])).toThrow(/--size must be a whole number/);
    expect(() => parseOptions(['--runs', '0'])).toThrow(/--runs/);
    expect(() => parseOptions(['--fast'])).toThrow();
  });
});

describe('the runner', () => {
  test('repeats a scenario and keeps the median of each figure, with every run and the verdict', async () => {
    const values = [30, 10, 20];
    const scenario: Scenario = {
      id: 's',
      title: 'S',
      run: async (_ctx, run) => ({
        figures: [{ id: 'f', label: 'F', unit: 'ms', value: values[run]!, target: { op: '<=', value: 15 } }],
      }),
    };
    const result = await runScenario(scenario, context(3));
    expect(result.status).toBe('ran');
    expect(result.figures[0]).toMatchObject({ id: 'f', median: 20, runs: [30, 10, 20], met: false });
  });

  test('a scenario that cannot run yet is n/a with its reason; one that throws is failed, not fatal', async () => {
    const na = await runScenario(
      { id: 'n', title: 'N', run: async () => new NotApplicable('needs the log view') },
      context(3),
    );
    expect(na).toMatchObject({ status: 'n/a', reason: 'needs the log view', figures: [] });
    const failed = await runScenario(
      { id: 'x', title: 'X', run: async () => Promise.reject(new Error('selector gone')) },
      context(3),
    );
    expect(failed).toMatchObject({ status: 'failed', reason: 'selector gone' });
  });

  test('a deterministic scenario runs once whatever --runs says', async () => {
    let calls = 0;
    await runScenario(
      {
        id: 'b',
        title: 'B',
        once: true,
        run: async () => ({ figures: [{ id: 'kb', label: 'kB', unit: 'kB', value: ++calls }] }),
      },
      context(3),
    );
    expect(calls).toBe(1);
  });
});

describe('the console against kubectl', () => {
  const result = (id: string, figures: [string, number][]): ScenarioResult => ({
    id,
    title: id,
    status: 'ran',
    notes: [],
    seconds: 0,
    figures: figures.map(([fid, value]) => ({ id: fid, label: fid, unit: 'ms', median: value, runs: [value] })),
  });

  test('divides the console time until all listed by kubectl time until all printed, with and without its waits', () => {
    const [compared] = comparisons([
      result('open-table', [['all-listed', 3000]]),
      result('kubectl', [
        ['all-printed', 20_000],
        ['throttled', 16_000],
      ]),
    ]);
    expect(compared!.figures.map((f) => [f.id, f.median, f.met])).toEqual([
      ['ratio', 0.15, true],
      ['ratio-unthrottled', 0.75, true],
    ]);
  });

  test('needs both scenarios', () => {
    expect(comparisons([result('kubectl', [['all-printed', 100]])])).toEqual([]);
  });

  test("reads kubectl's client-side throttling from its -v=6 log", () => {
    const log = [
      'I1202 request.go:661] Waited for 192.29ms due to client-side throttling, not priority and fairness, request: GET:https://x',
      'I1202 request.go:661] Waited for 1.5s due to client-side throttling, not priority and fairness, request: GET:https://x',
      'I1202 round_trippers.go:560] GET https://x 200 OK in 3 milliseconds',
    ].join('\n');
    expect(throttledMs(log)).toBeCloseTo(1692.29, 2);
  });
});

test('percentiles by nearest rank, medians of odd and even counts', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(values, 95)).toBe(95);
  expect(percentile([5], 95)).toBe(5);
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(Number.isNaN(median([]))).toBe(true);
});

test("frame intervals count whole refreshes: the clock's 0.1 ms noise is not a late frame, a missed refresh is", () => {
  // 60 Hz as the page's coarsened clock reads it: 16.6, 16.7 and 16.8 ms for one refresh; two and three refreshes.
  const raw = [...Array(100).fill(16.7), ...Array(80).fill(16.6), ...Array(18).fill(16.8), 33.4, 50.1];
  expect(percentile(raw, 95)).toBe(16.8);
  const { period, frames } = vsyncIntervals(raw);
  expect(period).toBeCloseTo(16.66, 1);
  expect(percentile(frames, 95)).toBeLessThanOrEqual(16.7);
  expect(frames.filter((f) => f > 50)).toHaveLength(0);
  expect(frames.filter((f) => f > 20)).toHaveLength(2);
  // A page late on one frame in ten shows it at p95.
  const late = vsyncIntervals([...Array(90).fill(16.7), ...Array(10).fill(33.3)]);
  expect(percentile(late.frames, 95)).toBeCloseTo(33.3, 0);
});
