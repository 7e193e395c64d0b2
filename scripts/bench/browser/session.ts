/**
 * One browser run: a fresh context and page with the collector injected, the table opened, and what the
 * scenarios ask of the page (milestones, frames, long tasks, the JS heap over CDP). Scenario files stay short.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { epochNow } from '../env/mock.ts';
import { MB, percentile, vsyncIntervals } from '../stats.ts';
import type { BenchContext } from '../types.ts';
import { TablePage } from './page-object.ts';
import type { BenchWindow } from './collector-types.ts';

const COLLECTOR = readFileSync(new URL('./collector.js', import.meta.url), 'utf8');

export interface Marks {
  firstRow?: number;
  firstRowPainted?: number;
  allListed?: number;
  allListedPainted?: number;
}

export interface Session {
  page: Page;
  /** Uncaught errors in the page (the console's or the collector's), for a failure to show. */
  errors: string[];
  table: TablePage;
  cdp: CDPSession;
  close: () => Promise<void>;
}

/** Profiles and traces written so far (their file names count up). */
let profiled = 0;
let traced = 0;
/**
 * What a trace records: the page's tasks with the native work in them named (loading, style, layout, paint, mojo),
 * and the JavaScript's samples beside them (v8.cpu_profiler), so a long task's own functions can be named too.
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'loading',
  'toplevel',
  'blink',
  'mojom',
];

/** `collector`: what the in-page collector looks for; the seeded Jobs' table unless a scenario opens another view. */
export async function openSession(ctx: BenchContext, collector?: Record<string, unknown>): Promise<Session> {
  if (!ctx.browser || !ctx.console) throw new Error('a browser scenario ran without a browser or a console');
  const context: BrowserContext = await ctx.browser.newContext({
    baseURL: ctx.console.url,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const config = collector ?? TablePage.collectorConfig('jobs', ctx.plan.size);
  await page.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};` });
  await page.addInitScript({ content: COLLECTOR });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const profile = ctx.plan.profile;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const trace = ctx.plan.trace ? join(ctx.plan.trace, `session-${++traced}.json`) : undefined;
  if (trace) {
    mkdirSync(ctx.plan.trace!, { recursive: true });
    await ctx.browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
  }
  // A scenario may close early to measure after it (open-table), and again in its `finally`: once is the close.
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= closeOnce());
  const closeOnce = async (): Promise<void> => {
    if (trace) {
      await ctx.browser!.stopTracing();
      ctx.log(`Chromium trace of the session: ${trace}`);
    }
    if (profile) {
      const { profile: data } = await cdp.send('Profiler.stop');
      mkdirSync(profile, { recursive: true });
      const file = join(profile, `session-${++profiled}.cpuprofile`);
      writeFileSync(file, JSON.stringify(data));
      ctx.log(`CPU profile of the session: ${file}`);
    }
    await context.close();
  };
  return { page, errors, table: new TablePage(page, ctx.project, 'jobs'), cdp, close };
}

export function marks(page: Page): Promise<Marks> {
  return page.evaluate(() => (window as unknown as BenchWindow).__bench.marks());
}

/** Opens the table and waits until every object is listed and painted. */
export async function openTable(session: Session, timeoutMs: number): Promise<Marks> {
  await session.table.open();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await marks(session.page);
    if (now.allListedPainted !== undefined && now.firstRowPainted !== undefined) return now;
    if (Date.now() > deadline) {
      const shot = 'bench-results/open-table-failure.png';
      await session.page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(
        `the table did not list every Job within ${timeoutMs / 1000} s (marks: ${JSON.stringify(now)}; page errors: ${JSON.stringify(session.errors)}; screenshot: ${shot}); do the selectors in scripts/bench/browser/page-object.ts still match the console?`,
      );
    }
    await session.page.waitForTimeout(100);
  }
}

/**
 * The JS heap after a full GC, as DevTools' Performance panel reads it, and the ArrayBuffers' memory beside it
 * (outside the JS heap, so not in that figure: a log held as blocks of bytes lives there).
 */
export async function heapAfterGc(session: Session): Promise<{ heapMB: number; buffersMB: number; nodes: number }> {
  await session.cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await session.cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  const usage = (await session.cdp.send('Runtime.getHeapUsage')) as { backingStorageSize?: number };
  return {
    heapMB: metric('JSHeapUsedSize') / MB,
    buffersMB: (usage.backingStorageSize ?? 0) / MB,
    nodes: metric('Nodes'),
  };
}

export interface FrameStats {
  frames: number;
  /** p95 of the intervals in whole refreshes (stats.ts vsyncIntervals), and of the raw rAF intervals. */
  p95: number;
  p95Raw: number;
  over50: number;
  longTasks: number;
  longestTask: number;
  loafs: number;
  /** The longest animation frame: how long, and the scripts over 5 ms that ran in it. */
  worstLoaf: { duration: number; scripts: string[] } | undefined;
  worstLoafBlocking: number;
}

/** A note naming what ran in the longest animation frame (none when no frame was long enough to be reported). */
export function worstFrameNote(frames: FrameStats): string[] {
  const worst = frames.worstLoaf;
  if (!worst) return [];
  const scripts = worst.scripts.join('; ') || 'no script over 5 ms (style, layout, paint or garbage collection)';
  return [`longest animation frame ${Math.round(worst.duration)} ms: ${scripts}`];
}

/** Frame intervals (rAF), Long Tasks and Long Animation Frames between two times of the page's clock. */
export async function frameStats(page: Page, start: number, end: number): Promise<FrameStats> {
  const data = await page.evaluate(
    ([from]) => ({
      frames: (window as unknown as BenchWindow).__bench.frames(from),
      tasks: (window as unknown as BenchWindow).__bench.longTasks(from),
      loafs: (window as unknown as BenchWindow).__bench.loafs(from),
    }),
    [start],
  );
  const times = data.frames.filter((t) => t <= end);
  const intervals = times.slice(1).map((t, i) => t - times[i]!);
  const tasks = data.tasks.filter((t) => t.start <= end);
  const loafs = data.loafs.filter((t) => t.start <= end);
  const shown = vsyncIntervals(intervals).frames;
  return {
    frames: intervals.length,
    p95: percentile(shown, 95),
    p95Raw: percentile(intervals, 95),
    over50: shown.filter((i) => i > 50).length,
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
    loafs: loafs.length,
    worstLoafBlocking: Math.max(0, ...loafs.map((l) => l.blocking)),
    worstLoaf: loafs.reduce<{ duration: number; scripts: string[] } | undefined>(
      (worst, l) => (!worst || l.duration > worst.duration ? { duration: l.duration, scripts: l.scripts } : worst),
      undefined,
    ),
  };
}

/** page clock (epoch ms) − this process's clock, from the round trip with the least delay. */
export async function clockOffset(page: Page): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const before = epochNow();
    const inPage = await page.evaluate(
      () => (window as unknown as BenchWindow).__bench.timeOrigin() + (window as unknown as BenchWindow).__bench.now(),
    );
    const after = epochNow();
    if (after - before < best.rtt) best = { rtt: after - before, offset: inPage - (before + after) / 2 };
  }
  return best.offset;
}

/** Polls `poll` every 20 ms until it gives a value; past `timeoutMs`, fails saying `what` did not happen. */
export async function until<T>(what: string, poll: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await poll();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
