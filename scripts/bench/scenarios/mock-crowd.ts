/**
 * The mock API under a crowd of watches: `crowdReaders` watches of one list read every event while /_mock/churn
 * makes `crowdRate` MODIFIED events a second for `crowdSeconds`, and `crowdIdle` more never read a byte. The mock
 * runs in a process of its own, started for this scenario (its RSS is the mock's alone, whatever ran before), the
 * watches in another (watch-crowd.ts), and this process probes /healthz every 50 ms and samples the mock's memory.
 * Readers must get every event in order, /healthz must stay prompt, the mock's memory bounded, and the idle
 * watches must be cut off without costing the readers anything.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { nextMessage, startMock, tsxExecArgv, type MockHandle } from '../env/mock.ts';
import type { CrowdConfig, CrowdMessage } from '../env/watch-crowd.ts';
import { percentile } from '../stats.ts';
import type { RunOutcome, Scenario } from '../types.ts';

const CHILD = fileURLToPath(new URL('../env/watch-crowd.ts', import.meta.url));
const PROJECT = 'crowd';
const PROBE_EVERY_MS = 50;

/** /healthz, one request at a time, until stopped: each latency in ms. */
function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/healthz`);
      await res.text();
      if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
      latencies.push(performance.now() - started);
      await sleep(PROBE_EVERY_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The mock's memory every `everyMs` until stopped: the peaks of its RSS and of its watches' unsent bytes. */
function sampleMemory(mock: MockHandle, everyMs: number) {
  const peak = { rssMB: 0, unsentMB: 0, heldMB: 0, loopDelayMs: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const memory = await mock.memory();
      peak.rssMB = Math.max(peak.rssMB, memory.rssMB);
      peak.unsentMB = Math.max(peak.unsentMB, memory.watchUnsentMB);
      peak.heldMB = Math.max(peak.heldMB, memory.watchHeldMB);
      peak.loopDelayMs = Math.max(peak.loopDelayMs, memory.loopDelayMaxMs);
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

export const mockCrowd: Scenario = {
  id: 'mock-crowd',
  title: 'mock API: a crowd of watchers, some that never read',
  async run(ctx): Promise<RunOutcome> {
    const { plan } = ctx;
    const expected = plan.crowdRate * plan.crowdSeconds;
    // The mock's own limits, as `npm run mock` has them. --quick's idle watches are not cut: in its seconds, the
    // kernel's socket buffers take all that is sent to them.
    const mock = await startMock({ historyLimit: expected + 10_000, speed: 50 });
    let child: ChildProcess | undefined;
    try {
      await mock.api.seedJobs(PROJECT, plan.crowdObjects);
      await mock.memory(); // starts the event loop's measure afresh, after the seeding
      const idleHealth = probeHealth(mock.url);
      await sleep(2_000);
      const idleLatencies = await idleHealth.stop();
      const before = await mock.memory();
      const idleLoopDelay = before.loopDelayMaxMs;
      const resourceVersion = await mock.api.resourceVersion(PROJECT);
      const config: CrowdConfig = {
        url: mock.url,
        path: mock.api.jobsPath(PROJECT),
        resourceVersion,
        readers: plan.crowdReaders,
        idle: plan.crowdIdle,
        expected,
      };
      child = fork(CHILD, [JSON.stringify(config)], {
        execArgv: tsxExecArgv(),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await nextMessage<CrowdMessage, 'ready'>(child, 'ready');
      ctx.log(`mock-crowd: ${plan.crowdReaders} readers and ${plan.crowdIdle} idle watches open`);
      const complete = nextMessage<CrowdMessage, 'complete'>(child, 'complete');
      const health = probeHealth(mock.url);
      const memory = sampleMemory(mock, 500);
      const started = performance.now();
      await mock.api.churnJobs(PROJECT, plan.crowdRate, plan.crowdSeconds);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, plan.crowdSeconds * 1000 + 20_000)));
      await Promise.race([complete, deadline]);
      clearTimeout(timer);
      const deliveredSeconds = (performance.now() - started) / 1000;
      const latencies = await health.stop();
      const peak = await memory.stop();
      const reply = nextMessage<CrowdMessage, 'report'>(child, 'report');
      child.send({ type: 'report' });
      const { report } = await reply;
      const after = await mock.memory();
      return {
        figures: [
          { id: 'healthz-p50', label: '/healthz p50 under the crowd', unit: 'ms', value: percentile(latencies, 50) },
          { id: 'healthz-p99', label: '/healthz p99 under the crowd', unit: 'ms', value: percentile(latencies, 99) },
          {
            id: 'healthz-max',
            label: '/healthz slowest under the crowd',
            unit: 'ms',
            value: Math.max(...latencies),
            target: { op: '<=', value: 100 },
          },
          {
            id: 'loop-delay',
            label: "the mock's event loop, longest held up (its own measure)",
            unit: 'ms',
            value: peak.loopDelayMs,
          },
          {
            id: 'healthz-idle-p99',
            label: '/healthz p99 before the watches opened (same mock)',
            unit: 'ms',
            value: percentile(idleLatencies, 99),
          },
          {
            id: 'loop-delay-idle',
            label: 'its event loop, longest held up before the watches opened',
            unit: 'ms',
            value: idleLoopDelay,
          },
          {
            id: 'rss-peak',
            label: "mock's RSS, highest sampled",
            unit: 'MB',
            value: peak.rssMB,
            target: { op: '<=', value: 1000 },
          },
          { id: 'rss-before', label: "mock's RSS before the watches opened", unit: 'MB', value: before.rssMB },
          {
            id: 'unsent-peak',
            label: 'unsent watch output, highest (sum over watches)',
            unit: 'MB',
            value: peak.unsentMB,
          },
          {
            id: 'held-peak',
            label: 'the same, bytes shared by a group counted once',
            unit: 'MB',
            value: peak.heldMB,
          },
          { id: 'unsent-after', label: 'unsent watch output at the end', unit: 'MB', value: after.watchUnsentMB },
          {
            id: 'lost',
            label: `events missing at the slowest reader (of ${expected.toLocaleString('en')})`,
            unit: 'events',
            value: expected - report.fewest,
            target: { op: '<=', value: 0 },
          },
          {
            id: 'out-of-order',
            label: 'readers that saw an event out of order',
            unit: 'count',
            value: report.outOfOrder,
            target: { op: '<=', value: 0 },
          },
          {
            id: 'readers-cut',
            label: `readers cut off (of ${plan.crowdReaders})`,
            unit: 'count',
            value: report.readersCut,
            target: { op: '<=', value: 0 },
          },
          {
            id: 'idle-cut',
            label: `idle watches cut off (of ${plan.crowdIdle})`,
            unit: 'count',
            value: report.idleCut,
            target: { op: '>=', value: plan.crowdIdle },
          },
          { id: 'seconds', label: 'churn request to every reader complete', unit: 's', value: deliveredSeconds },
        ],
        notes: [
          `${plan.crowdReaders.toLocaleString('en')} readers and ${plan.crowdIdle} idle watches of ${plan.crowdObjects.toLocaleString('en')} Jobs, ${plan.crowdRate}/s for ${plan.crowdSeconds} s; ${latencies.length} /healthz probes (every ${PROBE_EVERY_MS} ms, from the benchmark's process), ${idleLatencies.length} before; the mock and the watches each in a process of their own`,
        ],
      };
    } finally {
      child?.kill();
      await mock.close();
    }
  },
};
