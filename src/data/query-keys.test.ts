/** Keys nest: invalidating a group's key reaches every query under it, and nothing beside it. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NODUS_GROUP_VERSION } from './client/index.ts';
import { invalidateObject } from './objects.ts';
import { queryKeys } from './query-keys.ts';

const jobs = { ...NODUS_GROUP_VERSION, plural: 'jobs' };

describe('queryKeys', () => {
  it('puts each key under its group, and every key under all', () => {
    const starts = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);
    expect(starts(queryKeys.count(jobs, 'nlp'), queryKeys.counts('nlp'))).toBe(true);
    expect(starts(queryKeys.count(jobs, undefined), queryKeys.counts(null))).toBe(true);
    expect(starts(queryKeys.counts('nlp'), queryKeys.counts())).toBe(true);
    expect(starts(queryKeys.object(jobs, 'nlp', 'a'), queryKeys.objects('nlp'))).toBe(true);
    expect(starts(queryKeys.projectStats(jobs), queryKeys.projectStats())).toBe(true);
    // A write to a tree makes every folder of that tree stale, and no other object's.
    const volumes = { ...NODUS_GROUP_VERSION, plural: 'volumes' };
    expect(starts(queryKeys.files(volumes, 'nlp', 'data', '/runs'), queryKeys.files(volumes, 'nlp', 'data'))).toBe(
      true,
    );
    expect(starts(queryKeys.files(volumes, 'nlp', 'data2', '/'), queryKeys.files(volumes, 'nlp', 'data'))).toBe(false);
    for (const key of [
      queryKeys.discovery(NODUS_GROUP_VERSION),
      queryKeys.projects(),
      queryKeys.readiness(''),
      queryKeys.objectNames(jobs),
      queryKeys.files(jobs, 'nlp', 'a', '/'),
    ]) {
      expect(starts(key, queryKeys.all)).toBe(true);
    }
  });

  it('a write invalidates its project’s counts and reads, and not another project’s', async () => {
    const client = new QueryClient();
    for (const key of [
      queryKeys.count(jobs, 'nlp'),
      queryKeys.object(jobs, 'nlp', 'a'),
      queryKeys.count(jobs, 'vision'),
      queryKeys.projects(),
    ]) {
      client.setQueryData(key, 1);
    }
    await invalidateObject(client, 'nlp');
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.count(jobs, 'nlp'))).toBe(true);
    expect(stale(queryKeys.object(jobs, 'nlp', 'a'))).toBe(true);
    expect(stale(queryKeys.count(jobs, 'vision'))).toBe(false);
    expect(stale(queryKeys.projects())).toBe(false);
  });
});
