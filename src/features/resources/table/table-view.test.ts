/**
 * The table's rows stay exactly what sorting and filtering everything afresh would give, however the watch's
 * snapshots change (the real ObjectIndex makes them, so their order is the watch's), while only changed
 * objects are moved and the rows array is never replaced.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WatchObjectEvent } from '@/data/client/index.ts';
import { ObjectIndex, type IndexView } from '@/data/watch/object-index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { diffById, diffSnapshots } from './snapshot-diff.ts';
import { compareKeys, TableView, tiebreak, type ViewSpec } from './table-view.ts';

let rv = 0;
function job(name: string, cost: number | undefined, phase = 'Running', namespace = 'p'): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, namespace, uid: `job_${namespace}_${name}`, resourceVersion: String(++rv) },
    status: { phase, ...(cost === undefined ? {} : { costUSD: cost.toFixed(2) }) },
  };
}

const byCost = (desc: boolean, match?: (o: NodusObject) => boolean): ViewSpec<NodusObject> => ({
  id: `cost:${desc}:${match ? 'f' : ''}`,
  key: (o) => (o.status?.costUSD === undefined ? undefined : Number(o.status.costUSD)),
  desc,
  match,
});

function expected(items: readonly NodusObject[], spec: ViewSpec<NodusObject>): NodusObject[] {
  return items
    .filter((o) => !spec.match || spec.match(o))
    .sort((a, b) => compareKeys(spec.key(a), spec.key(b), spec.desc) || tiebreak(a, b));
}

/** A seeded PRNG, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('TableView', () => {
  it('sorts with blanks last, then by name', () => {
    const view = new TableView<NodusObject>();
    const items = [job('c', 2), job('a', undefined), job('b', 2), job('d', 1)];
    expect(view.update(items, byCost(false)).rows.map((o) => o.metadata.name)).toEqual(['d', 'b', 'c', 'a']);
    expect(view.update(items, byCost(true)).rows.map((o) => o.metadata.name)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('returns the same result for the same snapshot and spec, and reports no change on the first one', () => {
    const view = new TableView<NodusObject>();
    const items = [job('a', 1)];
    const spec = byCost(false);
    const first = view.update(items, spec);
    expect(first.changed).toEqual([]);
    expect(view.update(items, { ...spec })).toBe(first);
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`matches a full sort after every flush of random events (seed ${seed})`, () => {
      const draw = random(seed);
      const index = new ObjectIndex<NodusObject>();
      index.replace(
        Array.from({ length: 400 }, (_, i) =>
          job(`job-${String(i).padStart(4, '0')}`, i % 7 === 0 ? undefined : Math.floor(draw() * 50)),
        ),
      );
      const cheap = (o: NodusObject) => Number(o.status?.costUSD ?? 99) < 25;
      const specs = [byCost(false), byCost(true, cheap)];
      const views = specs.map(() => new TableView<NodusObject>());
      const arrays = views.map((v, i) => v.update(index.values(), specs[i]!).rows);
      let next = 400;
      for (let flush = 0; flush < 60; flush++) {
        const live = index.values();
        for (let e = Math.floor(draw() * 30); e > 0; e--) {
          const r = draw();
          const target = live[Math.floor(draw() * live.length)];
          let event: WatchObjectEvent<NodusObject>;
          if (r < 0.15 || !target) event = { type: 'ADDED', object: job(`new-${next++}`, Math.floor(draw() * 50)) };
          else if (r < 0.3) event = { type: 'DELETED', object: target };
          else
            event = {
              type: 'MODIFIED',
              object: job(target.metadata.name!, draw() < 0.1 ? undefined : Math.floor(draw() * 50)),
            };
          index.queue(event);
        }
        index.applyPending();
        // A relist now and then: the same objects in another order, most of them unchanged.
        if (flush % 17 === 16) index.replace([...index.values()].reverse());
        views.forEach((view, i) => {
          const result = view.update(index.values(), specs[i]!);
          expect(result.rows).toBe(arrays[i]);
          expect(result.rows.map((o) => o.metadata.uid)).toEqual(
            expected(index.values(), specs[i]!).map((o) => o.metadata.uid),
          );
        });
      }
    });
  }

  it("merges a list's next pages into the rows without sorting the rows already there", () => {
    const view = new TableView<NodusObject>();
    let keys = 0;
    const spec: ViewSpec<NodusObject> = { id: 'name', key: (o) => (keys++, o.metadata.name), desc: false };
    const name = (i: number) => `job-${String(i).padStart(5, '0')}`;
    const first = Array.from({ length: 1000 }, (_, i) => job(name(i * 2), i));
    const rows = view.update(first, spec).rows;
    // The next pages: 600 objects that sort after every row, and 700 that fall in between.
    const after = Array.from({ length: 600 }, (_, i) => job(name(3000 + i), i));
    keys = 0;
    const merged = view.update([...first, ...after], spec);
    expect(merged.rows).toBe(rows);
    // One key per new object and one for the last row: the rows already there were not sorted again.
    expect(keys).toBe(601);
    const between = Array.from({ length: 700 }, (_, i) => job(name(i * 2 + 1), i));
    const all = [...first, ...after, ...between];
    const result = view.update(all, spec);
    expect(result.rows).toBe(rows);
    expect(result.rows.map((o) => o.metadata.uid)).toEqual(expected(all, spec).map((o) => o.metadata.uid));
    // Filtered: only the new objects that match join.
    const cheap: ViewSpec<NodusObject> = {
      id: 'cheap',
      key: (o) => o.metadata.name,
      desc: true,
      match: (o) => Number(o.status?.costUSD) < 300,
    };
    const filtered = new TableView<NodusObject>();
    filtered.update(first, cheap);
    expect(filtered.update(all, cheap).rows.map((o) => o.metadata.uid)).toEqual(
      expected(all, cheap).map((o) => o.metadata.uid),
    );
  });

  it("takes pages that come in the table's order without sorting anything", () => {
    const view = new TableView<NodusObject>();
    const spec: ViewSpec<NodusObject> = { id: 'name', key: (o) => o.metadata.name, desc: false };
    const name = (i: number) => `job-${String(i).padStart(5, '0')}`;
    const pages = [0, 1, 2].map((p) => Array.from({ length: 500 }, (_, i) => job(name(p * 500 + i), i)));
    const sort = vi.spyOn(Array.prototype, 'sort');
    try {
      let listed: NodusObject[] = [];
      for (const page of pages) {
        listed = [...listed, ...page];
        view.update(listed, spec);
      }
      expect(sort).not.toHaveBeenCalled();
      expect(view.update(listed, spec).rows.map((o) => o.metadata.uid)).toEqual(listed.map((o) => o.metadata.uid));
      // A page out of order is still sorted into place.
      const early = Array.from({ length: 600 }, (_, i) => job(`a-${String(599 - i).padStart(5, '0')}`, i));
      const all = [...listed, ...early];
      expect(view.update(all, spec).rows.map((o) => o.metadata.uid)).toEqual(
        expected(all, spec).map((o) => o.metadata.uid),
      );
      expect(sort).toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
  });

  it("sorts a list's first page into an empty table once, reading each key once", () => {
    const view = new TableView<NodusObject>();
    let keys = 0;
    const spec: ViewSpec<NodusObject> = { id: 'name', key: (o) => (keys++, o.metadata.name), desc: false };
    // The watch's first snapshot is empty (the list is loading); its first page holds 400 objects in any order.
    const rows = view.update([], spec).rows;
    const page = Array.from({ length: 400 }, (_, i) => job(`job-${String((i * 7919) % 400).padStart(5, '0')}`, i));
    keys = 0;
    const result = view.update(page, spec);
    expect(result.rows).toBe(rows);
    expect(keys).toBe(400);
    expect(result.rows.map((o) => o.metadata.uid)).toEqual(expected(page, spec).map((o) => o.metadata.uid));
  });

  it("applies a watch snapshot's changes without reading all its objects, and compares all when it missed one", () => {
    const index = new ObjectIndex<NodusObject>();
    const all = Array.from({ length: 2000 }, (_, i) => job(`job-${String(i).padStart(4, '0')}`, i));
    index.replace(all);
    let reads = 0;
    const source = (v: IndexView<NodusObject>) => ({
      version: v.version,
      changes: v.changes,
      get items() {
        reads++;
        return v.items;
      },
    });
    const spec = byCost(false);
    const view = new TableView<NodusObject>();
    const rows = view.update(source(index.view()), spec).rows;
    // A new phase with the new cost: a change worth reporting, not a meter tick.
    const event = (name: string, cost: number): WatchObjectEvent<NodusObject> => ({
      type: 'MODIFIED',
      object: job(name, cost, 'Succeeded'),
    });
    for (const e of [event('job-0001', 5000), event('job-0500', 0.5)]) index.queue(e);
    index.queue({ type: 'DELETED', object: all[7]! });
    index.applyPending();
    reads = 0;
    const next = view.update(source(index.view()), spec);
    expect(reads).toBe(0);
    expect(next.rows).toBe(rows);
    expect(next.changed.map((o) => o.metadata.name)).toEqual(['job-0001', 'job-0500']);
    expect(next.rows.map((o) => o.metadata.uid)).toEqual(expected(index.values(), spec).map((o) => o.metadata.uid));
    // Two flushes the table never saw the first of: its changes lead from a version it does not know.
    index.queue(event('job-0002', 7));
    index.applyPending();
    index.view();
    index.queue(event('job-0003', 3.5));
    index.applyPending();
    reads = 0;
    const caught = view.update(source(index.view()), spec);
    expect(reads).toBeGreaterThan(0);
    expect(caught.changed.map((o) => o.metadata.name)).toEqual(['job-0002', 'job-0003']);
    expect(caught.rows.map((o) => o.metadata.uid)).toEqual(expected(index.values(), spec).map((o) => o.metadata.uid));
  });

  it('reports what arrived or changed, not what left', () => {
    const view = new TableView<NodusObject>();
    const a = job('a', 1);
    const b = job('b', 2);
    view.update([a, b], byCost(false));
    const a2 = job('a', 5, 'Failed');
    const c = job('c', 3);
    expect(view.update([a2, c], byCost(false)).changed).toEqual([c, a2]);
  });

  it('takes a quarter of a million new objects at once, more than a call can take as arguments', () => {
    const view = new TableView<NodusObject>();
    view.update([job('first', 1)], byCost(false));
    const many = Array.from({ length: 250_000 }, (_, i) => job(`n${i}`, i % 7));
    const next = view.update(many, byCost(false));
    expect(next.rows).toHaveLength(250_000);
    expect(next.changed).toHaveLength(250_000);
  });

  it('leaves out objects whose cost alone moved: their rows are not highlighted', () => {
    const view = new TableView<NodusObject>();
    const ticking = job('ticking', 1);
    const stopping = job('stopping', 1);
    view.update([ticking, stopping], byCost(false));
    const ticked: NodusObject = {
      ...ticking,
      status: { ...ticking.status, costUSD: '1.25', lastChargeTime: '2026-01-01T00:00:00Z', rateUSDPerHour: '0.5' },
    };
    const stopped = job('stopping', 2, 'Stopped');
    const next = view.update([ticked, stopped], byCost(false));
    expect(next.changed).toEqual([stopped]);
    // Sorted by cost all the same: the tick moved the row.
    expect(next.rows.map((o) => o.metadata.name)).toEqual(['ticking', 'stopping']);
  });
});

describe('diffSnapshots', () => {
  it('walks watch-ordered snapshots, and falls back to uids when the order changed', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => job(n, 1)) as [
      NodusObject,
      NodusObject,
      NodusObject,
      NodusObject,
    ];
    const b2 = job('b', 2);
    expect(diffSnapshots([a, b, c], [b2, c, d])).toEqual({ added: [d], removed: [a], modified: [[b, b2]] });
    expect(diffSnapshots([a, b, c], [c, b2, a])).toEqual(diffById([a, b, c], [c, b2, a]));
    expect(diffById([a, b, c], [c, b2, a])).toEqual({ added: [], removed: [], modified: [[b, b2]] });
  });
});

describe('TableView narrowing', () => {
  it('narrows in place when a query is typed further, and matches a full filter', () => {
    const items = ['train-a', 'train-b', 'eval-a', 'tokenize', 'trainer'].map((n, i) => job(n, i));
    const spec = (query: string): ViewSpec<NodusObject> => ({
      id: `cost\n${query}`,
      key: (o) => Number(o.status?.costUSD),
      desc: false,
      match: query ? (o) => o.metadata.name!.includes(query) : undefined,
      narrowing: { sort: 'cost', query },
    });
    const view = new TableView<NodusObject>();
    const rows = view.update(items, spec('')).rows;
    for (const query of ['t', 'tr', 'tra', 'train', 'train-']) {
      const result = view.update(items, spec(query));
      expect(result.rows).toBe(rows);
      expect(result.rows.map((o) => o.metadata.name)).toEqual(expected(items, spec(query)).map((o) => o.metadata.name));
    }
    // Deleting characters widens the rows again: everything is filtered afresh.
    expect(view.update(items, spec('t')).rows.map((o) => o.metadata.name)).toEqual([
      'train-a',
      'train-b',
      'tokenize',
      'trainer',
    ]);
  });
});
