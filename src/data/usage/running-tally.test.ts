import { describe, expect, it } from 'vitest';
import type { IndexChanges } from '@/data/watch/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { RunningTally, type TallySource } from './running-tally.ts';

function job(uid: string, phase: string, rate?: string, cost = '0.00', deleting = false): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name: uid, uid, ...(deleting ? { deletionTimestamp: '2026-12-04T00:00:00Z' } : {}) },
    status: { phase, costUSD: cost, ...(rate ? { rateUSDPerHour: rate } : {}) },
  };
}

function source(version: number, items: NodusObject[], changes?: IndexChanges<NodusObject>): TallySource {
  return { version, items, changes };
}

describe('RunningTally', () => {
  it('sums the rates and costs of what runs and is not being deleted', () => {
    const tally = new RunningTally();
    expect(
      tally.follow(
        source(1, [
          job('a', 'Running', '1.5', '2.00'),
          job('b', 'Running', '0.288', '0.10'),
          job('c', 'Succeeded', '9.00', '5.00'),
          job('d', 'Running', '3.00', '1.00', true),
          job('e', 'Running'),
        ]),
      ),
    ).toBe(true);
    expect(tally.rate).toBe(17_880);
    expect(tally.cost).toBe(21_000);
    expect(tally.count).toBe(2);
    expect(tally.rateOf('b')).toBe(2_880);
    expect(tally.rateOf('c')).toBeUndefined();
    expect(tally.follow(source(1, []))).toBe(false);
  });

  it("follows a snapshot's changes without reading its items, and counts again when it cannot follow", () => {
    const tally = new RunningTally();
    const a = job('a', 'Running', '1.00', '1.00');
    const b = job('b', 'Running', '2.00');
    tally.follow(source(1, [a, b]));
    const charged = job('a', 'Running', '1.00', '1.25');
    const c = job('c', 'Running', '4.00');
    // Items that disagree with the changes prove the changes are what is read.
    const unread = [job('x', 'Running', '99.00')];
    tally.follow(source(2, unread, { from: 1, added: [c], removed: [b], modified: [[a, charged]] }));
    expect(tally.rate).toBe(50_000);
    expect(tally.cost).toBe(12_500);
    expect(tally.count).toBe(2);
    // A stop arrives as a change to a phase other than Running.
    tally.follow(source(3, unread, { from: 2, added: [], removed: [], modified: [[c, job('c', 'Stopped', '4.00')]] }));
    expect(tally.rate).toBe(10_000);
    // Changes from a version it did not see: the items are counted instead.
    tally.follow(source(5, [b], { from: 4, added: [], removed: [], modified: [] }));
    expect(tally.rate).toBe(20_000);
    expect(tally.count).toBe(1);
  });
});
