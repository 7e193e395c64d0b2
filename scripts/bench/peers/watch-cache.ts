/**
 * Peer: our watch cache against @kubernetes/client-node's informer, in Node, on the same list and the same events.
 * How it is kept fair:
 * - each cache runs in a fresh child process (watch-cache-child.ts), the mock in another;
 * - both list the same seeded Jobs in pages of 500 and hold them all (listed one at a time; the order
 *   alternates between runs);
 * - then, per burst, the cache's watch is closed, /_mock/churn makes `burstEvents` MODIFIED events (the churn's
 *   walk over the Jobs, new costs), and the cache resumes from the last version it saw: the mock replays the
 *   burst from its history as fast as the cache reads it, so the figure is what the cache can apply, not how
 *   fast events were made;
 * - ours and client-node take turns of a few bursts each, each turn in a fresh process (who goes first
 *   alternates by run): this machine's speed drifts by a quarter within minutes, and a cache measured minutes
 *   after the other measured the machine as much as the cache. The ratio is the median of each pair of turns';
 *   (the caches cannot simply take bursts in turn in processes kept open: a resume replays every event since the
 *   cache stopped, the other caches' bursts too);
 * - timed from the resume call until the last event of the burst is applied (see caches/*.ts for what "applied"
 *   means for each); each process's first burst warms it up and is not counted, a rate is from the median burst;
 * - two readers that only count lines (caches/baseline.ts) give the ceiling each cache's transport sets: Node's
 *   fetch (ours: the console's client is built on fetch) and node:http (client-node's node-fetch);
 * - a third reader `JSON.parse`s every event over fetch and keeps nothing: the least any cache must do, so the
 *   ceiling ours is held to. It takes turns with the two caches, and ours is compared with it turn by turn;
 * - a fourth does the same and holds every object by uid, having listed them all first: what holding 50,000
 *   objects costs by itself (the garbage collector's share), beside ours in the same way;
 * - ours again, holding rows (`as=Table`: the printed cells and the metadata) instead of objects, as the console's
 *   tables hold them, held to the parse-only reader of the same stream of rows; both in turns too.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsxExecArgv } from '../env/mock.ts';
import { median } from '../stats.ts';
import type { BenchContext, Figure, RunOutcome, Scenario } from '../types.ts';
import type { ChildMessage, ParentMessage } from './watch-cache-child.ts';

const CHILD = fileURLToPath(new URL('./watch-cache-child.ts', import.meta.url));
const PAGE_SIZE = 500;

type Turned = 'ours' | 'client-node' | 'baseline-parse' | 'baseline-keep' | 'ours-rows' | 'baseline-parse-rows';
type Which = Turned | 'baseline' | 'baseline-http';

interface CacheFigures {
  name: string;
  listMs: number;
  heapMB: number;
  eventsPerSecond: number;
}

function reply<T extends ChildMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ChildMessage, { type: T }>> {
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

/** One cache's turn: a fresh process lists, warms up on one burst, then applies `bursts` bursts. */
interface CacheTurn {
  name: string;
  listMs: number;
  heapMB: number;
  /** Milliseconds per counted burst. */
  times: number[];
}

/** Bursts applied per turn of ours and of client-node (see `run`). */
const BURSTS_PER_TURN = 2;

async function session(ctx: BenchContext, which: Which, bursts: number): Promise<CacheTurn> {
  const { plan } = ctx;
  // NODUS_BENCH_CACHE_PROFILE=DIR: V8 CPU profiles of each cache's process (one per thread), in DIR/<cache>.
  const dir = process.env.NODUS_BENCH_CACHE_PROFILE;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}/${which}`] : [];
  const child = fork(CHILD, [which, ctx.mock.url, ctx.project, String(PAGE_SIZE)], {
    execArgv: tsxExecArgv(['--expose-gc', ...profile]),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const synced = await reply(child, 'synced');
    const holds = which === 'baseline-keep' || !which.startsWith('baseline');
    if (holds && synced.objects !== plan.size)
      throw new Error(`${synced.name} holds ${synced.objects} objects, expected ${plan.size}`);
    const times: number[] = [];
    // One burst first, not counted: every cache (and the mock's replay) gets the same warm-up.
    for (let i = 0; i <= bursts; i++) {
      await burst(ctx, plan.burstEvents);
      const applied = reply(child, 'applied');
      child.send({ type: 'burst', events: plan.burstEvents } satisfies ParentMessage);
      const { ms } = await applied;
      if (i > 0) times.push(ms);
    }
    return { name: synced.name, listMs: synced.listMs, heapMB: synced.heapMB, times };
  } finally {
    if (child.connected) child.send({ type: 'exit' } satisfies ParentMessage);
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

export const watchCache: Scenario = {
  id: 'watch-cache',
  title: 'peer: watch cache, ours vs @kubernetes/client-node informer (Node)',
  async run(ctx, run): Promise<RunOutcome> {
    const baseline = await session(ctx, 'baseline', ctx.plan.bursts);
    const httpBaseline = await session(ctx, 'baseline-http', ctx.plan.bursts);
    // Ours and client-node take turns, a few bursts each, in fresh processes (who goes first alternates by run):
    // this machine's speed drifts by a quarter within minutes, so each pair of turns compares them in the same
    // minutes, and the ratio is the median of the pairs'.
    const pairs = Math.max(1, Math.ceil(ctx.plan.bursts / BURSTS_PER_TURN));
    const order: Turned[] =
      run % 2 === 0
        ? ['ours', 'client-node', 'baseline-parse', 'baseline-keep', 'ours-rows', 'baseline-parse-rows']
        : ['baseline-parse-rows', 'ours-rows', 'baseline-keep', 'baseline-parse', 'client-node', 'ours'];
    const turns: Record<Turned, CacheTurn[]> = {
      ours: [],
      'client-node': [],
      'baseline-parse': [],
      'baseline-keep': [],
      'ours-rows': [],
      'baseline-parse-rows': [],
    };
    const ratios: number[] = [];
    const ofCeiling: number[] = [];
    const ofHolding: number[] = [];
    const rowsOfCeiling: number[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      for (const which of order) turns[which].push(await session(ctx, which, BURSTS_PER_TURN));
      const oursMs = median(turns.ours.at(-1)!.times);
      ratios.push(median(turns['client-node'].at(-1)!.times) / oursMs);
      ofCeiling.push(median(turns['baseline-parse'].at(-1)!.times) / oursMs);
      ofHolding.push(median(turns['baseline-keep'].at(-1)!.times) / oursMs);
      rowsOfCeiling.push(median(turns['baseline-parse-rows'].at(-1)!.times) / median(turns['ours-rows'].at(-1)!.times));
    }
    const figuresOf = (all: CacheTurn[]): CacheFigures => ({
      name: all[0]!.name,
      listMs: median(all.map((t) => t.listMs)),
      heapMB: median(all.map((t) => t.heapMB)),
      // The median burst: this machine's other work (a GC in the mock, another process) lands in one burst, not all.
      eventsPerSecond: (ctx.plan.burstEvents * 1000) / median(all.flatMap((t) => t.times)),
    });
    const ours = figuresOf(turns.ours);
    const theirs = figuresOf(turns['client-node']);
    const base = figuresOf([baseline]);
    const httpBase = figuresOf([httpBaseline]);
    const parse = figuresOf(turns['baseline-parse']);
    const keep = figuresOf(turns['baseline-keep']);
    const rows = figuresOf(turns['ours-rows']);
    const parseRows = figuresOf(turns['baseline-parse-rows']);
    const figures: Figure[] = [
      { id: 'ours-rate', label: 'ours: events applied per second', unit: 'events/s', value: ours.eventsPerSecond },
      {
        id: 'theirs-rate',
        label: 'client-node informer: events applied per second',
        unit: 'events/s',
        value: theirs.eventsPerSecond,
      },
      // Each turn of ours against the client-node turn next to it in time; the median of those ratios.
      {
        id: 'ratio',
        label: 'ratio ours / client-node (events/s), turn by turn',
        unit: '×',
        value: median(ratios),
        target: { op: '>=', value: 1 },
      },
      {
        id: 'parse-rate',
        label: 'ceiling: the same stream, each event JSON.parsed, nothing kept (fetch)',
        unit: 'events/s',
        value: parse.eventsPerSecond,
      },
      // Ours against the parse-only reader's turn beside it in time; the median of those ratios.
      {
        id: 'of-ceiling',
        label: 'ratio ours / parse ceiling (events/s), turn by turn',
        unit: '×',
        value: median(ofCeiling),
        target: { op: '>=', value: 0.8 },
      },
      {
        id: 'keep-rate',
        label: 'the same, each object also held by uid after listing them all (what holding costs)',
        unit: 'events/s',
        value: keep.eventsPerSecond,
      },
      // Ours against the reader that holds the objects too: how much of the gap to the ceiling is holding them.
      {
        id: 'of-holding',
        label: 'ratio ours / parse-and-hold reader (events/s), turn by turn',
        unit: '×',
        value: median(ofHolding),
      },
      {
        id: 'baseline-rate',
        label: 'ceiling: the same stream, lines counted only (fetch, as ours reads)',
        unit: 'events/s',
        value: base.eventsPerSecond,
      },
      {
        id: 'baseline-http-rate',
        label: 'the same over node:http (as client-node reads)',
        unit: 'events/s',
        value: httpBase.eventsPerSecond,
      },
      {
        id: 'ours-list',
        label: `ours: list ${ctx.plan.size.toLocaleString('en')} and watch`,
        unit: 'ms',
        value: ours.listMs,
      },
      {
        id: 'theirs-list',
        label: `client-node: list ${ctx.plan.size.toLocaleString('en')} and watch`,
        unit: 'ms',
        value: theirs.listMs,
      },
      { id: 'ours-heap', label: 'ours: heap holding them (after GC)', unit: 'MB', value: ours.heapMB },
      { id: 'theirs-heap', label: 'client-node: heap holding them (after GC)', unit: 'MB', value: theirs.heapMB },
      // The same cache holding rows (as=Table: printed cells and metadata), the design a table of 200,000 needs.
      {
        id: 'rows-rate',
        label: 'ours holding rows (as=Table): events applied per second',
        unit: 'events/s',
        value: rows.eventsPerSecond,
      },
      {
        id: 'rows-parse-rate',
        label: 'ceiling for rows: the stream of rows, each event JSON.parsed, nothing kept (fetch)',
        unit: 'events/s',
        value: parseRows.eventsPerSecond,
      },
      {
        id: 'rows-of-ceiling',
        label: 'ratio ours holding rows / its parse ceiling (events/s), turn by turn',
        unit: '×',
        value: median(rowsOfCeiling),
        target: { op: '>=', value: 0.8 },
      },
      {
        id: 'rows-list',
        label: `ours holding rows: list ${ctx.plan.size.toLocaleString('en')} and watch`,
        unit: 'ms',
        value: rows.listMs,
      },
      { id: 'rows-heap', label: 'ours holding rows: heap holding them (after GC)', unit: 'MB', value: rows.heapMB },
    ];
    return {
      figures,
      notes: [
        `per run: bursts of ${ctx.plan.burstEvents.toLocaleString('en')} MODIFIED events replayed from the mock's history on resume, each process warmed up by one burst first; each ceiling's reader takes ${ctx.plan.bursts}, then ours, client-node, the parse-only reader, the parse-and-hold reader, ours holding rows and the parse-only reader of rows take ${pairs} turn(s) each of ${BURSTS_PER_TURN} bursts, in fresh processes, one after the other; rates from each cache's median burst, each ratio is the median of ours against the turn beside it`,
      ],
    };
  },
};
