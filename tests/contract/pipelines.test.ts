import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { JOBS, status, withMockApi } from './harness.ts';

const api = withMockApi({ speed: 200, finalizeSeconds: 0.1 });
const PIPELINES = '/apis/nodus.dev/v1/namespaces/default/pipelines';

function pipeline(name: string, steps: { name: string; image?: string }[]) {
  return {
    metadata: { name },
    spec: { steps: steps.map((s) => ({ image: 'nodus/python:3.12', ...s })), maxCostUSD: '20.00' },
  };
}

async function jobsOf(name: string): Promise<NodusObject[]> {
  return (await api.get<ObjectList>(`${JOBS}?labelSelector=nodus.dev%2Fpipeline%3D${name}`)).body.items;
}

describe('pipelines', () => {
  it('runs its steps in order, each as a Job it owns, and succeeds when all do', async () => {
    const created = await api.post<NodusObject>(
      PIPELINES,
      pipeline('three', [{ name: 'fetch' }, { name: 'train' }, { name: 'report' }]),
    );
    // Every step's Job is told to succeed quickly.
    await expect
      .poll(
        async () => {
          for (const j of await jobsOf('three')) {
            if (!j.metadata.annotations?.['mock.nodus.dev/run-seconds']) {
              await api.patch(`${JOBS}/${j.metadata.name}`, {
                metadata: {
                  annotations: { 'mock.nodus.dev/run-seconds': '30', 'mock.nodus.dev/outcome': 'Succeeded' },
                },
              });
            }
          }
          return (await api.get<NodusObject>(`${PIPELINES}/three`)).body.status?.phase;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('Succeeded');
    const jobs = await jobsOf('three');
    expect(jobs.map((j) => j.metadata.labels?.['nodus.dev/step'])).toEqual(
      expect.arrayContaining(['fetch', 'train', 'report']),
    );
    const starts = Object.fromEntries(
      jobs.map((j) => [j.metadata.labels?.['nodus.dev/step'], Date.parse(String(j.metadata.creationTimestamp))]),
    );
    expect(starts.fetch!).toBeLessThanOrEqual(starts.train!);
    expect(starts.train!).toBeLessThanOrEqual(starts.report!);
    for (const j of jobs) {
      expect(j.metadata.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'Pipeline', name: 'three', uid: created.body.metadata.uid, controller: true }),
      ]);
      expect(j.status?.phase).toBe('Succeeded');
    }
    const done = (await api.get<NodusObject>(`${PIPELINES}/three`)).body;
    expect(done.status?.completedSteps).toBe(3);
    const sum = jobs.reduce((s, j) => s + Number(j.status?.costUSD), 0);
    expect(Number(done.status?.costUSD)).toBeCloseTo(sum, 2);
  });

  it('fails when a step fails, naming the step', async () => {
    await api.post(PIPELINES, pipeline('breaks', [{ name: 'first' }, { name: 'never' }]));
    await expect.poll(async () => (await jobsOf('breaks')).length, { timeout: 10_000 }).toBe(1);
    await api.patch(`${JOBS}/breaks-first`, {
      metadata: { annotations: { 'mock.nodus.dev/run-seconds': '20', 'mock.nodus.dev/outcome': 'Failed' } },
    });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${PIPELINES}/breaks`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Failed');
    const failed = (await api.get<NodusObject>(`${PIPELINES}/breaks`)).body;
    expect(failed.status?.message).toContain('Step "first" failed');
    expect(await jobsOf('breaks')).toHaveLength(1);
  });

  it('deletes its Jobs when deleted, unless the delete says Orphan', async () => {
    await api.post(PIPELINES, pipeline('gone', [{ name: 'a' }]));
    await api.post(PIPELINES, pipeline('kept', [{ name: 'a' }]));
    await expect
      .poll(async () => (await jobsOf('gone')).length + (await jobsOf('kept')).length, { timeout: 10_000 })
      .toBe(2);
    await api.del(`${PIPELINES}/gone`);
    await api.del(`${PIPELINES}/kept`, { body: { propagationPolicy: 'Orphan' } });
    await expect.poll(async () => (await jobsOf('gone')).length, { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await api.get(`${PIPELINES}/kept`)).status, { timeout: 10_000 }).toBe(404);
    const orphans = await jobsOf('kept');
    expect(orphans).toHaveLength(1);
    expect(orphans[0]!.metadata.ownerReferences).toBeUndefined();
  });

  it('keeps its Jobs for orphanDependents=true, in the query or the DeleteOptions body', async () => {
    await api.post(PIPELINES, pipeline('kept-q', [{ name: 'a' }]));
    await api.post(PIPELINES, pipeline('kept-b', [{ name: 'a' }]));
    await expect
      .poll(async () => (await jobsOf('kept-q')).length + (await jobsOf('kept-b')).length, { timeout: 10_000 })
      .toBe(2);
    expect((await api.del(`${PIPELINES}/kept-q?orphanDependents=true`)).status).toBeLessThan(300);
    expect((await api.del(`${PIPELINES}/kept-b`, { body: { orphanDependents: true } })).status).toBeLessThan(300);
    await expect.poll(async () => (await api.get(`${PIPELINES}/kept-q`)).status, { timeout: 10_000 }).toBe(404);
    await expect.poll(async () => (await api.get(`${PIPELINES}/kept-b`)).status, { timeout: 10_000 }).toBe(404);
    expect(await jobsOf('kept-q')).toHaveLength(1);
    expect(await jobsOf('kept-b')).toHaveLength(1);
  });

  it('refuses orphanDependents that is not a boolean, or that contradicts propagationPolicy', async () => {
    await api.post(PIPELINES, pipeline('odd', [{ name: 'a' }]));
    const bad = await api.del(`${PIPELINES}/odd?orphanDependents=maybe`);
    expect(bad.status).toBe(400);
    const both = await api.del(`${PIPELINES}/odd`, {
      body: { orphanDependents: true, propagationPolicy: 'Foreground' },
    });
    // As kube-apiserver: DeleteOptions that read but contradict themselves are 422 Invalid.
    expect(both.status).toBe(422);
    expect(status(both).fix).toContain('propagationPolicy');
  });

  it('suspends its running step with it', async () => {
    await api.post(PIPELINES, pipeline('held', [{ name: 'long' }]));
    await expect.poll(async () => (await jobsOf('held')).length, { timeout: 10_000 }).toBe(1);
    await api.patch(`${PIPELINES}/held`, { spec: { state: 'Suspended' } });
    await expect.poll(async () => (await jobsOf('held'))[0]?.status?.phase, { timeout: 10_000 }).toBe('Suspended');
  });
});
