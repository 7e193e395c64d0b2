/** Sort and filters round-trip through the URL, with defaults left out and other parameters kept. */
import { describe, expect, it } from 'vitest';
import { phaseFieldSelector, readTableParams, writeTableParams } from './view-params.ts';

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
