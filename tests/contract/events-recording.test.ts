/**
 * What Nodus records as Events, one cause at a time: a create, update, state change or delete by whom and with the
 * request's id; the controller's phase changes in order, a failure, the cost cap, the price above the estimate,
 * the final charge, a Budget's threshold and limit, a Pipeline's steps and cascade, a Function's requests counted
 * in one series; and nothing for a dry-run.
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, withMockApi } from './harness.ts';
import { eventFor, eventsOf, reasons } from './events-client.ts';

const api = withMockApi({ speed: 400, finalizeSeconds: 0.1 });
const run = (seconds: number, outcome = 'Succeeded') => ({
  annotations: { 'mock.nodus.dev/run-seconds': String(seconds), 'mock.nodus.dev/outcome': outcome },
});
const H100x8 = { resources: { cpu: 32, memoryGiB: 256, gpu: { type: 'H100', count: 8 } } };
const requestId = (res: { headers: Headers }) => res.headers.get('x-request-id')!;

async function phase(path: string): Promise<string> {
  return String((await api.get<NodusObject>(path)).body.status?.phase);
}

describe('what a request records', () => {
  it('records a create with who made it and the X-Request-Id of the create', async () => {
    const res = await api.post<NodusObject>(JOBS, job('ev-create', {}, run(100000)), {
      headers: { 'User-Agent': 'kubectl/v1.32.0' },
    });
    expect(res.status).toBe(201);
    const [created] = (await eventsOf(api, 'default', 'ev-create')).filter((e) => e.reason === 'Created');
    expect(created).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      type: 'Normal',
      action: 'Create',
      reportingController: 'nodus.dev/api',
      note: 'Created by demo-user with kubectl',
      regarding: {
        kind: 'Job',
        apiVersion: 'nodus.dev/v1',
        namespace: 'default',
        name: 'ev-create',
        uid: res.body.metadata.uid,
      },
      metadata: { annotations: { 'nodus.dev/actor': 'demo-user', 'nodus.dev/request-id': requestId(res) } },
    });
    expect(created!.metadata.name).toMatch(/^ev-create\.[0-9a-f]+$/);
    expect(created!.eventTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('names each spec field an update changed, with its old and new value, and who changed it', async () => {
    await api.post(JOBS, job('ev-update', { maxCostUSD: '20.00' }, run(100000)));
    const res = await api.patch(`${JOBS}/ev-update`, { spec: { maxCostUSD: '40.00' } });
    expect(res.status).toBe(200);
    const updated = (await eventsOf(api, 'default', 'ev-update')).find((e) => e.reason === 'SpecUpdated');
    expect(updated?.note).toBe('Spec updated by demo-user: maxCostUSD 20.00 → 40.00');
    expect(updated?.metadata.annotations).toEqual({
      'nodus.dev/actor': 'demo-user',
      'nodus.dev/request-id': requestId(res),
    });
  });

  it('records labels and annotations changed, naming the keys', async () => {
    await api.post(JOBS, job('ev-meta', {}, { ...run(100000), labels: { team: 'nlp', tier: 'gold' } }));
    await api.patch(`${JOBS}/ev-meta`, {
      metadata: { labels: { team: 'vision', tier: null, owner: 'ana' }, annotations: { note: 'hi' } },
    });
    const events = await eventsOf(api, 'default', 'ev-meta');
    expect(events.find((e) => e.reason === 'LabelsChanged')?.note).toBe(
      'Labels changed by demo-user: owner=ana added, team nlp → vision, tier removed',
    );
    expect(events.find((e) => e.reason === 'AnnotationsChanged')?.note).toBe(
      'Annotations changed by demo-user: note added',
    );
  });

  it('records a suspend and a resume as requests by whom, and the phase changes they make', async () => {
    await api.post(JOBS, job('ev-suspend', {}, run(100000)));
    await expect.poll(() => phase(`${JOBS}/ev-suspend`), { timeout: 10_000 }).toBe('Running');
    const suspend = await api.patch(`${JOBS}/ev-suspend`, { spec: { state: 'Suspended' } });
    let events = await eventsOf(api, 'default', 'ev-suspend');
    expect(events.find((e) => e.reason === 'SuspendRequested')).toMatchObject({
      note: 'Suspend requested by demo-user: spec.state Running → Suspended',
      action: 'Suspend',
      metadata: { annotations: { 'nodus.dev/request-id': requestId(suspend) } },
    });
    // The suspend takes effect in the same write: the controller reports it, owed to the request.
    expect(events.find((e) => e.reason === 'Suspended')).toMatchObject({
      reportingController: 'nodus.dev/controller',
      note: expect.stringMatching(/^Running → Suspended: /),
      metadata: { annotations: { 'nodus.dev/request-id': requestId(suspend) } },
    });
    await api.patch(`${JOBS}/ev-suspend`, { spec: { state: 'Running' } });
    events = await eventsOf(api, 'default', 'ev-suspend');
    expect(events.find((e) => e.reason === 'ResumeRequested')?.note).toBe(
      'Resume requested by demo-user: spec.state Suspended → Running',
    );
  });

  it('records a stop and a start of a Sandbox; the same phase change again counts in its series', async () => {
    const sandboxes = '/apis/nodus.dev/v1/namespaces/default/sandboxes';
    await api.post(sandboxes, { metadata: { name: 'ev-box' }, spec: { image: 'nodus/ubuntu:24.04' } });
    await expect.poll(() => phase(`${sandboxes}/ev-box`), { timeout: 10_000 }).toBe('Running');
    await api.patch(`${sandboxes}/ev-box`, { spec: { state: 'Stopped' } });
    await api.patch(`${sandboxes}/ev-box`, { spec: { state: 'Running' } });
    // Starting again with the same note, within 10 minutes, is a repeat of the first start, not a new event.
    const counted = async (reason: string) =>
      (await eventsOf(api, 'default', 'ev-box')).find((e) => e.reason === reason)?.series?.count;
    await expect.poll(() => counted('Running'), { timeout: 10_000 }).toBe(2);
    expect(await counted('Starting')).toBe(2);
    const events = await eventsOf(api, 'default', 'ev-box');
    expect(reasons(events)).toEqual([
      'Created',
      'Starting',
      'Running',
      'StopRequested',
      'Stopped',
      'StartRequested',
      'Pending',
    ]);
    expect(events.find((e) => e.reason === 'StopRequested')?.note).toBe(
      'Stop requested by demo-user: spec.state Running → Stopped',
    );
    expect(events.find((e) => e.reason === 'StartRequested')?.note).toBe(
      'Start requested by demo-user: spec.state Stopped → Running',
    );
  });

  it('records a delete by whom, then the final charge, and nothing more once the object is gone', async () => {
    const created = await api.post<NodusObject>(JOBS, job('ev-delete', {}, run(100000)));
    await expect.poll(() => phase(`${JOBS}/ev-delete`), { timeout: 10_000 }).toBe('Running');
    const res = await api.del(`${JOBS}/ev-delete`);
    const requested = await eventFor(api, 'default', 'ev-delete', 'DeleteRequested');
    expect(requested).toMatchObject({
      note: 'Delete requested by demo-user (propagation Background); it goes once its final charge has posted',
      regarding: { uid: created.body.metadata.uid },
      metadata: { annotations: { 'nodus.dev/actor': 'demo-user', 'nodus.dev/request-id': requestId(res) } },
    });
    const charged = await eventFor(api, 'default', 'ev-delete', 'FinalChargePosted');
    expect(charged.note).toMatch(/^Final charge posted: \d+\.\d\d in all; finalizer nodus\.dev\/billing cleared$/);
    expect(charged.reportingController).toBe('nodus.dev/controller');
    expect(charged.metadata.annotations).toBeUndefined();
    await expect.poll(async () => (await api.get(`${JOBS}/ev-delete`)).status).toBe(404);
  });

  it('records nothing for a dry-run create, update or delete', async () => {
    await api.post(`${JOBS}?dryRun=All`, job('ev-dry'));
    expect(await eventsOf(api, 'default', 'ev-dry')).toEqual([]);
    await api.post(JOBS, job('ev-dry-2', {}, run(100000)));
    // Once Running, the controller records nothing more for hours, so any new event would be the dry-runs'.
    await expect.poll(() => phase(`${JOBS}/ev-dry-2`), { timeout: 10_000 }).toBe('Running');
    await expect.poll(async () => reasons(await eventsOf(api, 'default', 'ev-dry-2'))).toContain('Running');
    const before = await eventsOf(api, 'default', 'ev-dry-2');
    await api.patch(`${JOBS}/ev-dry-2?dryRun=All`, { spec: { maxCostUSD: '80.00', state: 'Suspended' } });
    await api.del(`${JOBS}/ev-dry-2?dryRun=All`);
    const after = await eventsOf(api, 'default', 'ev-dry-2');
    expect(reasons(after)).toEqual(reasons(before));
  });
});

describe('what the controller records', () => {
  it('records the phase changes of a Job in order as the controller moves it', async () => {
    await api.post(JOBS, job('ev-phases', {}, run(60)));
    await expect.poll(() => phase(`${JOBS}/ev-phases`), { timeout: 10_000 }).toBe('Succeeded');
    const events = await eventsOf(api, 'default', 'ev-phases');
    expect(reasons(events)).toEqual(['Created', 'Provisioning', 'Running', 'Succeeded']);
    expect(events.slice(1).map((e) => e.note.split(':')[0])).toEqual([
      'Queued → Provisioning',
      'Provisioning → Running',
      'Running → Succeeded',
    ]);
    expect(events.slice(1).every((e) => e.reportingController === 'nodus.dev/controller' && e.type === 'Normal')).toBe(
      true,
    );
  });

  it('records a failure as a Warning with its reason', async () => {
    await api.post(JOBS, job('ev-fail', {}, run(30, 'Failed')));
    const failed = await eventFor(api, 'default', 'ev-fail', 'Failed');
    const ready = (await api.get<NodusObject>(`${JOBS}/ev-fail`)).body.status?.conditions?.find(
      (c) => c.type === 'Ready',
    );
    expect(failed.type).toBe('Warning');
    expect(failed.note).toBe(`Running → Failed (${ready?.reason}): ${ready?.message}`);
  });

  it('records the cost cap reached as a Warning', async () => {
    await api.post(JOBS, job('ev-cap', { ...H100x8, maxCostUSD: '2.00' }, run(10_000_000)));
    const capped = await eventFor(api, 'default', 'ev-cap', 'MaxCostReached', 15_000);
    expect(capped).toMatchObject({ type: 'Warning', reportingController: 'nodus.dev/controller' });
    expect(capped.note).toContain('Stopped at its cost cap: spent 2.00 of spec.maxCostUSD 2.00');
  });

  it('records the hourly rate going above the reviewed estimate, as a Warning, and back', async () => {
    const spec = { resources: { gpu: { type: 'L4', count: 1 } } };
    const review = await api.post(`${JOBS}?dryRun=All`, job('ev-price', spec));
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '1.50' } });
    await api.post(JOBS, job('ev-price', spec), { headers: { 'If-Match': review.headers.get('etag')! } });
    const above = await eventFor(api, 'default', 'ev-price', 'PriceAboveEstimate');
    expect(above.type).toBe('Warning');
    expect(above.note).toMatch(/^The hourly rate is now \$[\d.]+\/h, above the cap of \$[\d.]+\/h/);
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '0.80' } });
    expect((await eventFor(api, 'default', 'ev-price', 'PriceWithinCap')).type).toBe('Normal');
  });

  it("records a Budget's alert threshold crossed and its limit reached, naming the object charged", async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'ev-budget' } });
    const budgets = '/apis/nodus.dev/v1/namespaces/ev-budget/budgets';
    const jobs = '/apis/nodus.dev/v1/namespaces/ev-budget/jobs';
    await api.post(budgets, {
      metadata: { name: 'small' },
      spec: { limitUSD: '4.00', alertThresholds: [50], enforcement: 'Alert' },
    });
    await api.post(jobs, job('burner', { ...H100x8, maxCostUSD: '10.00' }, run(10_000_000)));
    const crossed = await eventFor(api, 'ev-budget', 'small', 'BudgetThresholdCrossed', 15_000);
    expect(crossed).toMatchObject({ type: 'Warning', related: { kind: 'Job', name: 'burner' } });
    expect(crossed.note).toMatch(/^Spent \d+\.\d\d of 4\.00 \(\d+ %\): past its 50 % alert threshold$/);
    const exceeded = await eventFor(api, 'ev-budget', 'small', 'BudgetExceeded', 15_000);
    expect(exceeded.note).toMatch(
      /this period, its whole limit: launches it covers still go ahead \(enforcement Alert\)$/,
    );
  });
});

describe('Pipelines and Functions', () => {
  const PIPELINES = '/apis/nodus.dev/v1/namespaces/default/pipelines';
  const pipeline = (name: string) => ({
    metadata: { name, annotations: { 'mock.nodus.dev/run-seconds': '100000' } },
    spec: { steps: [{ name: 'only', image: 'nodus/python:3.12' }], maxCostUSD: '10.00' },
  });

  it('records a step started on the Pipeline and on its Job, and a delete cascading to its Jobs', async () => {
    await api.post(PIPELINES, pipeline('ev-pipe'));
    const started = await eventFor(api, 'default', 'ev-pipe', 'StepStarted');
    expect(started).toMatchObject({ note: 'Started step "only" as Job ev-pipe-only', related: { kind: 'Job' } });
    expect((await eventFor(api, 'default', 'ev-pipe-only', 'Created')).note).toBe(
      'Created by its Pipeline ev-pipe for step "only"',
    );
    const res = await api.del(`${PIPELINES}/ev-pipe`);
    const cascade = await eventFor(api, 'default', 'ev-pipe', 'DeletingDependents');
    expect(cascade.note).toBe('Deleting its 1 Job with it (propagation Background): ev-pipe-only');
    const jobDeleted = await eventFor(api, 'default', 'ev-pipe-only', 'DeleteRequested');
    expect(jobDeleted).toMatchObject({
      note: 'Deleted along with its Pipeline ev-pipe, as demo-user asked; it goes once its final charge has posted',
      related: { kind: 'Pipeline', name: 'ev-pipe' },
      metadata: { annotations: { 'nodus.dev/request-id': requestId(res) } },
    });
  });

  it('records the Jobs a Pipeline deleted with Orphan keeps', async () => {
    await api.post(PIPELINES, pipeline('ev-orphan'));
    await eventFor(api, 'default', 'ev-orphan', 'StepStarted');
    await api.del(`${PIPELINES}/ev-orphan?propagationPolicy=Orphan`);
    const released = await eventFor(api, 'default', 'ev-orphan', 'OrphaningDependents');
    expect(released.note).toBe('Released its 1 Job (propagation Orphan): ev-orphan-only; they stay');
    expect(reasons(await eventsOf(api, 'default', 'ev-orphan-only'))).not.toContain('DeleteRequested');
  });

  it("counts a Function's requests in one event's series instead of an event per call", async () => {
    const functions = '/apis/nodus.dev/v1/namespaces/default/functions';
    await api.post(functions, {
      metadata: { name: 'ev-echo' },
      spec: { image: 'nodus/node:22', handler: 'app.echo', maxCostUSD: '5.00' },
    });
    await expect.poll(() => phase(`${functions}/ev-echo`), { timeout: 10_000 }).toBe('Running');
    let last = '';
    for (let i = 0; i < 25; i++) {
      const res = await api.post(`${functions}/ev-echo/invoke`, { message: 'hi' });
      expect(res.status).toBe(200);
      last = requestId(res);
    }
    await expect
      .poll(async () => (await eventsOf(api, 'default', 'ev-echo')).filter((e) => e.reason === 'RequestHandled'), {
        timeout: 5_000,
      })
      .toEqual([
        expect.objectContaining({
          note: 'Answered a request with 200',
          series: { count: 25, lastObservedTime: expect.any(String) },
          deprecatedCount: 25,
          metadata: expect.objectContaining({
            annotations: { 'nodus.dev/actor': 'demo-user', 'nodus.dev/request-id': last },
          }),
        }),
      ]);
  });
});
