/**
 * The real kubectl waiting on the mock's lifecycle controller (`wait --for=condition=Ready`, `--for=jsonpath`,
 * `--for=delete`) and deleting (`--dry-run=server`, which kubectl sends in the DeleteOptions body,
 * `--cascade=orphan`, which keeps a Pipeline's Jobs, `--cascade=foreground`, which deletes them first, and by label
 * or `--all`, which kubectl does as a list and then one delete per object).
 */
import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList } from '@/shared/protocol.ts';
import { jobYaml, withKubectl } from './harness.ts';

const k = withKubectl();

const NS = '/apis/nodus.dev/v1/namespaces/default';

async function get(path: string): Promise<NodusObject | undefined> {
  const res = await k.api<NodusObject>('GET', `${NS}/${path}`);
  return res.status === 200 ? res.body : undefined;
}

const pipelineYaml = (name: string) => `apiVersion: nodus.dev/v1
kind: Pipeline
metadata:
  name: ${name}
spec:
  maxCostUSD: "20.00"
  steps:
  - name: prep
    image: nodus/python:3.12
    resources: {cpu: 1, memoryGiB: 2}
`;

async function stepJobs(owner: string): Promise<NodusObject[]> {
  const selector = encodeURIComponent(`nodus.dev/pipeline=${owner}`);
  return (await k.api<ObjectList>('GET', `${NS}/jobs?labelSelector=${selector}`)).body.items;
}

async function apply(name: string, yaml: string): Promise<void> {
  const res = await k.run(['apply', '-f', k.file(`${name}.yaml`, yaml)]);
  expect(res.stderr).toBe('');
}

describe('kubectl wait', () => {
  it('waits for condition=Ready while a new Job is queued, provisioned and started', async () => {
    await apply('ready', jobYaml('ready'));
    expect((await get('jobs/ready'))!.status?.phase).not.toBe('Running');
    const res = await k.run(['wait', '--for=condition=Ready', 'job/ready', '--timeout=10s']);
    expect(res.stdout.trim()).toBe('job.nodus.dev/ready condition met');
    const job = (await get('jobs/ready'))!;
    expect(job.status?.phase).toBe('Running');
    expect(job.status?.conditions).toContainEqual(expect.objectContaining({ type: 'Ready', status: 'True' }));
  });

  it('waits for condition=Ready and observedGeneration after a change of spec (a raised maxCostUSD)', async () => {
    await apply('raised', jobYaml('raised'));
    expect((await k.run(['wait', '--for=condition=Ready', 'job/raised', '--timeout=10s'])).code).toBe(0);
    await apply('raised', jobYaml('raised', { maxCostUSD: '9.00' }));
    expect((await get('jobs/raised'))!.metadata.generation).toBe(2);
    // kubectl counts a condition only once its observedGeneration has reached metadata.generation.
    const [res, observed] = await Promise.all([
      k.run(['wait', '--for=condition=Ready', 'job/raised', '--timeout=10s']),
      k.run(['wait', '--for=jsonpath={.status.observedGeneration}=2', 'job/raised', '--timeout=10s']),
    ]);
    expect(res.stdout.trim()).toBe('job.nodus.dev/raised condition met');
    expect(observed.stdout.trim()).toBe('job.nodus.dev/raised condition met');
    expect((await get('jobs/raised'))!.status?.conditions).toContainEqual(
      expect.objectContaining({ type: 'Ready', status: 'True', observedGeneration: 2 }),
    );
  });

  it('waits for a jsonpath value, here the phase a change of spec.state leads to', async () => {
    await apply('to-suspend', jobYaml('to-suspend'));
    expect(
      (await k.run(['wait', '--for=jsonpath={.status.phase}=Running', 'job/to-suspend', '--timeout=10s'])).code,
    ).toBe(0);
    const waiting = k.run(['wait', '--for=jsonpath={.status.phase}=Suspended', 'job/to-suspend', '--timeout=10s']);
    await k.api('PATCH', `${NS}/jobs/to-suspend`, { spec: { state: 'Suspended' } });
    const res = await waiting;
    expect(res.stdout.trim()).toBe('job.nodus.dev/to-suspend condition met');
  });

  it('times out (exit 1) when the condition never comes, and waits on several objects by label', async () => {
    await apply('held', jobYaml('held', { labels: { batch: 'w' }, state: 'Suspended' }));
    const res = await k.run(['wait', '--for=condition=Ready', 'job/held', '--timeout=1s']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('timed out waiting for the condition on jobs/held');
    await apply('held-2', jobYaml('held-2', { labels: { batch: 'w' } }));
    await k.api('PATCH', `${NS}/jobs/held`, { spec: { state: 'Running' } });
    const both = await k.run(['wait', '--for=condition=Ready', 'jobs', '-l', 'batch=w', '--timeout=10s']);
    expect(both.stdout.trim().split('\n').sort()).toEqual([
      'job.nodus.dev/held condition met',
      'job.nodus.dev/held-2 condition met',
    ]);
  });
});

describe('kubectl delete', () => {
  it('deletes nothing with --dry-run=server', async () => {
    await apply('kept', jobYaml('kept'));
    const res = await k.run(['delete', 'job', 'kept', '--dry-run=server']);
    expect(res.stdout.trim()).toBe('job.nodus.dev "kept" deleted (server dry run)');
    const job = (await get('jobs/kept'))!;
    expect(job.metadata.deletionTimestamp).toBeUndefined();
  });

  it('deletes, waiting until the billing finalizer has cleared; wait --for=delete sees it go', async () => {
    await apply('doomed', jobYaml('doomed'));
    const res = await k.run(['delete', 'job', 'doomed', '--timeout=10s']);
    expect(res.stdout.trim()).toBe('job.nodus.dev "doomed" deleted');
    expect(await get('jobs/doomed')).toBeUndefined();

    await apply('doomed-2', jobYaml('doomed-2'));
    await k.api('DELETE', `${NS}/jobs/doomed-2`);
    expect((await get('jobs/doomed-2'))?.metadata.deletionTimestamp).toBeDefined();
    const gone = await k.run(['wait', '--for=delete', 'job/doomed-2', '--timeout=10s']);
    expect(gone.code).toBe(0);
    expect(await get('jobs/doomed-2')).toBeUndefined();
  });

  it("keeps a Pipeline's Jobs with --cascade=orphan, and deletes them without it", async () => {
    for (const name of ['orphaning', 'cascading']) await apply(name, pipelineYaml(name));
    await expect.poll(async () => (await stepJobs('orphaning')).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await stepJobs('cascading')).length, { timeout: 10_000 }).toBe(1);

    const orphaned = await k.run(['delete', 'pipeline', 'orphaning', '--cascade=orphan', '--timeout=10s']);
    expect(orphaned.stdout.trim()).toBe('pipeline.nodus.dev "orphaning" deleted');
    const [kept] = await stepJobs('orphaning');
    expect(kept!.metadata.deletionTimestamp).toBeUndefined();
    expect(kept!.metadata.ownerReferences).toBeUndefined();

    expect((await k.run(['delete', 'pipeline', 'cascading', '--timeout=10s'])).code).toBe(0);
    const [dependent] = await stepJobs('cascading');
    expect(dependent === undefined || dependent.metadata.deletionTimestamp !== undefined).toBe(true);
  });

  it('with --cascade=foreground keeps the Pipeline, holding foregroundDeletion, until its Jobs are gone', async () => {
    await apply('fg', pipelineYaml('fg'));
    await expect.poll(async () => (await stepJobs('fg')).length, { timeout: 10_000 }).toBe(1);
    const [step] = await stepJobs('fg');
    const hold = await k.api('PATCH', `${NS}/jobs/${step!.metadata.name}`, {
      metadata: { finalizers: ['example.com/hold'] },
    });
    expect(hold.status).toBe(200);

    const res = await k.run(['delete', 'pipeline', 'fg', '--cascade=foreground', '--wait=false']);
    expect(res.stdout.trim()).toBe('pipeline.nodus.dev "fg" deleted');
    const held = await k.run(['get', 'pipeline', 'fg', '-o', 'jsonpath={.metadata.finalizers}']);
    expect(held.stdout).toContain('foregroundDeletion');
    expect((await stepJobs('fg'))[0]!.metadata.deletionTimestamp).toBeDefined();

    await k.api('PATCH', `${NS}/jobs/${step!.metadata.name}`, { metadata: { finalizers: null } });
    const gone = await k.run(['wait', '--for=delete', 'pipeline/fg', '--timeout=10s']);
    expect(gone.code).toBe(0);
    expect(await stepJobs('fg')).toEqual([]);
  });

  it('deletes the Jobs a label selector picks (-l), and no other', async () => {
    for (const name of ['sel-a', 'sel-b']) await apply(name, jobYaml(name, { labels: { batch: 'sel' } }));
    await apply('sel-kept', jobYaml('sel-kept', { labels: { batch: 'other' } }));
    const res = await k.run(['delete', 'jobs', '-l', 'batch=sel', '--timeout=10s']);
    expect(res.stdout.trim().split('\n')).toEqual(['job.nodus.dev "sel-a" deleted', 'job.nodus.dev "sel-b" deleted']);
    expect(await get('jobs/sel-a')).toBeUndefined();
    expect(await get('jobs/sel-b')).toBeUndefined();
    expect((await get('jobs/sel-kept'))!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('names every Job of a project with --all --dry-run=server, and deletes none', async () => {
    expect((await k.run(['create', 'namespace', 'dry-all'])).code).toBe(0);
    for (const name of ['all-a', 'all-b']) {
      const made = await k.run(['apply', '-n', 'dry-all', '-f', k.file(`${name}.yaml`, jobYaml(name))]);
      expect(made.stderr).toBe('');
    }
    const res = await k.run(['delete', 'jobs', '--all', '-n', 'dry-all', '--dry-run=server']);
    expect(res.stdout.trim().split('\n')).toEqual([
      'job.nodus.dev "all-a" deleted (server dry run)',
      'job.nodus.dev "all-b" deleted (server dry run)',
    ]);
    const left = await k.api<ObjectList>('GET', '/apis/nodus.dev/v1/namespaces/dry-all/jobs');
    expect(left.body.items.map((o) => [o.metadata.name, o.metadata.deletionTimestamp])).toEqual([
      ['all-a', undefined],
      ['all-b', undefined],
    ]);
  });
});
