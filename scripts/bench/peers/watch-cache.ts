/**
 * Peer: our watch cache against @kubernetes/client-node's informer, in Node, on the same list and the same events.
 * How it is kept fair:
 * - each cache runs in a fresh child process (watch-cache-child.ts), one at a time, the mock in another; the
 *   order alternates between runs;
 * - both list the same seeded Jobs in pages of 500 and hold them all;
 * - then, per burst, the cache's watch is closed, /_mock/churn makes the same `burstEvents` MODIFIED events (the
 *   same objects in the same order, the same new costs), and the cache resumes from the last version it saw: the
 *   mock replays the burst from its history as fast as the cache reads it, so the figure is what the cache can
 *   apply, not how fast events were made;
 * - timed from the resume call until the last event of the burst is applied (see caches/*.ts for what "applied"
 *   means for each); the first burst warms both up and is not counted, the rate is from the median burst;
 * - a third reader that only counts lines (caches/baseline.ts) gives the ceiling the transport sets.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsxExecArgv } from '../env/mock.ts';
import { median } from '../stats.ts';
import type { BenchContext, Figure, RunOutcome, Scenario } from '../types.ts';
import type { ChildMessage, ParentMessage } from './watch-cache-child.ts';

const CHILD = fileURLToPath(new URL('./watch-cache-child.ts', import.meta.url));
const PAGE_SIZE = 500;

type Which = 'baseline' | 'ours' | 'client-node';

interface CacheFigures {
  name: string;
  listMs: number;
  heapMB: number;
  eventsPerSecond: number;
}

function reply<T extends ChildMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'failed') reject(new Error(`watch cache child: ${message.message}`));
      else if (message.type === type) resolve(message as Extract<ChildMessage, { type: T }>);
      else return;
      cleanup();
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`watch cache child exited (${code}) before "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Makes one burst of MODIFIED events and resolves once the mock has committed all of them. */
async function burst(ctx: BenchContext, events: number): Promise<void> {
  const { mock, project } = ctx;
  let seen = 0;
  let all: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (all = resolve));
  const watch = await mock.api.watchJobs(project, await mock.api.resourceVersion(project), (event) => {
    if (event.type === 'MODIFIED' && ++seen >= events) all();
  });
  await mock.api.churnJobs(project, events, 1);
  await done;
  watch.close();
  await watch.done;
}

async function measure(ctx: BenchContext, which: Which): Promise<CacheFigures> {
  const { plan } = ctx;
  const child = fork(CHILD, [which, ctx.mock.url, ctx.project, String(PAGE_SIZE)], { execArgv: tsxExecArgv(['--expose-gc']), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const synced = await reply(child, 'synced');
    if (which !== 'baseline' && synced.objects !== plan.size) throw new Error(`${synced.name} holds ${synced.objects} objects, expected ${plan.size}`);
    const times: number[] = [];
    // One burst first, not counted: both caches (and the mock's replay) get the same warm-up.
    for (let i = 0; i <= plan.bursts; i++) {
      await burst(ctx, plan.burstEvents);
      const applied = reply(child, 'applied');
      child.send({ type: 'burst', events: plan.burstEvents } satisfies ParentMessage);
      const { ms } = await applied;
      if (i > 0) times.push(ms);
    }
    // The median burst: this machine's other work (a GC in the mock, another process) lands in one burst, not all.
    return { name: synced.name, listMs: synced.listMs, heapMB: synced.heapMB, eventsPerSecond: (plan.burstEvents * 1000) / median(times) };
  } finally {
    if (child.connected) child.send({ type: 'exit' } satisfies ParentMessage);
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

export const watchCache: Scenario = {
  id: 'watch-cache',
  title: 'peer: watch cache, ours vs @kubernetes/client-node informer (Node)',
  async run(ctx, run): Promise<RunOutcome> {
    const order: Which[] = run % 2 === 0 ? ['baseline', 'ours', 'client-node'] : ['baseline', 'client-node', 'ours'];
    const results = new Map<Which, CacheFigures>();
    for (const which of order) results.set(which, await measure(ctx, which));
    const baseline = results.get('baseline')!;
    const ours = results.get('ours')!;
    const theirs = results.get('client-node')!;
    const figures: Figure[] = [
      { id: 'ours-rate', label: 'ours: events applied per second', unit: 'events/s', value: ours.eventsPerSecond },
      { id: 'theirs-rate', label: 'client-node informer: events applied per second', unit: 'events/s', value: theirs.eventsPerSecond },
      { id: 'ratio', label: 'ratio ours / client-node (events/s)', unit: '×', value: ours.eventsPerSecond / theirs.eventsPerSecond, target: { op: '>=', value: 1 } },
      { id: 'baseline-rate', label: 'ceiling: the same stream, lines counted only', unit: 'events/s', value: baseline.eventsPerSecond },
      { id: 'ours-list', label: `ours: list ${ctx.plan.size.toLocaleString('en')} and watch`, unit: 'ms', value: ours.listMs },
      { id: 'theirs-list', label: `client-node: list ${ctx.plan.size.toLocaleString('en')} and watch`, unit: 'ms', value: theirs.listMs },
      { id: 'ours-heap', label: 'ours: heap holding them (after GC)', unit: 'MB', value: ours.heapMB },
      { id: 'theirs-heap', label: 'client-node: heap holding them (after GC)', unit: 'MB', value: theirs.heapMB },
    ];
    return {
      figures,
      notes: [`per cache and run: a warm-up burst, then ${ctx.plan.bursts} burst(s) of ${ctx.plan.burstEvents.toLocaleString('en')} MODIFIED events replayed from the mock's history on resume, rate from the median burst; each cache in its own Node process, one at a time; order alternates by run`],
    };
  },
};
