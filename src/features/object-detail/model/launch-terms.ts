/**
 * What a launch agreed to, read from the object's status: the reviewed estimate (`status.reviewed`, written by a
 * create with If-Match), the rate cap and where it came from, and the rate now. Objects created without a review
 * have only the server's estimate at create.
 */
import type { NodusObject } from '@/shared/protocol.ts';

export interface LaunchTerms {
  /** True when the object was launched from a review (If-Match). */
  reviewed: boolean;
  costUSD: string | undefined;
  firstHoldUSD: string | undefined;
  rateUSDPerHour: string | undefined;
  priceBookVersion: string | undefined;
  reviewedAt: string | undefined;
  rateCapUSDPerHour: string | undefined;
  /** `review`: the reviewed rate plus 10 %; `spec`: spec.placement.maxRateUSDPerHour. */
  capFrom: 'review' | 'spec' | undefined;
  rateNowUSDPerHour: string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export function launchTerms(object: NodusObject): LaunchTerms | undefined {
  const status = record(object.status);
  const agreed = record(status.reviewed);
  const estimate = record(status.estimate);
  const reviewed = Object.keys(agreed).length > 0 || text(status.reviewedRateUSDPerHour) !== undefined;
  if (!reviewed && Object.keys(estimate).length === 0) return undefined;
  const source = Object.keys(agreed).length > 0 ? agreed : estimate;
  const explicitCap = text(record(record(object.spec).placement).maxRateUSDPerHour);
  const cap = text(status.rateCapUSDPerHour);
  return {
    reviewed,
    costUSD: text(source.costUSD),
    firstHoldUSD: text(source.firstHoldUSD),
    rateUSDPerHour: text(status.reviewedRateUSDPerHour) ?? text(source.rateUSDPerHour),
    priceBookVersion: text(source.priceBookVersion),
    reviewedAt: text(agreed.reviewedAt),
    rateCapUSDPerHour: cap,
    capFrom: cap === undefined ? undefined : explicitCap !== undefined && explicitCap === cap ? 'spec' : 'review',
    rateNowUSDPerHour: text(status.rateUSDPerHour),
  };
}
