/**
 * The watch's objects: list order kept through events (a modified object keeps its place, a deleted one leaves,
 * a new one goes last), views that never change once taken, and each view's record of what changed since the
 * one before, which is what lets a table skip reading all 50,000 objects on every frame.
 */
import { describe, expect, it } from 'vitest';
import type { WatchObjectEvent } from '../client/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { ObjectIndex } from './object-index.ts';

let rv = 0;
function job(name: string, cost = 0): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, namespace: 'p', uid: `uid-${name}`, resourceVersion: String(++rv) },
    status: { costUSD: String(cost) },
  };
}
const names = (items: readonly NodusObject[]) => items.map((o) => o.metadata.name);
const apply = (index: ObjectIndex<NodusObject>, events: WatchObjectEvent<NodusObject>[]) => {
  for (const event of events) index.queue(event);
  return index.applyPending();
};

describe('ObjectIndex', () => {
  it('keeps list order through events, and a view taken before a change never sees it', () => {
    const index = new ObjectIndex<NodusObject>();
    index.replace(['a', 'b', 'c', 'd'].map((n) => job(n)));
    const before = index.view();
    const items = before.items;
    const b2 = job('b', 5);
    apply(index, [
      { type: 'MODIFIED', object: b2 },
      { type: 'DELETED', object: job('c') },
      { type: 'ADDED', object: job('e') },
    ]);
    const after = index.view();
    expect(names(after.items)).toEqual(['a', 'b', 'd', 'e']);
    expect(after.items[1]).toBe(b2);
    expect(after.size).toBe(4);
    expect(index.get('uid-b')).toBe(b2);
    expect(index.get('uid-c')).toBeUndefined();
    // The earlier view is as it was, whether or not its array had been built before the change.
    expect(before.items).toBe(items);
    expect(names(before.items)).toEqual(['a', 'b', 'c', 'd']);
    expect(before.version).not.toBe(after.version);
  });

  it('says what changed since the view before, each object once, as a diff would', () => {
    const index = new ObjectIndex<NodusObject>();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => job(n)) as [NodusObject, NodusObject, NodusObject];
    index.replace([a, b, c]);
    const first = index.view();
    // The first objects of a list: nothing to compare with, so no changes are claimed.
    expect(first.changes).toBeUndefined();
    const a2 = job('a', 1);
    const a3 = job('a', 2);
    const d = job('d');
    apply(index, [
      { type: 'MODIFIED', object: a2 },
      { type: 'DELETED', object: b },
      { type: 'ADDED', object: d },
    ]);
    // Two flushes before anyone looked: a modified again, d added and gone again.
    apply(index, [
      { type: 'MODIFIED', object: a3 },
      { type: 'DELETED', object: d },
    ]);
    const second = index.view();
    expect(second.changes).toEqual({ from: first.version, added: [], removed: [b], modified: [[a, a3]] });
    // Nothing changed since: the same view.
    apply(index, [{ type: 'MODIFIED', object: a3 }]);
    expect(index.view()).toBe(second);
    // A relist is not tracked one by one: the next view says it does not know.
    index.replace([c]);
    expect(index.view().changes).toBeUndefined();
  });

  it('records the pages of a first list as added, so a reader takes each page alone', () => {
    const index = new ObjectIndex<NodusObject>();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => job(n)) as [NodusObject, NodusObject, NodusObject];
    index.add([a]);
    const first = index.view();
    index.add([b]);
    index.add([c]);
    const second = index.view();
    expect(second.changes).toEqual({ from: first.version, added: [b, c], removed: [], modified: [] });
    // The whole list at its end holds the same objects: no new view, nothing for readers to walk.
    index.replace([a, b, c]);
    expect(index.view()).toBe(second);
  });

  it('ends a first list with what its pages did not say: a newer version listed, or one the pages lacked', () => {
    const index = new ObjectIndex<NodusObject>();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => job(n)) as [NodusObject, NodusObject, NodusObject];
    index.add([a, b]);
    index.add([c]);
    index.view();
    const b2 = { ...b, metadata: { ...b.metadata, resourceVersion: String(++rv) } };
    expect(index.replace([a, b2, c])).toBe(true);
    expect(index.view().items).toEqual([a, b2, c]);
    expect(index.replace([a, b2, c, job('d')])).toBe(true);
    expect(names(index.view().items)).toEqual(['a', 'b', 'c', 'd']);
    expect(index.replace([a, b2])).toBe(true);
    expect(names(index.view().items)).toEqual(['a', 'b']);
  });

  it('holds 50,000 objects in chunks, so a view after a few changes shares every chunk but the changed one', () => {
    const index = new ObjectIndex<NodusObject>();
    const all = Array.from({ length: 50_000 }, (_, i) => job(`job-${i}`));
    index.replace(all);
    const before = index.view();
    const changed = job('job-30000', 9);
    apply(index, [{ type: 'MODIFIED', object: changed }]);
    const after = index.view();
    expect(after.changes?.modified).toEqual([[all[30000], changed]]);
    expect(after.items[30000]).toBe(changed);
    expect(before.items[30000]).toBe(all[30000]);
    expect(after.items.filter((o, i) => o !== before.items[i])).toEqual([changed]);
  });

  it('holds an object listed twice once, so its objects and their count agree', () => {
    const index = new ObjectIndex<NodusObject>();
    const [a, b] = [job('a'), job('b')];
    const a2 = { ...a, status: { costUSD: '2' } };
    index.replace([a, b, a2]);
    expect(index.size).toBe(2);
    expect(index.values()).toEqual([a2, b]);
  });

  it('closes the gaps deletions leave without changing the order', () => {
    const index = new ObjectIndex<NodusObject>();
    const all = Array.from({ length: 5_000 }, (_, i) => job(`job-${String(i).padStart(4, '0')}`));
    index.replace(all);
    // Every other one of the first 4,000 goes, then new ones come: far past the point where gaps are closed.
    apply(
      index,
      all
        .slice(0, 4000)
        .filter((_, i) => i % 2 === 0)
        .map((object) => ({ type: 'DELETED' as const, object })),
    );
    const late = Array.from({ length: 10 }, (_, i) => job(`late-${i}`));
    apply(
      index,
      late.map((object) => ({ type: 'ADDED' as const, object })),
    );
    const kept = [...all.slice(0, 4000).filter((_, i) => i % 2 === 1), ...all.slice(4000), ...late];
    expect(index.size).toBe(kept.length);
    expect(index.values()).toEqual(kept);
    for (const object of kept) expect(index.get(object.metadata.uid!)).toBe(object);
  });
});
