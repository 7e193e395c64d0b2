/**
 * The mock API itself, watching: ten watchers on the seeded Jobs while /_mock/churn makes `watchersRate` MODIFIED
 * events a second, 2.5 times the console's churn scenario: the mock must deliver all of it to every watcher, or it,
 * not the console, would be what limits that scenario.
 */
import { epochNow, type RawWatch } from '../env/mock.ts';
import type { RunOutcome, Scenario } from '../types.ts';

export const mockWatchers: Scenario = {
  id: 'mock-watchers',
  title: 'mock API: churn delivered to 10 watchers',
  async run(ctx): Promise<RunOutcome> {
    const { mock, project, plan } = ctx;
    const expected = plan.watchersRate * plan.watchersSeconds;
    const rv = await mock.api.resourceVersion(project);
    const counts = new Array<number>(plan.watchers).fill(0);
    const lastAt = new Array<number>(plan.watchers).fill(0);
    let allIn: () => void = () => undefined;
    const complete = new Promise<void>((resolve) => (allIn = resolve));
    const watches: RawWatch[] = await Promise.all(
      counts.map((_, i) =>
        // Lines counted, not parsed: the readers share one process, and parsing would make them the bottleneck.
        mock.api.countJobEvents(project, rv, (lines, at) => {
          counts[i]! += lines;
          lastAt[i] = at;
          if (counts.every((c) => c >= expected)) allIn();
        }),
      ),
    );
    const started = epochNow();
    await mock.api.churnJobs(project, plan.watchersRate, plan.watchersSeconds);
    // A watcher that falls 32 MB behind is cut off by the mock: waiting for it would only wait for the deadline.
    let cut = 0;
    const allEnded = Promise.all(watches.map((w) => w.done.then(() => void cut++)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, plan.watchersSeconds * 1000 + 10_000)),
    );
    await Promise.race([complete, allEnded, deadline]);
    clearTimeout(timer);
    const ended = cut;
    for (const w of watches) w.close();
    await Promise.allSettled(watches.map((w) => w.done));
    const slowest = Math.min(...counts);
    const seconds = (Math.max(...lastAt) - started) / 1000;
    return {
      figures: [
        {
          id: 'per-watcher',
          label: `delivered per watcher (asked ${plan.watchersRate.toLocaleString('en')}/s)`,
          unit: 'events/s',
          value: slowest / seconds,
        },
        {
          id: 'total',
          label: `delivered to all ${plan.watchers}`,
          unit: 'events/s',
          value: counts.reduce((a, b) => a + b, 0) / seconds,
        },
        {
          id: 'lost',
          label: 'events missing at the slowest watcher',
          unit: 'events',
          value: expected - slowest,
          target: { op: '<=', value: 0 },
        },
        {
          id: 'cut',
          label: 'watchers the mock cut off (fell 32 MB behind)',
          unit: 'count',
          value: ended,
          target: { op: '<=', value: 0 },
        },
      ],
      notes: [
        `${expected.toLocaleString('en')} events asked over ${plan.watchersSeconds} s; the rate counts from the churn request to the last event read; watchers read in the benchmark's process, the mock runs in its own`,
      ],
    };
  },
};
