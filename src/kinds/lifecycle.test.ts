import { describe, expect, it } from 'vitest';
import { isFinished, kindInProject, kindLife, WAITING_PHASES } from './lifecycle.ts';

describe('kindLife', () => {
  it('ends run-to-completion kinds in Succeeded, Failed or Cancelled, long-running ones only in Failed', () => {
    const job = kindLife('Job');
    expect(
      ['Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled', 'Suspended'].map((p) => isFinished(job, p)),
    ).toEqual([false, false, true, true, true, false]);
    const sandbox = kindLife('Sandbox');
    expect(['Pending', 'Running', 'Stopped', 'Failed'].map((p) => isFinished(sandbox, p))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(isFinished(kindLife('Gadget'), 'Failed')).toBe(false);
  });
});

describe('kindInProject', () => {
  it('keeps what Nodus publishes in its read-only project, and nothing else there', () => {
    expect(kindInProject('Image', 'nodus')).toBe(true);
    expect(kindInProject('Image', 'nlp')).toBe(false);
    expect(kindInProject('Job', 'nlp')).toBe(true);
    expect(kindInProject('Job', 'nodus')).toBe(false);
    expect(kindInProject('Gadget', 'nlp')).toBe(true);
  });

  it('offers every kind across all projects', () => {
    expect(kindInProject('Image', undefined)).toBe(true);
    expect(kindInProject('Job', undefined)).toBe(true);
  });
});

describe('WAITING_PHASES', () => {
  it('holds what comes before Running, for every kind that runs', () => {
    expect([...WAITING_PHASES].sort()).toEqual(['Pending', 'Provisioning', 'Queued', 'Starting']);
  });
});
