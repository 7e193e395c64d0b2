import { describe, expect, it } from 'vitest';
import { threeWayMerge } from './three-way.ts';

/** A Budget as the server sends it; each test changes copies of it. */
function budget(
  spec: Record<string, unknown> = {},
  extra: { rv?: string; labels?: Record<string, string>; status?: Record<string, unknown> } = {},
) {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Budget',
    metadata: {
      name: 'team',
      namespace: 'p',
      uid: 'bud-1',
      resourceVersion: extra.rv ?? '10',
      generation: 1,
      labels: extra.labels ?? { team: 'nlp' },
    },
    spec: { limitUSD: '5.00', period: 'Monthly', enforcement: 'Block', alertThresholds: [50, 80, 100], ...spec },
    status: extra.status ?? { phase: 'Active', spentUSD: '0.00' },
  };
}

describe('threeWayMerge: changes that do not overlap', () => {
  it("keeps both sides' changes to different fields, like git", () => {
    const base = budget();
    const theirs = budget({ limitUSD: '9.00' }, { rv: '11' });
    const mine = budget({ enforcement: 'Alert' });
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.unresolved).toBe(0);
    expect(r.merged.spec).toEqual({
      limitUSD: '9.00',
      period: 'Monthly',
      enforcement: 'Alert',
      alertThresholds: [50, 80, 100],
    });
    expect(r.changes).toEqual(
      expect.arrayContaining([
        { path: ['spec', 'limitUSD'], pathText: 'spec.limitUSD', by: 'theirs', before: '5.00', after: '9.00' },
        { path: ['spec', 'enforcement'], pathText: 'spec.enforcement', by: 'mine', before: 'Block', after: 'Alert' },
      ]),
    );
    expect(r.changes).toHaveLength(2);
  });

  it('takes a change made only by the person, or only by the server, whole', () => {
    const base = budget();
    expect(threeWayMerge(base, base, budget({ limitUSD: '7.00' })).merged.spec.limitUSD).toBe('7.00');
    expect(threeWayMerge(base, budget({ limitUSD: '7.00' }), base).merged.spec.limitUSD).toBe('7.00');
  });

  it('does not count the same change on both sides as a conflict', () => {
    const base = budget();
    const same = budget({ limitUSD: '8.00' });
    const r = threeWayMerge(base, same, budget({ limitUSD: '8.00' }));
    expect(r.conflicts).toEqual([]);
    expect(r.merged.spec.limitUSD).toBe('8.00');
    expect(r.changes).toEqual([
      { path: ['spec', 'limitUSD'], pathText: 'spec.limitUSD', by: 'both', before: '5.00', after: '8.00' },
    ]);
  });

  it('merges maps key by key: labels added on each side are both kept', () => {
    const base = budget();
    const theirs = budget({}, { labels: { team: 'nlp', owner: 'ana' } });
    const mine = budget({}, { labels: { team: 'nlp', tier: 'gold' } });
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.metadata.labels).toEqual({ team: 'nlp', tier: 'gold', owner: 'ana' });
  });

  it('merges a map both sides added, field by field', () => {
    const base = budget();
    const theirs = budget({ selector: { matchLabels: { team: 'nlp' } } });
    const mine = budget({ selector: { matchLabels: { env: 'prod' } } });
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect((r.merged.spec as Record<string, unknown>).selector).toEqual({ matchLabels: { env: 'prod', team: 'nlp' } });
  });
});

describe('threeWayMerge: deletions', () => {
  it('a field removed on one side and untouched on the other is removed', () => {
    const base = budget({}, { labels: { team: 'nlp', old: 'x' } });
    const theirs = budget({}, { labels: { team: 'nlp', old: 'x' }, rv: '12' });
    const mine = budget({}, { labels: { team: 'nlp' } });
    expect(threeWayMerge(base, theirs, mine).merged.metadata.labels).toEqual({ team: 'nlp' });
    expect(threeWayMerge(base, mine, theirs).merged.metadata.labels).toEqual({ team: 'nlp' });
  });

  it('a field removed on both sides stays removed, with no conflict', () => {
    const base = budget({}, { labels: { team: 'nlp', old: 'x' } });
    const gone = budget({}, { labels: { team: 'nlp' } });
    const r = threeWayMerge(base, gone, gone);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.metadata.labels).toEqual({ team: 'nlp' });
  });

  it('removed by the person but changed on the server is a conflict', () => {
    const base = budget({}, { labels: { team: 'nlp' } });
    const theirs = budget({}, { labels: { team: 'cv' } });
    const mine = budget({}, { labels: {} });
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([
      {
        path: ['metadata', 'labels', 'team'],
        pathText: 'metadata.labels.team',
        kind: 'mine-removed',
        base: 'nlp',
        mine: undefined,
        theirs: 'cv',
      },
    ]);
    // Until it is resolved, the merged object holds the server's value.
    expect(r.merged.metadata.labels).toEqual({ team: 'cv' });
    expect(r.unresolved).toBe(1);
  });

  it('removed on the server but changed by the person is a conflict', () => {
    const base = budget({}, { labels: { team: 'nlp' } });
    const r = threeWayMerge(base, budget({}, { labels: {} }), budget({}, { labels: { team: 'cv' } }));
    expect(r.conflicts.map((c) => [c.pathText, c.kind, c.mine, c.theirs])).toEqual([
      ['metadata.labels.team', 'theirs-removed', 'cv', undefined],
    ]);
    expect(r.merged.metadata.labels).toEqual({});
  });
});

describe('threeWayMerge: overlapping changes', () => {
  it('lists each field both sides changed differently, with base, mine and theirs', () => {
    const base = budget();
    const theirs = budget({ limitUSD: '9.00', enforcement: 'Alert', period: 'Weekly' });
    const mine = budget({ limitUSD: '7.00', enforcement: 'Alert', period: 'Daily' });
    const r = threeWayMerge(base, theirs, mine);
    expect(
      r.conflicts.map((c) => ({ path: c.pathText, base: c.base, mine: c.mine, theirs: c.theirs, kind: c.kind })),
    ).toEqual([
      { path: 'spec.limitUSD', base: '5.00', mine: '7.00', theirs: '9.00', kind: 'both-changed' },
      { path: 'spec.period', base: 'Monthly', mine: 'Daily', theirs: 'Weekly', kind: 'both-changed' },
    ]);
    expect(r.unresolved).toBe(2);
    expect(r.merged.spec.enforcement).toBe('Alert');
  });

  it('a label changed by the server alone or alike on both sides merges; only the field changed differently conflicts', () => {
    const base = budget({}, { labels: { team: 'nlp' } });
    const theirs = budget({ limitUSD: '9.00' }, { rv: '12', labels: { team: 'nlp', owner: 'bo', tier: 'gold' } });
    const { status: _s, ...mine } = budget({ limitUSD: '12.00' }, { labels: { team: 'nlp', tier: 'gold' } });
    const r = threeWayMerge<Record<string, unknown>>(base, theirs, mine);
    expect(r.conflicts.map((c) => c.pathText)).toEqual(['spec.limitUSD']);
    expect(r.changes.map((c) => `${c.by} ${c.pathText}`).sort()).toEqual([
      'both metadata.labels.tier',
      'theirs metadata.labels.owner',
    ]);
  });

  it('a value both sides added differently is a conflict', () => {
    const r = threeWayMerge(budget(), budget({ note: 'a' }), budget({ note: 'b' }));
    expect(r.conflicts.map((c) => [c.pathText, c.kind])).toEqual([['spec.note', 'both-added']]);
  });

  it('applies resolutions by path: take mine, take theirs, an edited value, or removal', () => {
    const base = budget({}, { labels: { team: 'nlp', tier: 'b' } });
    const theirs = budget(
      { limitUSD: '9.00', period: 'Weekly', enforcement: 'Alert' },
      { labels: { team: 'cv', tier: 'b' } },
    );
    const mine = budget({ limitUSD: '7.00', period: 'Daily', enforcement: 'Block' }, { labels: { tier: 'a' } });
    // enforcement: base Block, theirs Alert, mine Block: only theirs changed it.
    const first = threeWayMerge(base, theirs, mine);
    expect(first.conflicts.map((c) => c.pathText)).toEqual(['metadata.labels.team', 'spec.limitUSD', 'spec.period']);
    const resolved = threeWayMerge(
      base,
      theirs,
      mine,
      new Map([
        ['spec.limitUSD', { value: '7.00' }],
        ['spec.period', { value: 'Weekly' }],
        ['metadata.labels.team', { value: undefined }],
      ]),
    );
    expect(resolved.unresolved).toBe(0);
    expect(resolved.merged.spec).toEqual({
      limitUSD: '7.00',
      period: 'Weekly',
      enforcement: 'Alert',
      alertThresholds: [50, 80, 100],
    });
    expect(resolved.merged.metadata.labels).toEqual({ tier: 'a' });
    const edited = threeWayMerge(base, theirs, mine, new Map([['spec.limitUSD', { value: '8.50' }]]));
    expect(edited.merged.spec.limitUSD).toBe('8.50');
    expect(edited.unresolved).toBe(2);
  });

  it('treats a plain list as one value: different edits of it conflict as a whole', () => {
    const r = threeWayMerge(
      budget(),
      budget({ alertThresholds: [50, 90] }),
      budget({ alertThresholds: [25, 80, 100] }),
    );
    expect(r.conflicts.map((c) => [c.pathText, c.mine, c.theirs])).toEqual([
      ['spec.alertThresholds', [25, 80, 100], [50, 90]],
    ]);
  });

  it('a value that changed type on both sides is a conflict, not a merge', () => {
    const r = threeWayMerge(budget({ x: 'a' }), budget({ x: { deep: 1 } }), budget({ x: ['a'] }));
    expect(r.conflicts.map((c) => c.pathText)).toEqual(['spec.x']);
  });
});

describe('threeWayMerge: server-owned fields', () => {
  it('always come from the server, whatever the edit holds', () => {
    const base = budget({}, { rv: '10', status: { phase: 'Active', spentUSD: '0.00' } });
    const theirs = budget({}, { rv: '15', status: { phase: 'Exceeded', spentUSD: '6.00' } });
    const mine = { ...budget({ limitUSD: '7.00' }, { rv: '3', status: { phase: 'Made up' } }) };
    mine.metadata = { ...mine.metadata, uid: 'forged', generation: 99 };
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.metadata.resourceVersion).toBe('15');
    expect(r.merged.metadata.uid).toBe('bud-1');
    expect(r.merged.metadata.generation).toBe(1);
    expect(r.merged.status).toEqual({ phase: 'Exceeded', spentUSD: '6.00' });
    expect(r.merged.spec.limitUSD).toBe('7.00');
    // A server-side status change is not listed as something that merged.
    expect(r.changes.map((c) => c.pathText)).toEqual(['spec.limitUSD']);
  });

  it("an edit without server fields (as the editor shows it) keeps the server's", () => {
    const base = budget();
    const theirs = budget({}, { rv: '11', status: { phase: 'Active', spentUSD: '1.00' } });
    const { status: _s, ...mine } = budget({ enforcement: 'Alert' });
    const r = threeWayMerge<Record<string, unknown>>(base, theirs, mine);
    expect(r.merged.status).toEqual({ phase: 'Active', spentUSD: '1.00' });
    expect((r.merged.metadata as { resourceVersion: string }).resourceVersion).toBe('11');
  });
});

describe('threeWayMerge: lists of named items', () => {
  const job = (env: { name: string; value?: string }[]) => ({ spec: { image: 'x', env } });

  it('merges env by name: each side edits or adds a different variable', () => {
    const base = job([
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ]);
    const theirs = job([
      { name: 'A', value: '1' },
      { name: 'B', value: '20' },
      { name: 'T', value: 't' },
    ]);
    const mine = job([
      { name: 'M', value: 'm' },
      { name: 'A', value: '10' },
      { name: 'B', value: '2' },
    ]);
    const r = threeWayMerge(base, theirs, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.spec.env).toEqual([
      { name: 'M', value: 'm' },
      { name: 'A', value: '10' },
      { name: 'B', value: '20' },
      { name: 'T', value: 't' },
    ]);
    expect(r.changes.map((c) => `${c.by} ${c.pathText}`).sort()).toEqual([
      'mine spec.env[name=A].value',
      'mine spec.env[name=M]',
      'theirs spec.env[name=B].value',
      'theirs spec.env[name=T]',
    ]);
  });

  it('an item removed on one side and untouched on the other goes; removed and changed conflicts', () => {
    const base = job([
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ]);
    const r1 = threeWayMerge(
      base,
      job([
        { name: 'A', value: '1' },
        { name: 'B', value: '3' },
      ]),
      job([{ name: 'B', value: '2' }]),
    );
    expect(r1.conflicts).toEqual([]);
    expect(r1.merged.spec.env).toEqual([{ name: 'B', value: '3' }]);

    const r2 = threeWayMerge(
      base,
      job([
        { name: 'A', value: '9' },
        { name: 'B', value: '2' },
      ]),
      job([{ name: 'B', value: '5' }]),
    );
    expect(r2.conflicts.map((c) => [c.pathText, c.kind, c.mine, c.theirs])).toEqual([
      ['spec.env[name=A]', 'mine-removed', undefined, { name: 'A', value: '9' }],
    ]);
    const kept = threeWayMerge(
      base,
      job([
        { name: 'A', value: '9' },
        { name: 'B', value: '2' },
      ]),
      job([{ name: 'B', value: '5' }]),
      new Map([['spec.env[name=A]', { value: undefined }]]),
    );
    expect(kept.merged.spec.env).toEqual([{ name: 'B', value: '5' }]);
  });

  it('the same variable changed differently on both sides conflicts on its value only', () => {
    const base = job([{ name: 'A', value: '1' }]);
    const r = threeWayMerge(base, job([{ name: 'A', value: '2' }]), job([{ name: 'A', value: '3' }]));
    expect(r.conflicts.map((c) => c.pathText)).toEqual(['spec.env[name=A].value']);
  });

  it('a list whose items are not uniquely named stays atomic', () => {
    const base = job([{ name: 'A', value: '1' }]);
    const r = threeWayMerge(
      base,
      job([
        { name: 'A', value: '1' },
        { name: 'A', value: '2' },
      ]),
      job([{ name: 'B' }]),
    );
    expect(r.conflicts.map((c) => c.pathText)).toEqual(['spec.env']);
  });
});
