/**
 * Conditions in the order a person reads them: problems first. Most conditions say something good when True
 * (Ready, Scheduled, Billed); a few say something bad (names ending in Pressure, Exceeded, Failed, Degraded...).
 * A positive condition that is False only because the person asked for it (Suspended, Stopped) or because the
 * work finished (Completed) is a note, not a problem.
 */
import type { Condition, ObjectStatus } from '@/shared/protocol.ts';

export type Severity = 'problem' | 'unknown' | 'note' | 'ok';

const NEGATIVE = /(Pressure|Exceeded|Failed|Failure|Degraded|Error|Errors|Stalled|Unavailable|Throttled|Conflict)$/;

/** Reasons a positive condition is False by intent or while it is on its way, not because something broke. */
const EXPECTED_REASONS = new Set([
  'Completed',
  'Suspended',
  'Stopped',
  'Cancelled',
  'Cancelling',
  'Terminating',
  'Resumed',
  'Restarting',
  'Queued',
  'Provisioning',
  'Pending',
  'Starting',
]);

export function isNegative(type: string): boolean {
  return NEGATIVE.test(type);
}

export function severity(c: Pick<Condition, 'type' | 'status' | 'reason'>): Severity {
  if (c.status === 'Unknown') return 'unknown';
  const holds = c.status === 'True';
  const good = isNegative(c.type) ? !holds : holds;
  if (good) return 'ok';
  return EXPECTED_REASONS.has(c.reason) ? 'note' : 'problem';
}

const RANK: Record<Severity, number> = { problem: 0, unknown: 1, note: 2, ok: 3 };

/** Problems first, then unknown, then notes, then healthy; within each, the most recent change first. */
export function sortConditions(conditions: readonly Condition[]): Condition[] {
  return [...conditions].sort((a, b) => {
    const rank = RANK[severity(a)] - RANK[severity(b)];
    if (rank !== 0) return rank;
    const time = (Date.parse(b.lastTransitionTime) || 0) - (Date.parse(a.lastTransitionTime) || 0);
    return time !== 0 ? time : a.type.localeCompare(b.type);
  });
}

/** The rate cap a launch was given, and why it waits, when the price is above it (condition PriceWithinCap False). */
export interface PriceWait {
  message: string;
  since: string;
  reviewedRate: string | undefined;
  cap: string | undefined;
  /** The cap comes from spec.placement.maxRateUSDPerHour rather than the review. */
  ownCap: boolean;
}

export function priceWait(status: ObjectStatus | undefined): PriceWait | undefined {
  const c = (status?.conditions ?? []).find((x) => x.type === 'PriceWithinCap' && x.status === 'False');
  if (!c) return undefined;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const reviewedRate = text(status?.reviewedRateUSDPerHour);
  return {
    message: c.message,
    since: c.lastTransitionTime,
    reviewedRate,
    cap: text(status?.rateCapUSDPerHour),
    ownCap: reviewedRate === undefined,
  };
}
