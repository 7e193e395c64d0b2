import { describe, expect, it } from 'vitest';
import { matchScore, rank } from './match.ts';

describe('palette ranking', () => {
  it('puts the whole name before its start, a word start, the middle and scattered letters', () => {
    const entries = ['llama', 'finetune-llama', 'xllamax', 'llama-2', 'l-l-a-m-a'].map((label) => ({ label }));
    expect(rank('llama', entries).map((e) => e.label)).toEqual([
      'llama',
      'llama-2',
      'finetune-llama',
      'xllamax',
      'l-l-a-m-a',
    ]);
  });

  it('matches keywords below the label, ignores case, and drops what does not match', () => {
    expect(matchScore('JOB', { label: 'Jobs' })).toBe(1);
    expect(matchScore('train', { label: 'train-a', keywords: ['Job'] })).toBe(1);
    expect(matchScore('job', { label: 'train-a', keywords: ['Job'] })).toBe(0.5);
    expect(matchScore('zz', { label: 'train-a' })).toBeUndefined();
    expect(matchScore('llama', { label: 'release-images', keywords: ['platform/release-images'] })).toBeUndefined();
    expect(rank('', [{ label: 'b' }, { label: 'a' }]).map((e) => e.label)).toEqual(['b', 'a']);
  });
});
