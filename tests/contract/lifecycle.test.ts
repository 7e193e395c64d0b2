import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, openWatch, withMockApi } from './harness.ts';

// Fast simulated time: queueing and provisioning take a few ticks; runs are pinned by annotation.
const api = withMockApi({ speed: 100, finalizeSeconds: 0.1 });
const SANDBOXES = '/apis/nodus.dev/v1/namespaces/default/sandboxes';
const quick = (seconds: number, outcome = 'Succeeded') => ({
  annotations: { 'mock.nodus.dev/run-seconds': String(seconds), 'mock.nodus.dev/outcome': outcome },
});

async function phaseOf(path: string): Promise<string> {
  return String((await api.get<NodusObject>(path)).body.status?.phase);
}

function ready(obj: NodusObject) {
  return obj.status?.conditions?.find((c) => c.type === 'Ready');
}

describe('lifecycle of run-to-completion kinds', () => {
  it('moves a Job Queued → Provisioning → Running → Succeeded, with conditions, times and observedGeneration', async () => {
    const created = await api.post<NodusObject>(JOBS, job('life-a', {}, quick(100)));
    const watch = await openWatch(
      api,
      `${JOBS}?watch=true&resourceVersion=${created.body.metadata.resourceVersion}&fieldSelector=metadata.name%3Dlife-a`,
    );
    await expect.poll(() => phaseOf(`${JOBS}/life-a`), { timeout: 10_000 }).toBe('Succeeded');
    watch.close();
    const phases = watch.events
      .map((e) => (e.object as NodusObject).status?.phase)
      .filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['Provisioning', 'Running', 'Succeeded']);
    const done = (await api.get<NodusObject>(`${JOBS}/life-a`)).body;
    expect(done.status).toMatchObject({
      observedGeneration: 1,
      startTime: expect.any(String),
      completionTime: expect.any(String),
    });
    expect(ready(done)).toMatchObject({
      status: 'False',
      reason: 'Completed',
      message: expect.stringContaining('exit code 0'),
      lastTransitionTime: expect.any(String),
    });
    expect(done.status?.conditions?.find((c) => c.type === 'Scheduled')).toMatchObject({ status: 'True' });
    expect(Number(done.status?.costUSD)).toBeGreaterThan(0);
  });

  it('fails a Job with a reason and a message worth reading', async () => {
    await api.post(JOBS, job('life-fail', {}, quick(60, 'Failed')));
    await expect.poll(() => phaseOf(`${JOBS}/life-fail`), { timeout: 10_000 }).toBe('Failed');
    const failed = (await api.get<NodusObject>(`${JOBS}/life-fail`)).body;
    expect(ready(failed)?.reason).not.toBe('Completed');
    expect(String(failed.status?.message).length).toBeGreaterThan(40);
  });

  it('keeps every condition at the generation the controller observed after a change of spec', async () => {
    await api.post(JOBS, job('life-gen', {}, quick(100000)));
    await expect.poll(() => phaseOf(`${JOBS}/life-gen`), { timeout: 10_000 }).toBe('Running');
    const raised = await api.patch<NodusObject>(`${JOBS}/life-gen`, { spec: { maxCostUSD: '60.00' } });
    expect(raised.status).toBe(200);
    expect(raised.body.metadata.generation).toBe(2);
    expect(raised.body.status?.observedGeneration).toBe(2);
    expect(raised.body.status?.conditions?.map((c) => c.observedGeneration)).toEqual(
      raised.body.status?.conditions?.map(() => 2),
    );
    expect(ready(raised.body)).toMatchObject({ status: 'True', observedGeneration: 2 });
  });

  it('fails a Job that runs past spec.timeoutSeconds', async () => {
    await api.post(JOBS, job('life-timeout', { timeoutSeconds: 60 }, quick(100000)));
    await expect.poll(() => phaseOf(`${JOBS}/life-timeout`), { timeout: 10_000 }).toBe('Failed');
    expect(ready((await api.get<NodusObject>(`${JOBS}/life-timeout`)).body)?.reason).toBe('DeadlineExceeded');
  });

  it('acts on spec.state: Suspended holds the Job, Running resumes it, Cancelled ends it', async () => {
    await api.post(JOBS, job('life-state', {}, quick(100000)));
    await expect.poll(() => phaseOf(`${JOBS}/life-state`), { timeout: 10_000 }).toBe('Running');
    const suspended = await api.patch<NodusObject>(`${JOBS}/life-state`, { spec: { state: 'Suspended' } });
    expect(suspended.body.status?.phase).toBe('Suspended');
    expect(suspended.body.status?.observedGeneration).toBe(suspended.body.metadata.generation);
    expect(ready(suspended.body)?.reason).toBe('Suspended');
    await api.patch(`${JOBS}/life-state`, { spec: { state: 'Running' } });
    await expect.poll(() => phaseOf(`${JOBS}/life-state`), { timeout: 10_000 }).toBe('Running');
    const cancelled = await api.patch<NodusObject>(`${JOBS}/life-state`, { spec: { state: 'Cancelled' } });
    expect(cancelled.body.status).toMatchObject({ phase: 'Cancelled', completionTime: expect.any(String) });
    // A finished run stays finished.
    const again = await api.patch<NodusObject>(`${JOBS}/life-state`, {
      spec: { state: 'Cancelled' },
      metadata: { labels: { x: 'y' } },
    });
    expect(again.body.status?.phase).toBe('Cancelled');
  });

  it('shows Cancelling while a delete waits for the final charge, then the object goes', async () => {
    await api.post(JOBS, job('life-del', { resources: { gpu: { type: 'H100', count: 8 } } }, quick(100000)));
    await expect
      .poll(async () => Number((await api.get<NodusObject>(`${JOBS}/life-del`)).body.status?.costUSD), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const running = (await api.get<NodusObject>(`${JOBS}/life-del`)).body;
    const rv = running.metadata.resourceVersion;
    const watch = await openWatch(
      api,
      `${JOBS}?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dlife-del`,
    );
    const deleted = await api.del<NodusObject>(`${JOBS}/life-del`);
    expect(deleted.body.status?.phase).toBe('Cancelling');
    await expect.poll(async () => (await api.get(`${JOBS}/life-del`)).status, { timeout: 10_000 }).toBe(404);
    // Cancelling, the final charge, DELETED; on a busy host a charge of the run may come first.
    for (let n = 3; !watch.events.some((e) => e.type === 'DELETED'); n++) await watch.next(n);
    watch.close();
    const last = watch.events.at(-1)!;
    expect(last.type).toBe('DELETED');
    expect(watch.events.at(-2)?.type).toBe('MODIFIED');
    const billed = (last.object as NodusObject).status?.conditions?.find((c) => c.type === 'Billed');
    expect(billed).toMatchObject({ status: 'True', reason: 'FinalChargePosted' });
    expect((last.object as NodusObject).metadata.finalizers ?? []).not.toContain('nodus.dev/billing');
    // The final charge covers the run up to the delete: never less than what had posted while it ran.
    expect(Number((last.object as NodusObject).status?.costUSD)).toBeGreaterThanOrEqual(
      Number(running.status?.costUSD),
    );
    expect(billed?.message).toContain(String((last.object as NodusObject).status?.costUSD));
  });
});

describe('lifecycle of long-running kinds', () => {
  it('moves a Sandbox Pending → Starting → Running and stops and resumes it through spec.state', async () => {
    await api.post(SANDBOXES, { metadata: { name: 'box' }, spec: { image: 'nodus/ubuntu:24.04' } });
    await expect.poll(() => phaseOf(`${SANDBOXES}/box`), { timeout: 10_000 }).toBe('Running');
    expect(ready((await api.get<NodusObject>(`${SANDBOXES}/box`)).body)).toMatchObject({ status: 'True' });
    const stopped = await api.patch<NodusObject>(`${SANDBOXES}/box`, { spec: { state: 'Stopped' } });
    expect(stopped.body.status?.phase).toBe('Stopped');
    await api.patch(`${SANDBOXES}/box`, { spec: { state: 'Running' } });
    await expect.poll(() => phaseOf(`${SANDBOXES}/box`), { timeout: 10_000 }).toBe('Running');
  });

  it('acts on nodus.dev/restart-requested-at once per value, and says which value it handled', async () => {
    await api.post(SANDBOXES, { metadata: { name: 'restart-me' }, spec: { image: 'nodus/ubuntu:24.04' } });
    await expect.poll(() => phaseOf(`${SANDBOXES}/restart-me`), { timeout: 10_000 }).toBe('Running');
    const at = '2026-12-02T10:00:00Z';
    const rv = (await api.get<NodusObject>(`${SANDBOXES}/restart-me`)).body.metadata.resourceVersion;
    const watch = await openWatch(
      api,
      `${SANDBOXES}?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Drestart-me`,
    );
    await api.patch(`${SANDBOXES}/restart-me`, { metadata: { annotations: { 'nodus.dev/restart-requested-at': at } } });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${SANDBOXES}/restart-me`)).body.status?.restartRequestHandled, {
        timeout: 10_000,
      })
      .toBe(at);
    await expect.poll(() => phaseOf(`${SANDBOXES}/restart-me`), { timeout: 10_000 }).toBe('Running');
    watch.close();
    const phases = watch.events.map((e) => (e.object as NodusObject).status?.phase);
    expect(phases).toContain('Starting');
    const restarts = phases.filter((p, i) => p === 'Starting' && phases[i - 1] !== 'Starting').length;
    // The same value again (a label change) does not restart it a second time.
    await api.patch(`${SANDBOXES}/restart-me`, { metadata: { labels: { touched: 'yes' } } });
    expect((await api.get<NodusObject>(`${SANDBOXES}/restart-me`)).body.status?.phase).toBe('Running');
    expect(restarts).toBe(1);
  });

  it('shows Terminating for a deleted Sandbox', async () => {
    const res = await api.del<NodusObject>(`${SANDBOXES}/dev`);
    expect(res.body.status?.phase).toBe('Terminating');
  });
});

describe('demo objects', () => {
  it('keeps one object stuck deleting on its billing finalizer', async () => {
    const stuck = await api.get<NodusObject>('/apis/nodus.dev/v1/namespaces/vision/jobs/old-baseline');
    expect(stuck.body.metadata.deletionTimestamp).toBeDefined();
    expect(stuck.body.metadata.finalizers).toContain('nodus.dev/billing');
    expect(stuck.body.status?.phase).toBe('Cancelling');
  });

  it('keeps one Job Queued because the hourly rate is above its reviewed cap, saying so in a condition', async () => {
    await expect
      .poll(
        async () => {
          const obj = (await api.get<NodusObject>('/apis/nodus.dev/v1/namespaces/vision/jobs/augment-coco')).body;
          return obj.status?.conditions?.find((c) => c.type === 'PriceWithinCap')?.reason;
        },
        { timeout: 10_000 },
      )
      .toBe('PriceAboveEstimate');
    expect(await phaseOf('/apis/nodus.dev/v1/namespaces/vision/jobs/augment-coco')).toBe('Queued');
  });
});
