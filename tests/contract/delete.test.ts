import { describe, expect, it } from 'vitest';
import type { NodusObject, ObjectList, WatchEvent } from '@/shared/protocol.ts';
import { JOBS, job, openWatch, status, withMockApi, type WatchStream } from './harness.ts';

const api = withMockApi({ finalizeSeconds: 0.5 });

const NS = '/apis/nodus.dev/v1/namespaces/default';
const FOREGROUND = 'foregroundDeletion';

/** Waits until the watch has delivered an event that `done` accepts; returns every event so far. */
async function watchUntil(stream: WatchStream, done: (e: WatchEvent) => boolean): Promise<WatchEvent[]> {
  for (let n = 1; !stream.events.some(done); n++) await stream.next(n);
  return stream.events;
}

async function pipelineWithChild(name: string, child: string, childFinalizers: string[] = []): Promise<NodusObject> {
  const owner = await api.post<NodusObject>(`${NS}/pipelines`, {
    metadata: { name },
    spec: { steps: [{ name: 'a', image: 'nodus/python:3.12' }] },
  });
  const ref = {
    apiVersion: 'nodus.dev/v1',
    kind: 'Pipeline',
    name,
    uid: owner.body.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
  const made = await api.post(JOBS, job(child, {}, { ownerReferences: [ref], finalizers: childFinalizers }));
  expect(made.status).toBe(201);
  return owner.body;
}

describe('delete', () => {
  it('sets deletionTimestamp and Cancelling, keeps the object while nodus.dev/billing holds it, then removes it', async () => {
    await api.post(JOBS, job('del-a'));
    const res = await api.del<NodusObject>(`${JOBS}/del-a`);
    expect(res.status).toBe(200);
    expect(res.body.metadata.deletionTimestamp).toBeDefined();
    expect(res.body.metadata.finalizers).toEqual(['nodus.dev/billing']);
    expect(res.body.status?.phase).toBe('Cancelling');
    const during = await api.get<NodusObject>(`${JOBS}/del-a`);
    expect(during.status).toBe(200);
    expect(during.body.metadata.deletionTimestamp).toBeDefined();
    await expect.poll(async () => (await api.get(`${JOBS}/del-a`)).status, { timeout: 5000 }).toBe(404);
  });

  it('shows Terminating for long-running kinds', async () => {
    const res = await api.del<NodusObject>('/apis/nodus.dev/v1/namespaces/default/sandboxes/dev');
    expect(res.body.status?.phase).toBe('Terminating');
  });

  it('removes objects without finalizers at once', async () => {
    await api.post('/apis/nodus.dev/v1/namespaces/default/budgets', {
      metadata: { name: 'gone' },
      spec: { limitUSD: '5.00' },
    });
    expect((await api.del('/apis/nodus.dev/v1/namespaces/default/budgets/gone')).status).toBe(200);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/default/budgets/gone')).status).toBe(404);
  });

  it("keeps an object until a finalizer of the client's own is removed too", async () => {
    await api.post(JOBS, job('held', {}, { finalizers: ['example.com/export'] }));
    await api.del(`${JOBS}/held`);
    const stuck = await api.get<NodusObject>(`${JOBS}/held`);
    await expect
      .poll(async () => (await api.get<NodusObject>(`${JOBS}/held`)).body.metadata.finalizers, { timeout: 5000 })
      .toEqual(['example.com/export']);
    expect(stuck.body.metadata.deletionTimestamp).toBeDefined();
    const release = await api.patch(`${JOBS}/held`, { metadata: { finalizers: null } });
    expect(release.status).toBe(200);
    expect((await api.get(`${JOBS}/held`)).status).toBe(404);
  });

  it('keeps nodus.dev/billing whatever a client sends', async () => {
    await api.post(JOBS, job('keep-billing'));
    const res = await api.patch<NodusObject>(`${JOBS}/keep-billing`, { metadata: { finalizers: null } });
    expect(res.body.metadata.finalizers).toEqual(['nodus.dev/billing']);
  });

  it('accepts propagationPolicy Orphan (query or body) and releases dependents', async () => {
    const owner = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/pipelines', {
      metadata: { name: 'owner' },
      spec: { steps: [{ name: 'a', image: 'nodus/python:3.12' }] },
    });
    const ref = {
      apiVersion: 'nodus.dev/v1',
      kind: 'Pipeline',
      name: 'owner',
      uid: owner.body.metadata.uid,
      controller: true,
    };
    await api.post(JOBS, job('child', {}, { ownerReferences: [ref] }));
    const res = await api.del('/apis/nodus.dev/v1/namespaces/default/pipelines/owner', {
      body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' },
    });
    expect(res.status).toBe(200);
    const child = await api.get<NodusObject>(`${JOBS}/child`);
    expect(child.body.metadata.deletionTimestamp).toBeUndefined();
    expect(child.body.metadata.ownerReferences).toBeUndefined();
    // As kube-apiserver: DeleteOptions that do not hold together are 422 Invalid, naming the field.
    const sideways = await api.del(`${JOBS}/child?propagationPolicy=Sideways`);
    expect(sideways.status).toBe(422);
    expect(sideways.body).toMatchObject({
      reason: 'Invalid',
      details: { kind: 'DeleteOptions', causes: [{ field: 'propagationPolicy', reason: 'FieldValueNotSupported' }] },
    });
    const both = await api.del(`${JOBS}/child?propagationPolicy=Background&orphanDependents=true`);
    expect(both.status).toBe(422);
    // A policy that is not even a string (-1e309 reads as -Infinity) is named as sent, not a 500.
    const number = await api.del(`${JOBS}/child`, { raw: '{"propagationPolicy": -1e309}' });
    expect(number.status).toBe(422);
    expect(number.body).toMatchObject({ message: expect.stringContaining('not a number') });
  });

  it.each(['True', 'T', '1'])(
    'reads orphanDependents=%s in the query as Go does (the Python client sends True) and orphans',
    async (value) => {
      const owner = await pipelineWithChild(`orphan-${value.toLowerCase()}`, `orphan-child-${value.toLowerCase()}`);
      const res = await api.del(`${NS}/pipelines/${owner.metadata.name}?orphanDependents=${value}`);
      expect(res.status).toBe(200);
      const child = await api.get<NodusObject>(`${JOBS}/orphan-child-${value.toLowerCase()}`);
      expect(child.body.metadata.deletionTimestamp).toBeUndefined();
      expect(child.body.metadata.ownerReferences).toBeUndefined();
    },
  );

  it('reads orphanDependents=False as the default, and refuses a spelling Go does not take', async () => {
    const owner = await pipelineWithChild('orphan-false', 'orphan-false-child');
    expect((await api.del(`${NS}/pipelines/${owner.metadata.name}?orphanDependents=False`)).status).toBe(200);
    const child = await api.get<NodusObject>(`${JOBS}/orphan-false-child`);
    expect(child.body.metadata.deletionTimestamp ?? (child.status === 404 ? 'gone' : undefined)).toBeDefined();
    const bad = await api.del(`${JOBS}/orphan-false-child?orphanDependents=yes`);
    expect(bad.status).toBe(400);
    expect(status(bad)).toMatchObject({
      reason: 'BadRequest',
      message: 'orphanDependents must be true or false, not "yes"',
      fix: expect.stringContaining('orphanDependents=true'),
    });
    const body = await api.del(`${JOBS}/orphan-false-child`, { body: { orphanDependents: 'True' } });
    expect(body.status).toBe(400);
    expect(status(body).message).toContain('orphanDependents must be true or false');
  });

  it('deletes dependents with the owner by default', async () => {
    const owner = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/pipelines', {
      metadata: { name: 'owner2' },
      spec: { steps: [{ name: 'a', image: 'nodus/python:3.12' }] },
    });
    const ref = { apiVersion: 'nodus.dev/v1', kind: 'Pipeline', name: 'owner2', uid: owner.body.metadata.uid };
    await api.post(JOBS, job('child2', {}, { ownerReferences: [ref] }));
    await api.del('/apis/nodus.dev/v1/namespaces/default/pipelines/owner2');
    expect((await api.get<NodusObject>(`${JOBS}/child2`)).body.metadata.deletionTimestamp).toBeDefined();
  });

  it('answers 404 for an object that does not exist and 409 for a failed precondition', async () => {
    expect((await api.del(`${JOBS}/nope`)).status).toBe(404);
    await api.post(JOBS, job('pre'));
    const res = await api.del(`${JOBS}/pre`, { body: { preconditions: { uid: 'job_other' } } });
    expect(res.status).toBe(409);
    expect(status(res).reason).toBe('Conflict');
  });

  it('refuses a create of a name still being deleted, saying why', async () => {
    await api.post(JOBS, job('busy'));
    await api.del(`${JOBS}/busy`);
    const res = await api.post(JOBS, job('busy'));
    expect(res.status).toBe(409);
    expect(status(res).message).toContain('being deleted');
  });
});

describe('delete with propagationPolicy=Foreground', () => {
  it('keeps the owner, holding foregroundDeletion, until its blocking dependents are gone', async () => {
    const owner = await pipelineWithChild('fg-owner', 'fg-child', ['example.com/hold']);
    const watch = await openWatch(
      api,
      `${NS}/pipelines?watch=true&fieldSelector=metadata.name%3Dfg-owner&resourceVersion=${owner.metadata.resourceVersion}`,
    );
    try {
      const res = await api.del<NodusObject>(`${NS}/pipelines/fg-owner?propagationPolicy=Foreground`);
      expect(res.status).toBe(200);
      expect(res.body.metadata.deletionTimestamp).toBeDefined();
      expect(res.body.metadata.finalizers).toContain(FOREGROUND);
      expect((await api.get<NodusObject>(`${JOBS}/fg-child`)).body.metadata.deletionTimestamp).toBeDefined();
      // The child's own billing finalizer clears; its client finalizer keeps it, and so the owner.
      await expect
        .poll(async () => (await api.get<NodusObject>(`${JOBS}/fg-child`)).body.metadata.finalizers, { timeout: 5000 })
        .toEqual(['example.com/hold']);
      const held = await api.get<NodusObject>(`${NS}/pipelines/fg-owner`);
      expect(held.status).toBe(200);
      expect(held.body.metadata.finalizers).toContain(FOREGROUND);

      expect((await api.patch(`${JOBS}/fg-child`, { metadata: { finalizers: null } })).status).toBe(200);
      await expect.poll(async () => (await api.get(`${NS}/pipelines/fg-owner`)).status, { timeout: 5000 }).toBe(404);
      const events = await watchUntil(watch, (e) => e.type === 'DELETED');
      const deleting = events.findIndex((e) => (e.object as NodusObject).metadata.deletionTimestamp);
      expect(events[deleting]!.type).toBe('MODIFIED');
      expect((events[deleting]!.object as NodusObject).metadata.finalizers).toContain(FOREGROUND);
      expect(events.at(-1)!.type).toBe('DELETED');
      expect(events.filter((e) => e.type === 'DELETED')).toHaveLength(1);
    } finally {
      watch.close();
    }
  });

  it('takes the policy from a DeleteOptions body; with nothing to wait for, watchers see MODIFIED then DELETED', async () => {
    const made = await api.post<NodusObject>(`${NS}/budgets`, {
      metadata: { name: 'fg-free' },
      spec: { limitUSD: '5.00' },
    });
    const watch = await openWatch(
      api,
      `${NS}/budgets?watch=true&fieldSelector=metadata.name%3Dfg-free&resourceVersion=${made.body.metadata.resourceVersion}`,
    );
    try {
      const res = await api.del<NodusObject>(`${NS}/budgets/fg-free`, {
        body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Foreground' },
      });
      expect(res.status).toBe(200);
      expect(res.body.metadata.finalizers).toEqual([FOREGROUND]);
      expect(res.body.metadata.deletionTimestamp).toBeDefined();
      const events = await watchUntil(watch, (e) => e.type === 'DELETED');
      expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
      expect((events[0]!.object as NodusObject).metadata.finalizers).toEqual([FOREGROUND]);
      expect((await api.get(`${NS}/budgets/fg-free`)).status).toBe(404);
    } finally {
      watch.close();
    }
  });

  it('lets go of the owner once a dependent stops blocking it without going (its ownerReference removed)', async () => {
    await pipelineWithChild('fg-unblocked', 'fg-kept-child', ['example.com/hold']);
    await api.del(`${NS}/pipelines/fg-unblocked?propagationPolicy=Foreground`);
    expect((await api.get(`${NS}/pipelines/fg-unblocked`)).status).toBe(200);
    const unowned = await api.patch<NodusObject>(`${JOBS}/fg-kept-child`, { metadata: { ownerReferences: null } });
    expect(unowned.body.metadata.ownerReferences).toBeUndefined();
    await expect.poll(async () => (await api.get(`${NS}/pipelines/fg-unblocked`)).status, { timeout: 5000 }).toBe(404);
  });

  it('adds foregroundDeletion to an object already being deleted, and honours one it was created with', async () => {
    await api.post(JOBS, job('fg-again', {}, { finalizers: ['example.com/hold'] }));
    await api.del(`${JOBS}/fg-again`);
    const again = await api.del<NodusObject>(`${JOBS}/fg-again?propagationPolicy=Foreground`);
    expect(again.body.metadata.finalizers).toContain(FOREGROUND);
    expect(again.body.metadata.finalizers).toContain('example.com/hold');

    await api.post(`${NS}/budgets`, {
      metadata: { name: 'fg-born', finalizers: [FOREGROUND] },
      spec: { limitUSD: '5.00' },
    });
    expect((await api.del(`${NS}/budgets/fg-born`)).status).toBe(200);
    expect((await api.get(`${NS}/budgets/fg-born`)).status).toBe(404);
  });

  it('shows the finalizer on a dry run, and deletes nothing', async () => {
    await pipelineWithChild('fg-dry', 'fg-dry-child');
    const res = await api.del<NodusObject>(`${NS}/pipelines/fg-dry?propagationPolicy=Foreground&dryRun=All`);
    expect(res.body.metadata.finalizers).toContain(FOREGROUND);
    expect((await api.get<NodusObject>(`${NS}/pipelines/fg-dry`)).body.metadata.deletionTimestamp).toBeUndefined();
    expect((await api.get<NodusObject>(`${JOBS}/fg-dry-child`)).body.metadata.deletionTimestamp).toBeUndefined();
  });
});

describe('delete of a collection', () => {
  const labelled = (name: string, batch: string) => job(name, {}, { labels: { batch } });

  it('deletes what the labelSelector picks and answers the JobList as it was listed', async () => {
    for (const name of ['col-a', 'col-b']) await api.post(JOBS, labelled(name, 'gone'));
    await api.post(JOBS, labelled('col-kept', 'kept'));
    const res = await api.del<ObjectList>(`${JOBS}?labelSelector=batch%3Dgone`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiVersion: 'nodus.dev/v1', kind: 'JobList' });
    expect(res.body.metadata.resourceVersion).toBeDefined();
    expect(res.body.items.map((o) => o.metadata.name)).toEqual(['col-a', 'col-b']);
    expect(res.body.items[0]!.metadata.deletionTimestamp).toBeUndefined();
    for (const name of ['col-a', 'col-b']) {
      const deleting = await api.get<NodusObject>(`${JOBS}/${name}`);
      expect(deleting.body.metadata.deletionTimestamp).toBeDefined();
    }
    expect((await api.get<NodusObject>(`${JOBS}/col-kept`)).body.metadata.deletionTimestamp).toBeUndefined();
    await expect.poll(async () => (await api.get(`${JOBS}/col-a`)).status, { timeout: 5000 }).toBe(404);
  });

  it('takes a fieldSelector, and removes objects without finalizers at once', async () => {
    for (const name of ['b-one', 'b-two'])
      await api.post(`${NS}/budgets`, { metadata: { name }, spec: { limitUSD: '5.00' } });
    const res = await api.del<ObjectList>(`${NS}/budgets?fieldSelector=metadata.name%3Db-one`);
    expect(res.body.items.map((o) => o.metadata.name)).toEqual(['b-one']);
    expect((await api.get(`${NS}/budgets/b-one`)).status).toBe(404);
    expect((await api.get(`${NS}/budgets/b-two`)).status).toBe(200);
  });

  it('deletes nothing with dryRun=All, in the query or the DeleteOptions body', async () => {
    await api.post(JOBS, labelled('dry-a', 'dry'));
    const query = await api.del<ObjectList>(`${JOBS}?labelSelector=batch%3Ddry&dryRun=All`);
    expect(query.body.items.map((o) => o.metadata.name)).toEqual(['dry-a']);
    const body = await api.del<ObjectList>(`${JOBS}?labelSelector=batch%3Ddry`, {
      body: { kind: 'DeleteOptions', apiVersion: 'v1', dryRun: ['All'], gracePeriodSeconds: 0 },
    });
    expect(body.body.items).toHaveLength(1);
    expect((await api.get<NodusObject>(`${JOBS}/dry-a`)).body.metadata.deletionTimestamp).toBeUndefined();
  });

  it('deletes one page with limit, and answers it with its continue token', async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) await api.post(JOBS, labelled(name, 'paged'));
    const res = await api.del<ObjectList>(`${JOBS}?labelSelector=batch%3Dpaged&limit=2`);
    expect(res.body.items.map((o) => o.metadata.name)).toEqual(['page-a', 'page-b']);
    expect(res.body.metadata.continue).toBeTruthy();
    expect((await api.get<NodusObject>(`${JOBS}/page-b`)).body.metadata.deletionTimestamp).toBeDefined();
    expect((await api.get<NodusObject>(`${JOBS}/page-c`)).body.metadata.deletionTimestamp).toBeUndefined();
  });

  it('passes propagationPolicy on to each object', async () => {
    await pipelineWithChild('col-owner', 'col-orphan');
    const res = await api.del<ObjectList>(`${NS}/pipelines?fieldSelector=metadata.name%3Dcol-owner`, {
      body: { propagationPolicy: 'Orphan' },
    });
    expect(res.body.items).toHaveLength(1);
    const child = await api.get<NodusObject>(`${JOBS}/col-orphan`);
    expect(child.body.metadata.deletionTimestamp).toBeUndefined();
    expect(child.body.metadata.ownerReferences).toBeUndefined();
  });

  it('refuses a bad selector or option with a 400 that says how to fix it, and a delete across projects', async () => {
    await api.post(JOBS, labelled('survivor', 'x'));
    for (const query of ['labelSelector=batch%20in%20(', 'fieldSelector=spec.image%3Dx', 'gracePeriodSeconds=soon']) {
      const res = await api.del(`${JOBS}?${query}`);
      expect(res.status, query).toBe(400);
      expect(status(res).reason).toBe('BadRequest');
      expect(status(res).fix, query).toBeTruthy();
    }
    const across = await api.del('/apis/nodus.dev/v1/jobs');
    expect(across.status).toBe(405);
    expect(status(across).fix).toContain('/namespaces/{project}/jobs');
    expect((await api.del('/apis/nodus.dev/v1/namespaces/nodus/images')).status).toBe(403);
    expect((await api.get<NodusObject>(`${JOBS}/survivor`)).body.metadata.deletionTimestamp).toBeUndefined();
  });

  it('is advertised in discovery as deletecollection, for kinds that can be written', async () => {
    const res = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/apis/nodus.dev/v1');
    const verbs = (name: string) => res.body.resources.find((r) => r.name === name)?.verbs;
    expect(verbs('jobs')).toContain('deletecollection');
    expect(verbs('images')).not.toContain('deletecollection');
  });
});
