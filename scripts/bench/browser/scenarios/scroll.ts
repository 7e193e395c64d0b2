/**
 * The console: scroll the table of every seeded Job from top to bottom, one step a frame (`scrollFrames` steps:
 * a fling, every frame a new screenful), and read the frames it took: p95 interval, intervals over 50 ms, and the
 * most rows the DOM held meanwhile. Runs on today's table as well as the virtualized one (whatever element
 * scrolls the table is found in the page).
 */
import { frameStats, openSession, openTable, worstFrameNote } from '../session.ts';
import type { RunOutcome, Scenario } from '../../types.ts';
import type { BenchWindow } from '../collector-types.ts';

export const scrollTable: Scenario = {
  id: 'scroll',
  title: 'the console: scroll the table top to bottom',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome> {
    const session = await openSession(ctx);
    try {
      await openTable(session, ctx.plan.openTimeoutMs);
      const scroll = await session.page.evaluate(
        (steps) => (window as unknown as BenchWindow).__bench.scrollThrough(steps),
        ctx.plan.scrollFrames,
      );
      const frames = await frameStats(session.page, scroll.start, scroll.end);
      return {
        figures: [
          { id: 'p95', label: 'p95 frame time', unit: 'ms', value: frames.p95, target: { op: '<=', value: 16.7 } },
          { id: 'p95-raw', label: 'the same from raw rAF intervals (0.1 ms clock)', unit: 'ms', value: frames.p95Raw },
          {
            id: 'over50',
            label: 'frames over 50 ms',
            unit: 'count',
            value: frames.over50,
            target: { op: '<=', value: 0 },
          },
          {
            id: 'rows',
            label: 'most rows in the DOM',
            unit: 'rows',
            value: scroll.maxRows,
            target: { op: '<=', value: 200 },
          },
          {
            id: 'seconds',
            label: `time for ${ctx.plan.scrollFrames} steps`,
            unit: 'ms',
            value: scroll.end - scroll.start,
          },
        ],
        notes: [
          `${ctx.plan.scrollFrames} steps over ${Math.round(scroll.range).toLocaleString('en')} px of ${scroll.scroller}; ${frames.frames} frames measured`,
          ...worstFrameNote(frames),
        ],
      };
    } finally {
      await session.close();
    }
  },
};
