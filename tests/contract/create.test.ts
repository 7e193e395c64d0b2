import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi();

describe('create by name', () => {
  it('returns the existing object (200) when the same spec is created again', async () => {
    const first = await api.post<NodusObject>(JOBS, job('same'));
    expect(first.status).toBe(201);
    const second = await api.post<NodusObject>(JOBS, job('same'));
    expect(second.status).toBe(200);
    expect(second.body.metadata.uid).toBe(first.body.metadata.uid);
    // Defaults count as the same spec.
    const explicit = await api.post<NodusObject>(JOBS, job('same', { timeoutSeconds: 14400, state: 'Running' }));
    expect(explicit.status).toBe(200);
  });

  it('fails with 409 AlreadyExists listing each differing field with both values', async () => {
    await api.post(JOBS, job('diff'));
    const res = await api.post(JOBS, job('diff', { image: 'nodus/jax:0.6-cuda12.8', maxCostUSD: '50.00' }));
    expect(res.status).toBe(409);
    expect(status(res).reason).toBe('AlreadyExists');
    expect(status(res).details?.causes).toEqual([
      {
        field: 'spec.image',
        reason: 'FieldValueDuplicate',
        message: 'existing "nodus/pytorch:2.8-cuda12.8", requested "nodus/jax:0.6-cuda12.8"',
      },
      { field: 'spec.maxCostUSD', reason: 'FieldValueDuplicate', message: 'existing "40.00", requested "50.00"' },
    ]);
  });
});

describe('dry-run', () => {
  it('runs every check, stores nothing, and shows defaults and the estimate with an ETag', async () => {
    const res = await api.post<NodusObject>(
      `${JOBS}?dryRun=All`,
      job('dry', { resources: { gpu: { type: 'H100', count: 2 } } }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(res.body.spec).toMatchObject({ resources: { cpu: 4, memoryGiB: 16, gpu: { type: 'H100', count: 2 } } });
    expect(res.body.status?.estimate).toEqual({
      costUSD: '32.75', // four hours (the default timeout) at the hourly rate
      firstHoldUSD: '8.19', // one hour: 2 x 3.95 + 4 x 0.048 + 16 x 0.006
      rateUSDPerHour: '8.188',
      startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      priceBookVersion: '2026-11-01',
      budgets: [
        expect.objectContaining({ name: 'monthly', limitUSD: '500.00', wouldExceed: false, enforcement: 'Block' }),
      ],
    });
    expect((await api.get(`${JOBS}/dry`)).status).toBe(404);
    const invalid = await api.post(`${JOBS}?dryRun=All`, job('dry', { resources: { gpu: { count: 2 } } }));
    expect(invalid.status).toBe(422);
    expect(status(invalid).details?.causes?.[0]?.field).toBe('spec.resources.gpu.type');
  });

  it('gives no estimate for kinds that use no compute', async () => {
    const res = await api.post<NodusObject>('/apis/nodus.dev/v1/namespaces/default/budgets?dryRun=All', {
      metadata: { name: 'b' },
      spec: { limitUSD: '10.00' },
    });
    expect(res.status).toBe(201);
    expect(res.body.status?.estimate).toBeUndefined();
    expect(res.headers.get('etag')).toBeNull();
    expect(res.body.spec).toMatchObject({ period: 'Monthly', enforcement: 'Block' });
  });

  it('works on update, patch and delete too', async () => {
    const created = await api.post<NodusObject>(JOBS, job('dry-ops'));
    const put = await api.put<NodusObject>(`${JOBS}/dry-ops?dryRun=All`, {
      ...created.body,
      spec: { ...created.body.spec, maxCostUSD: '90.00' },
    });
    expect(put.status).toBe(200);
    expect(put.body.status?.estimate).toBeDefined();
    const patch = await api.patch<NodusObject>(`${JOBS}/dry-ops?dryRun=All`, { spec: { state: 'Suspended' } });
    expect(patch.body.spec).toMatchObject({ state: 'Suspended' });
    const del = await api.del<NodusObject>(`${JOBS}/dry-ops`, {
      body: { kind: 'DeleteOptions', apiVersion: 'v1', dryRun: ['All'] },
    });
    expect(del.status).toBe(200);
    expect(del.body.metadata.deletionTimestamp).toBeDefined();
    const after = await api.get<NodusObject>(`${JOBS}/dry-ops`);
    expect(after.body.spec).toMatchObject({ maxCostUSD: '40.00', state: 'Running' });
    expect(after.body.metadata.deletionTimestamp).toBeUndefined();
    expect(after.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
  });

  it('refuses dryRun values other than All', async () => {
    expect((await api.post(`${JOBS}?dryRun=Yes`, job('x'))).status).toBe(400);
  });
});

describe('launching what was reviewed (If-Match)', () => {
  it('creates when the ETag matches and caps the rate at the reviewed rate plus 10 %', async () => {
    const review = await api.post<NodusObject>(
      `${JOBS}?dryRun=All`,
      job('launch', { resources: { gpu: { type: 'L4', count: 1 } } }),
    );
    const etag = review.headers.get('etag')!;
    const rate = review.body.status!.estimate!.rateUSDPerHour;
    expect(rate).toBe('1.088');
    // The hourly rate moves but the price book version does not: the launch goes ahead.
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '0.95' } });
    const res = await api.post<NodusObject>(JOBS, job('launch', { resources: { gpu: { type: 'L4', count: 1 } } }), {
      headers: { 'If-Match': etag },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toMatchObject({ reviewedRateUSDPerHour: '1.088', rateCapUSDPerHour: '1.1968' });
  });

  it("keeps what was reviewed in status.reviewed, through the controller's later writes", async () => {
    const spec = { resources: { gpu: { type: 'L4', count: 1 } } };
    const review = await api.post<NodusObject>(`${JOBS}?dryRun=All`, job('agreed', spec));
    const estimate = review.body.status!.estimate!;
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '0.95' } });
    const res = await api.post<NodusObject>(JOBS, job('agreed', spec), {
      headers: { 'If-Match': review.headers.get('etag')! },
    });
    const agreed = {
      costUSD: estimate.costUSD,
      firstHoldUSD: estimate.firstHoldUSD,
      rateUSDPerHour: '1.088',
      priceBookVersion: estimate.priceBookVersion,
      etag: review.headers.get('etag'),
    };
    expect(res.body.status?.reviewed).toMatchObject(agreed);
    expect(Date.parse(String((res.body.status?.reviewed as { reviewedAt?: string }).reviewedAt))).not.toBeNaN();
    // A later status write (a phase change, a charge) keeps it.
    await api.patch(`${JOBS}/agreed`, { spec: { state: 'Suspended' } });
    await expect
      .poll(async () => (await api.get<NodusObject>(`${JOBS}/agreed`)).body.status?.phase, { timeout: 10_000 })
      .toBe('Suspended');
    expect((await api.get<NodusObject>(`${JOBS}/agreed`)).body.status?.reviewed).toMatchObject(agreed);
  });

  it('records no agreement for a create without If-Match', async () => {
    const res = await api.post<NodusObject>(JOBS, job('unreviewed'));
    expect(res.body.status?.reviewed).toBeUndefined();
  });

  it('records placement.maxRateUSDPerHour as the cap when it is set', async () => {
    const spec = { placement: { maxRateUSDPerHour: '2.00' } };
    const review = await api.post(`${JOBS}?dryRun=All`, job('capped', spec));
    const res = await api.post<NodusObject>(JOBS, job('capped', spec), {
      headers: { 'If-Match': review.headers.get('etag')! },
    });
    expect(res.body.status).toMatchObject({ rateCapUSDPerHour: '2.00' });
  });

  it('fails with 412 PreconditionFailed when the price book version changed', async () => {
    const review = await api.post(`${JOBS}?dryRun=All`, job('stale'));
    await api.post('/_mock/price-book', { version: '2026-12-01' });
    const res = await api.post(JOBS, job('stale'), { headers: { 'If-Match': review.headers.get('etag')! } });
    expect(res.status).toBe(412);
    expect(status(res).reason).toBe('PreconditionFailed');
    expect(status(res).message).toContain('2026-12-01');
    // The message is for a person; the ETags are in a cause, for tools.
    expect(status(res).message).not.toContain(review.headers.get('etag')!);
    expect(status(res).details?.causes?.[0]).toMatchObject({ field: 'If-Match' });
    expect((await api.get(`${JOBS}/stale`)).status).toBe(404);
  });

  it('fails with 412 when the spec differs from the one reviewed', async () => {
    const review = await api.post(`${JOBS}?dryRun=All`, job('changed'));
    const res = await api.post(JOBS, job('changed', { maxCostUSD: '99.00' }), {
      headers: { 'If-Match': review.headers.get('etag')! },
    });
    expect(res.status).toBe(412);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for a retry with the same key', async () => {
    const first = await api.post<NodusObject>(JOBS, job('idem'), { headers: { 'Idempotency-Key': 'k-1' } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await api.post<NodusObject>(JOBS, job('idem'), { headers: { 'Idempotency-Key': 'k-1' } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('fails with 422 IdempotencyKeyReused for a different request with the same key', async () => {
    await api.post(JOBS, job('idem-a'), { headers: { 'Idempotency-Key': 'k-2' } });
    const res = await api.post(JOBS, job('idem-b'), { headers: { 'Idempotency-Key': 'k-2' } });
    expect(res.status).toBe(422);
    expect(status(res).reason).toBe('IdempotencyKeyReused');
    expect((await api.get(`${JOBS}/idem-b`)).status).toBe(404);
  });

  it('never double-creates with generateName', async () => {
    const body = job('', {}, { name: undefined, generateName: 'once-' });
    const a = await api.post<NodusObject>(JOBS, body, { headers: { 'Idempotency-Key': 'k-3' } });
    const b = await api.post<NodusObject>(JOBS, body, { headers: { 'Idempotency-Key': 'k-3' } });
    expect(b.body.metadata.name).toBe(a.body.metadata.name);
    const list = await api.get<{ items: NodusObject[] }>(`${JOBS}?labelSelector=`);
    expect(list.body.items.filter((j) => j.metadata.name?.startsWith('once-'))).toHaveLength(1);
  });
});
