/**
 * The floor under a cold start: a bare page of the console's origin (floor-page.js: one small script, no framework,
 * no styles) asks for the list the console asked for and shows its first rows, in a session set up as the
 * console's is (a fresh context, the collector and its milestone for the first row, DevTools' record of the
 * request). What the console takes beyond it is its own: its JavaScript, its shell and its table.
 */
import { DEMO_API_KEY } from '../../../../src/shared/protocol.ts';
import { FLOOR_PAGE } from '../../env/console-server.ts';
import type { BenchContext } from '../../types.ts';
import { TablePage } from '../page-object.ts';
import { marks, openSession, until } from '../session.ts';
import { streamedLists } from '../streamed-list.ts';

export interface FloorFirstRows {
  /** When the bare page asked for the list (ms from navigation). */
  asked: number;
  /** When its first rows were painted (ms from navigation). */
  painted: number;
}

/** Rows the bare page shows: about what the console's table shows in the benchmark's window. */
const FLOOR_ROWS = 30;

/** `list`: the path and query the console asked for; `accept`: its Accept header. */
export async function floorFirstRows(ctx: BenchContext, list: string, accept: string): Promise<FloorFirstRows> {
  const session = await openSession(ctx, { ...TablePage.collectorConfig('jobs', ctx.plan.size), frames: false });
  try {
    const streamed = await streamedLists(session.page, session.cdp, /\/jobs\?/);
    const query = new URLSearchParams({ list, accept, key: DEMO_API_KEY, label: 'Jobs', rows: String(FLOOR_ROWS) });
    await session.page.goto(`${FLOOR_PAGE}?${query}`);
    const painted = await until(
      'the bare page did not paint its first rows',
      async () => {
        if (session.errors.length > 0) throw new Error(`the bare page failed: ${session.errors.join('; ')}`);
        return (await marks(session.page)).firstRowPainted;
      },
      ctx.plan.openTimeoutMs,
    );
    const stream = await streamed();
    if (!stream) throw new Error('the bare page’s list was not seen');
    return { asked: stream.start, painted };
  } finally {
    await session.close();
  }
}
