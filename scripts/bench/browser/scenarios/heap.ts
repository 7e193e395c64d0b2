/**
 * The console: the JS heap with every seeded Job listed, read over CDP (Performance.getMetrics, JSHeapUsedSize)
 * after HeapProfiler.collectGarbage, so it is what the page holds, not garbage awaiting collection.
 */
import { heapAfterGc, openSession, openTable } from '../session.ts';
import type { RunOutcome, Scenario } from '../../types.ts';

export const heapListed: Scenario = {
  id: 'heap',
  title: 'the console: JS heap with the seeded Jobs listed',
  needsBrowser: true,
  async run(ctx): Promise<RunOutcome> {
    const session = await openSession(ctx);
    try {
      await openTable(session, ctx.plan.openTimeoutMs);
      const { heapMB, buffersMB, nodes } = await heapAfterGc(session);
      return {
        figures: [
          {
            id: 'heap',
            label: `JS heap, ${ctx.plan.size.toLocaleString('en')} listed, after GC`,
            unit: 'MB',
            value: heapMB,
            target: { op: '<=', value: 300 },
          },
          { id: 'buffers', label: 'ArrayBuffers beside it (after GC)', unit: 'MB', value: buffersMB },
          { id: 'dom-nodes', label: 'DOM nodes', unit: 'count', value: nodes },
        ],
        notes: ['V8 heap of the page only; the DOM lives outside it (hence the node count)'],
      };
    } finally {
      await session.close();
    }
  },
};
