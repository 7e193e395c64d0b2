import { describe, expect, it } from 'vitest';
import {
  EMPTY_LAYOUT,
  isLabelKey,
  layoutShowing,
  MAX_WIDTH,
  MIN_WIDTH,
  parseCols,
  parseLayout,
  parseLayouts,
  serializeCols,
  visibleIds,
  withWidth,
} from './column-layout.ts';
import { withLabel, withMoved, withoutLabel, withShown } from './column-edits.ts';

const DEFAULTS = ['phase', 'cost', 'labels', 'age'];

describe('column layouts', () => {
  it('show the defaults, in order, when empty', () => {
    expect(visibleIds(DEFAULTS, EMPTY_LAYOUT)).toEqual(DEFAULTS);
    expect(serializeCols(DEFAULTS, EMPTY_LAYOUT)).toBe('');
  });

  it('hide, move and add label columns, and write them as cols', () => {
    let layout = withShown(EMPTY_LAYOUT, 'labels', false);
    expect(visibleIds(DEFAULTS, layout)).toEqual(['phase', 'cost', 'age']);
    layout = withLabel(DEFAULTS, layout, 'team');
    expect(visibleIds(DEFAULTS, layout)).toEqual(['phase', 'cost', 'age', 'label:team']);
    layout = withMoved(DEFAULTS, layout, 'label:team', -1);
    layout = withMoved(DEFAULTS, layout, 'cost', -1);
    expect(visibleIds(DEFAULTS, layout)).toEqual(['cost', 'phase', 'label:team', 'age']);
    layout = withWidth(layout, 'cost', 131.6);
    expect(serializeCols(DEFAULTS, layout)).toBe('cost@132,phase,label:team,age');
    // A move past either end changes nothing.
    expect(withMoved(DEFAULTS, layout, 'cost', -1)).toBe(layout);
    expect(visibleIds(DEFAULTS, withoutLabel(layout, 'team'))).toEqual(['cost', 'phase', 'age']);
  });

  it('read back from cols as the same columns, widths and all', () => {
    const layout = withWidth(withLabel(DEFAULTS, withMoved(DEFAULTS, EMPTY_LAYOUT, 'age', -1), 'tier'), 'name', 300);
    const cols = serializeCols(DEFAULTS, layout);
    expect(cols).toBe('name@300,phase,cost,age,labels,label:tier');
    const read = parseCols(cols)!;
    const back = layoutShowing(DEFAULTS, read.visible, read.widths);
    expect(visibleIds(DEFAULTS, back)).toEqual(visibleIds(DEFAULTS, layout));
    expect(back.widths).toEqual({ name: 300 });
    expect(serializeCols(DEFAULTS, back)).toBe(cols);
  });

  it('say "every column hidden" as name alone', () => {
    const none = DEFAULTS.reduce((l, id) => withShown(l, id, false), EMPTY_LAYOUT);
    expect(serializeCols(DEFAULTS, none)).toBe('name');
    const read = parseCols('name')!;
    expect(visibleIds(DEFAULTS, layoutShowing(DEFAULTS, read.visible, read.widths))).toEqual([]);
  });

  it('keep the default order out of a layout that only hides', () => {
    expect(layoutShowing(DEFAULTS, ['phase', 'age'], {})).toEqual({
      order: [],
      hidden: ['cost', 'labels'],
      widths: {},
      labels: [],
    });
  });

  it('drop from cols what is not a column: unknown ids, bad label keys, bad widths; clamp widths', () => {
    const read = parseCols('phase@abc,nope,label:bad key,label:,cost@5,,age@99999,phase')!;
    expect(read.widths).toEqual({ cost: MIN_WIDTH, age: MAX_WIDTH });
    const layout = layoutShowing(DEFAULTS, read.visible, read.widths);
    expect(visibleIds(DEFAULTS, layout)).toEqual(['phase', 'cost', 'age']);
    expect(parseCols(null)).toBeUndefined();
  });

  it('parse stored values, dropping what does not read to its default', () => {
    expect(parseLayout('nope')).toBeUndefined();
    expect(parseLayout([])).toBeUndefined();
    expect(
      parseLayout({
        order: ['cost', 3, 'cost', 'a b'],
        hidden: 'labels',
        widths: { cost: 120, phase: 'wide', age: Infinity, 'x y': 10 },
        labels: ['team', 'Bad Key', 7],
      }),
    ).toEqual({ order: ['cost'], hidden: [], widths: { cost: 120 }, labels: ['team'] });
    expect(parseLayouts({ Job: { order: ['phase'] }, Budget: 'x', 'not a kind': {} })).toEqual({
      Job: { order: ['phase'], hidden: [], widths: {}, labels: [] },
    });
    expect(parseLayouts(null)).toBeUndefined();
  });

  it('take label keys as Kubernetes does', () => {
    expect(isLabelKey('team')).toBe(true);
    expect(isLabelKey('nodus.dev/created-by')).toBe(true);
    expect(isLabelKey('a'.repeat(64))).toBe(false);
    for (const bad of ['', '/team', 'team/', '-team', 'te,am', 'te@am', 'Nodus.Dev/x'])
      expect(isLabelKey(bad)).toBe(false);
  });
});
