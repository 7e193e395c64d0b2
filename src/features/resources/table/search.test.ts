/** The text filter matches every word, anywhere in the name, phase, owner or labels, ignoring case. */
import { describe, expect, it } from 'vitest';
import type { RowObject } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { SearchWarmer, textMatcher } from './search.ts';

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
  it('reads a row as its object: the phase from its printed cell', () => {
    const row: RowObject = { metadata: job.metadata, cells: { Name: 'train-llama', Phase: 'Running' } };
    expect(textMatcher('llama running')!(row)).toBe(true);
    expect(textMatcher('llama failed')!(row)).toBe(false);
  });
  it('matches the project only where rows come from several projects', () => {
    const other = { ...job, metadata: { ...job.metadata, namespace: 'vision', labels: {} } };
    expect(textMatcher('vision')!(other)).toBe(false);
    expect(textMatcher('vision llama', true)!(other)).toBe(true);
    expect(textMatcher('vision', true)!(job)).toBe(false);
  });
});

describe('SearchWarmer', () => {
  /** Jobs that count how often their metadata is read: once for their search text, never again after. */
  function countedJobs(from: number, count: number): { jobs: NodusObject[]; reads: Map<NodusObject, number> } {
    const reads = new Map<NodusObject, number>();
    const jobs = Array.from({ length: count }, (_, i) => {
      const metadata = { name: `job-${from + i}`, namespace: 'p', labels: { shard: String(i % 4) } };
      const job = { apiVersion: 'nodus.dev/v1', kind: 'Job', status: { phase: 'Running' } } as NodusObject;
      Object.defineProperty(job, 'metadata', {
        get: () => {
          reads.set(job, (reads.get(job) ?? 0) + 1);
          return metadata;
        },
      });
      return job;
    });
    return { jobs, reads };
  }

  it('builds the texts of a list page by page as it arrives, each once, so the filter builds none', async () => {
    const first = countedJobs(0, 600);
    const second = countedJobs(600, 900);
    const warmer = new SearchWarmer();
    warmer.extend(first.jobs);
    await expect.poll(() => warmer.remaining).toBe(0);
    // The next showing of the list holds the first page and the second: only the second is new.
    warmer.extend([...first.jobs, ...second.jobs]);
    expect(warmer.remaining).toBe(900);
    await expect.poll(() => warmer.remaining).toBe(0);
    expect(first.reads.size).toBe(600);
    expect(second.reads.size).toBe(900);
    expect([...first.reads.values(), ...second.reads.values()].every((n) => n === 1)).toBe(true);

    const match = textMatcher('job-7 running')!;
    const shown = [...first.jobs, ...second.jobs].filter(match);
    expect(shown).toHaveLength(111); // job-7, job-70…79, job-700…799
    expect([...first.reads.values(), ...second.reads.values()].every((n) => n === 1)).toBe(true);
    warmer.stop();
  });

  it('stops when asked, leaving the rest to the filter', async () => {
    const { jobs, reads } = countedJobs(0, 5_000);
    const warmer = new SearchWarmer();
    warmer.extend(jobs);
    warmer.stop();
    expect(warmer.remaining).toBe(5_000);
    expect(reads.size).toBe(0);
    expect(textMatcher('job-4999')!(jobs[4_999]!)).toBe(true);
  });
});
