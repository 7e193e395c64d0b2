/**
 * The project the usage scenarios read: `plan.size` Jobs seeded with `USAGE_DAYS` days of charges (one a day
 * each), so the ledger holds a month of history. Seeded once per mock, by whichever scenario asks first; the table
 * scenarios' own project stays without history, so their figures do not move with the ledger's size.
 */
import type { MockHandle } from '../env/mock.ts';

export const USAGE_PROJECT = 'bench-usage';
export const USAGE_DAYS = 30;

const seeded = new WeakMap<MockHandle, Promise<number>>();

/** Seeds the project on first use; resolves to how long the seeding took (ms). */
export function usageProject(mock: MockHandle, size: number): Promise<number> {
  let done = seeded.get(mock);
  if (!done) {
    done = (async () => {
      const started = performance.now();
      for (let n = 0; n < size;) {
        const count = Math.min(100_000, size - n);
        await mock.api.post('/_mock/seed', { project: USAGE_PROJECT, kind: 'Job', count, historyDays: USAGE_DAYS });
        n += count;
      }
      return performance.now() - started;
    })();
    seeded.set(mock, done);
  }
  return done;
}
