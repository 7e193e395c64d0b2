import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { yamlSequence } from './yaml-emit.ts';

describe('yamlSequence', () => {
  it('writes what the yaml library reads back as the same data, however odd the strings', () => {
    const items = [
      {
        metadata: { name: 'a', labels: { 'nodus.dev/owner': 'x', team: 'nlp' }, annotations: {} },
        spec: {
          strings: [
            '10.00',
            'true',
            'no',
            'null',
            '~',
            '',
            ' lead',
            'trail ',
            'a: b',
            '# c',
            '- d',
            'é',
            'x\ny',
            '"q"',
            "'s'",
          ],
          numbers: [0, -1.5, 3e21],
          flags: [true, false, null],
          nested: [[1, [2]], { a: [] }, {}, [], [{ b: { c: 'd' } }]],
          '0key': 1,
          'with space': 'v',
        },
      },
      'plain',
      42,
      [],
    ];
    expect(parse(yamlSequence(items))).toEqual(items);
    expect(yamlSequence([])).toBe('');
  });
});
