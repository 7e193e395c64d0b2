import { describe, expect, it } from 'vitest';
import type { NodusObject, Status } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi } from './harness.ts';

const api = withMockApi({ speed: 400, finalizeSeconds: 0.1 });
const H100x8 = { resources: { cpu: 32, memoryGiB: 256, gpu: { type: 'H100', count: 8 } } };
const forever = { annotations: { 'mock.nodus.dev/run-seconds': '10000000' } };
const BUDGETS = '/apis/nodus.dev/v1/namespaces/default/budgets';

async function get(path: string): Promise<NodusObject> {
  return (await api.get<NodusObject>(path)).body;
}

const cost = async (path: string) => Number((await get(path)).status?.costUSD ?? 0);

describe('charges', () => {
  it('posts charges into status.costUSD while running and stops at spec.maxCostUSD; a raise lets it go on', async () => {
    await api.post(JOBS, job('spend', { ...H100x8, maxCostUSD: '3.00' }, forever));
    await expect.poll(async () => (await get(`${JOBS}/spend`)).status?.phase, { timeout: 15_000 }).toBe('Suspended');
    const capped = await get(`${JOBS}/spend`);
    expect(capped.status?.costUSD).toBe('3.00');
    expect(capped.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      reason: 'MaxCostReached',
      message: expect.stringContaining('Raise spec.maxCostUSD'),
    });
    await api.patch(`${JOBS}/spend`, { spec: { maxCostUSD: '6.00' } });
    await expect.poll(() => cost(`${JOBS}/spend`), { timeout: 15_000 }).toBeGreaterThan(3);
    await expect.poll(async () => (await get(`${JOBS}/spend`)).status?.costUSD, { timeout: 15_000 }).toBe('6.00');
  });

  it('stops billing while Suspended', async () => {
    await api.post(JOBS, job('paused', H100x8, forever));
    await api.post(JOBS, job('clock', H100x8, forever));
    await expect.poll(() => cost(`${JOBS}/paused`), { timeout: 15_000 }).toBeGreaterThan(0);
    const held = await api.patch<NodusObject>(`${JOBS}/paused`, { spec: { state: 'Suspended' } });
    const frozen = held.body.status?.costUSD;
    // Time passes (another Job keeps costing more) while the suspended one costs nothing more.
    const before = await cost(`${JOBS}/clock`);
    await expect.poll(() => cost(`${JOBS}/clock`), { timeout: 15_000 }).toBeGreaterThan(before + 1);
    expect((await get(`${JOBS}/paused`)).status?.costUSD).toBe(frozen);
  });

  it('keeps a launch waiting in Queued while the hourly rate is above the reviewed rate plus 10 %', async () => {
    const spec = { resources: { gpu: { type: 'L4', count: 1 } } };
    const review = await api.post(`${JOBS}?dryRun=All`, job('capped-rate', spec));
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '1.50' } });
    await api.post(JOBS, job('capped-rate', spec), { headers: { 'If-Match': review.headers.get('etag')! } });
    await expect
      .poll(
        async () =>
          (await get(`${JOBS}/capped-rate`)).status?.conditions?.find((c) => c.type === 'PriceWithinCap')?.reason,
        { timeout: 10_000 },
      )
      .toBe('PriceAboveEstimate');
    const waiting = await get(`${JOBS}/capped-rate`);
    expect(waiting.status?.phase).toBe('Queued');
    expect(waiting.status?.message).toContain('above the cap of $');
    await api.post('/_mock/price-book', { rates: { 'gpu.L4': '0.80' } });
    await expect
      .poll(async () => (await get(`${JOBS}/capped-rate`)).status?.phase, { timeout: 10_000 })
      .toBe('Running');
  });

  it('lets hourly rates drift without a new price book version, within a band', async () => {
    const drifting = await import('@/mock/server.ts').then((m) =>
      m.startMockServer({ port: 0, speed: 100_000, priceDrift: true }),
    );
    try {
      const book = async () =>
        (await (
          await fetch(`${drifting.url}/_mock/price-book`, { headers: { Authorization: 'Bearer nodus-dev-key' } })
        ).json()) as { version: string; rates: Record<string, string> };
      const first = await book();
      await expect
        .poll(async () => (await book()).rates['gpu.H100'], { timeout: 10_000 })
        .not.toBe(first.rates['gpu.H100']);
      const later = await book();
      expect(later.version).toBe(first.version);
      expect(Number(later.rates['gpu.H100'])).toBeGreaterThanOrEqual(3.95 * 0.85 - 0.0001);
      expect(Number(later.rates['gpu.H100'])).toBeLessThanOrEqual(3.95 * 1.15 + 0.0001);
    } finally {
      await drifting.close();
    }
  });
});

describe('budgets', () => {
  it('posts charges into the project Budget', async () => {
    const before = Number((await get(`${BUDGETS}/monthly`)).status?.spentUSD);
    await api.post(JOBS, job('budgeted', H100x8, forever));
    await expect
      .poll(async () => Number((await get(`${BUDGETS}/monthly`)).status?.spentUSD), { timeout: 15_000 })
      .toBeGreaterThan(before + 1);
    const budget = await get(`${BUDGETS}/monthly`);
    expect(Number(budget.status?.remainingUSD)).toBeCloseTo(500 - Number(budget.status?.spentUSD), 2);
  });

  it('refuses a launch that would go over a blocking Budget, and a review says how much is left', async () => {
    const big = job('too-big', { ...H100x8, maxCostUSD: '900.00', timeoutSeconds: 86400 });
    const review = await api.post<NodusObject>(`${JOBS}?dryRun=All`, big);
    expect(review.status).toBe(201);
    expect(review.body.status?.estimate?.budgets).toEqual([
      expect.objectContaining({
        name: 'monthly',
        wouldExceed: true,
        enforcement: 'Block',
        remainingAfterUSD: expect.stringMatching(/^-/),
        alertThresholds: [50, 80, 100],
      }),
    ]);
    expect(review.headers.get('warning')).toContain('Budget monthly');
    const launch = await api.post(JOBS, big);
    expect(launch.status).toBe(403);
    const st = status(launch) as Status;
    expect(st.reason).toBe('Forbidden');
    expect(st.message).toContain('Budget "monthly"');
    expect(st.details?.causes?.[0]).toMatchObject({ field: 'spec.maxCostUSD', reason: 'BudgetExceeded' });
    expect(st.fix).toContain('limitUSD');
    expect((await api.get(`${JOBS}/too-big`)).status).toBe(404);
  });

  it("gives a review each Budget's alert thresholds, ascending, as its spec sets them", async () => {
    await api.patch(`${BUDGETS}/monthly`, { spec: { alertThresholds: [90, 25] } });
    try {
      const review = await api.post<NodusObject>(`${JOBS}?dryRun=All`, job('thresholds', H100x8));
      expect(review.body.status?.estimate?.budgets?.[0]).toMatchObject({ name: 'monthly', alertThresholds: [25, 90] });
    } finally {
      await api.patch(`${BUDGETS}/monthly`, { spec: { alertThresholds: [50, 80, 100] } });
    }
  });

  it('answers a change of limit with the remaining amount and phase of the new limit, not at a later tick', async () => {
    const spent = Number((await get(`${BUDGETS}/monthly`)).status?.spentUSD);
    const raised = await api.patch<NodusObject>(`${BUDGETS}/monthly`, { spec: { limitUSD: '2000.00' } });
    expect(raised.body.status?.observedGeneration).toBe(raised.body.metadata.generation);
    expect(Number(raised.body.status?.remainingUSD)).toBeCloseTo(2000 - Number(raised.body.status?.spentUSD), 2);
    expect(Number(raised.body.status?.spentUSD)).toBeGreaterThanOrEqual(spent);
    const lowered = await api.patch<NodusObject>(`${BUDGETS}/monthly`, { spec: { limitUSD: '0.01' } });
    expect(lowered.body.status).toMatchObject({ remainingUSD: '0.00', phase: 'Exceeded' });
    await api.patch(`${BUDGETS}/monthly`, { spec: { limitUSD: '500.00' } });
  });

  it('lets such a launch go when the Budget only alerts', async () => {
    await api.patch(`${BUDGETS}/monthly`, { spec: { enforcement: 'Alert' } });
    const launch = await api.post(JOBS, job('alerted', { ...H100x8, maxCostUSD: '900.00', timeoutSeconds: 86400 }));
    expect(launch.status).toBe(201);
    expect(launch.headers.get('warning')).toContain('Budget monthly');
  });
});
