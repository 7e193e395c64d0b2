/** One health level from two sources: the worse of what /readyz says and what the console's calls see. */
import type { HealthLevel } from '../api/get-readiness.ts';
import type { CallLevel } from './call-health.ts';

const RANK: Record<HealthLevel, number> = { checking: 0, ready: 0, degraded: 1, failing: 2, unreachable: 3 };
const FROM_CALLS: Record<CallLevel, HealthLevel | undefined> = {
  ok: undefined,
  degraded: 'degraded',
  failing: 'failing',
};

export function worstLevel(probed: HealthLevel, calls: CallLevel): HealthLevel {
  const seen = FROM_CALLS[calls];
  return seen && RANK[seen] > RANK[probed] ? seen : probed;
}
