import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlLines, type YamlToken } from './yaml-tokens.ts';

const kinds = (line: YamlToken[]) => line.filter((t) => t.text.trim()).map((t) => `${t.kind}:${t.text.trim()}`);

describe('yamlLines', () => {
  const object = {
    apiVersion: 'nodus.dev/v1',
    metadata: { name: 'train-1', labels: { 'nodus.dev/team': 'nlp', 'a: b': 'c' }, generation: 3 },
    spec: {
      command: ['python', '-m', 'train'],
      env: [{ name: 'SEED', value: '42' }],
      script: 'echo one\necho two: three\n- not a list\n',
      suspend: false,
      budget: null,
      ratio: 0.5,
      empty: [],
    },
  };
  const text = stringify(object, { lineWidth: 0 });
  const lines = yamlLines(text);

  it('joins back to exactly the text', () => {
    expect(lines.map((l) => l.map((t) => t.text).join('')).join('\n')).toBe(text);
  });

  it('tells keys from values, and values by type', () => {
    const at = (start: string) => kinds(lines[text.split('\n').findIndex((l) => l.trimStart().startsWith(start))]!);
    expect(at('apiVersion')).toEqual(['key:apiVersion', 'punct::', 'string:nodus.dev/v1']);
    expect(at('generation')).toEqual(['key:generation', 'punct::', 'number:3']);
    expect(at('suspend')).toEqual(['key:suspend', 'punct::', 'literal:false']);
    expect(at('budget')).toEqual(['key:budget', 'punct::', 'literal:null']);
    expect(at('ratio')).toEqual(['key:ratio', 'punct::', 'number:0.5']);
    expect(at('empty')).toEqual(['key:empty', 'punct::', 'punct:[]']);
    expect(at('- python')).toEqual(['punct:-', 'string:python']);
    expect(at('- name')).toEqual(['punct:-', 'key:name', 'punct::', 'string:SEED']);
    expect(at('value')).toEqual(['key:value', 'punct::', 'string:"42"']);
    expect(at('"a: b"')).toEqual(['key:"a: b"', 'punct::', 'string:c']);
  });

  it('reads a block scalar’s lines as a string, keys and dashes in it included', () => {
    const at = (start: string) => kinds(lines[text.split('\n').findIndex((l) => l.trimStart().startsWith(start))]!);
    expect(at('echo two')).toEqual(['string:echo two: three']);
    expect(at('- not a list')).toEqual(['string:- not a list']);
    expect(at('suspend')).toEqual(['key:suspend', 'punct::', 'literal:false']);
  });
});
