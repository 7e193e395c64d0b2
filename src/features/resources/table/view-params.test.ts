/** Sort and filters round-trip through the URL, with defaults left out and other parameters kept. */
import { describe, expect, it } from 'vitest';
import { withLabel, withShown } from '@/data/column-edits.ts';
import { EMPTY_LAYOUT, visibleIds } from '@/data/column-layout.ts';
import {
  phaseFieldSelector,
  readColumnsParam,
  readTableParams,
  writeColumnsParam,
  writeTableParams,
} from './view-params.ts';

describe('table params', () => {
  it('reads defaults from an empty URL', () => {
    expect(readTableParams(new URLSearchParams())).toEqual({ sort: 'name', desc: false, q: '', labels: '', phase: '' });
  });

  it('writes a descending sort with a minus, and leaves defaults out', () => {
    const search = writeTableParams(new URLSearchParams('tab=yaml'), {
      sort: 'cost',
      desc: true,
      labels: ' team=nlp ',
      phase: 'Running',
    });
    expect(search.toString()).toBe('tab=yaml&sort=-cost&labels=team%3Dnlp&phase=Running');
    expect(readTableParams(search)).toEqual({ sort: 'cost', desc: true, q: '', labels: 'team=nlp', phase: 'Running' });
    expect(writeTableParams(search, { sort: 'name', desc: false, labels: '', phase: '' }).toString()).toBe('tab=yaml');
  });

  it('turns a phase into a field selector', () => {
    expect(phaseFieldSelector('Running')).toBe('status.phase=Running');
    expect(phaseFieldSelector('')).toBeUndefined();
  });
});

describe('columns param', () => {
  const defaults = ['phase', 'cost', 'labels', 'age'];

  it('writes a layout as cols, keeps other parameters, and leaves the default out', () => {
    const layout = withLabel(defaults, withShown(EMPTY_LAYOUT, 'labels', false), 'team');
    const search = writeColumnsParam(new URLSearchParams('sort=-cost&q=x'), defaults, layout);
    expect(search.toString()).toBe('sort=-cost&q=x&cols=phase%2Ccost%2Cage%2Clabel%3Ateam');
    const read = readColumnsParam(search, defaults)!;
    expect(visibleIds(defaults, read)).toEqual(['phase', 'cost', 'age', 'label:team']);
    expect(writeColumnsParam(search, defaults, EMPTY_LAYOUT).toString()).toBe('sort=-cost&q=x');
    expect(readColumnsParam(new URLSearchParams('sort=cost'), defaults)).toBeUndefined();
  });

  it('survives the table params being written', () => {
    const search = writeTableParams(new URLSearchParams('cols=age'), { q: 'x' });
    expect(search.get('cols')).toBe('age');
  });
});
