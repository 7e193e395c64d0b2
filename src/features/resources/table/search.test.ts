/** The text filter matches every word, anywhere in the name, phase, owner or labels, ignoring case. */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '../../../shared/protocol.ts';
import { textMatcher } from './search.ts';

const job: NodusObject = {
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: { name: 'train-llama', namespace: 'nlp', labels: { team: 'nlp', 'nodus.dev/created-by': 'ana' } },
  status: { phase: 'Running' },
};

describe('textMatcher', () => {
  it('matches nothing-typed as everything', () => {
    expect(textMatcher('  ')).toBeUndefined();
  });
  it('needs every word, in any field, in any case', () => {
    expect(textMatcher('LLAMA running')!(job)).toBe(true);
    expect(textMatcher('team=nlp ana')!(job)).toBe(true);
    expect(textMatcher('llama failed')!(job)).toBe(false);
  });
  it('matches the project only where rows come from several projects', () => {
    const other = { ...job, metadata: { ...job.metadata, namespace: 'vision', labels: {} } };
    expect(textMatcher('vision')!(other)).toBe(false);
    expect(textMatcher('vision llama', true)!(other)).toBe(true);
    expect(textMatcher('vision', true)!(job)).toBe(false);
  });
});
