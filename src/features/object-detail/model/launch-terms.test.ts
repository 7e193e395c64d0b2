import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { launchTerms } from './launch-terms.ts';

const job = (status: Record<string, unknown>, spec: Record<string, unknown> = {}): NodusObject => ({
  apiVersion: 'nodus.dev/v1',
  kind: 'Job',
  metadata: { name: 'a' },
  spec,
  status,
});
const estimate = {
  costUSD: '3.00',
  firstHoldUSD: '1.00',
  rateUSDPerHour: '1.00',
  startTime: '2026-01-01T00:00:00Z',
  priceBookVersion: 'v2',
};

describe('launchTerms', () => {
  it('reads the reviewed estimate and a cap made from the reviewed rate', () => {
    const reviewed = {
      costUSD: '2.50',
      firstHoldUSD: '0.90',
      rateUSDPerHour: '0.95',
      priceBookVersion: 'v1',
      reviewedAt: '2026-01-01T00:00:00Z',
      etag: 'e',
    };
    expect(
      launchTerms(
        job({ estimate, reviewed, reviewedRateUSDPerHour: '0.95', rateCapUSDPerHour: '1.045', rateUSDPerHour: '1.00' }),
      ),
    ).toEqual({
      reviewed: true,
      costUSD: '2.50',
      firstHoldUSD: '0.90',
      rateUSDPerHour: '0.95',
      priceBookVersion: 'v1',
      reviewedAt: '2026-01-01T00:00:00Z',
      rateCapUSDPerHour: '1.045',
      capFrom: 'review',
      rateNowUSDPerHour: '1.00',
    });
  });

  it('names the spec as the cap when placement.maxRateUSDPerHour set it', () => {
    const terms = launchTerms(
      job(
        { estimate, reviewed: { ...estimate }, rateCapUSDPerHour: '2.00' },
        { placement: { maxRateUSDPerHour: '2.00' } },
      ),
    );
    expect(terms?.capFrom).toBe('spec');
  });

  it('falls back to the estimate at create for an object launched without a review', () => {
    expect(launchTerms(job({ estimate }))).toMatchObject({
      reviewed: false,
      costUSD: '3.00',
      priceBookVersion: 'v2',
      capFrom: undefined,
    });
  });

  it('has nothing to say about an object without an estimate', () => {
    expect(launchTerms(job({ phase: 'Active' }))).toBeUndefined();
  });
});
