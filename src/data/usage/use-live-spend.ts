/**
 * Money as it moves. The burn rate is the sum of the hourly rates of what runs now; it is read from watches of
 * the running objects of each charged kind (`fieldSelector=status.phase=Running`: a few objects even in a project
 * of 50,000), so it moves the moment one starts or stops, as the API's `burnRateUSDPerHour` would. When a running
 * object's `costUSD` moves (a charge posted), the usage reports of its project are fetched again, at most once
 * per SPEND_REFRESH_MS, so spend over time follows charges without polling fast.
 */
import { useCallback, useMemo } from 'react';
import { NODUS_GROUP_VERSION } from '@/data/client/index.ts';
import type { ListWatchSnapshot } from '@/data/watch/index.ts';
import { useListWatch } from '@/data/watch/use-list-watch.tsx';
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { RunningTally } from './running-tally.ts';
import { useInvalidateOnChange } from './use-invalidate-on-change.ts';
import { usageKeys } from './usage-report.ts';

/** Kinds whose objects are charged for themselves (a Pipeline's spend is its Jobs'). */
export const CHARGED_PLURALS: readonly string[] = Object.values(KIND_FACTS)
  .filter((facts) => facts.billable && !facts.children)
  .map((facts) => facts.plural);

const RUNNING = 'status.phase=Running';
const SPEND_REFRESH_MS = 3_000;

export interface LiveSpend {
  /** The burn rate in ten-thousandths of a dollar per hour; undefined until every watch has listed once. */
  burnRate: number | undefined;
  /** How many objects run now (with a rate); undefined until every watch has listed once. */
  count: number | undefined;
  /** The hourly rate of a running object, by uid; undefined for one that does not run. */
  rateOf: (uid: string) => number | undefined;
  /** Every watch is live (not loading, reconnecting or stale). */
  live: boolean;
}

function useRunning(plural: string, project: string | undefined): ListWatchSnapshot<NodusObject> {
  return useListWatch({ ...NODUS_GROUP_VERSION, plural, namespace: project, fieldSelector: RUNNING });
}

/** `project` undefined: every project. */
export function useLiveSpend(project: string | undefined): LiveSpend {
  // One watch per charged kind, always in the same order, so the hooks keep their places.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a constant list: each hook keeps its place
  const watches = CHARGED_PLURALS.map((plural) => useRunning(plural, project));
  // One tally per watch, for this project: brought up to each snapshot by what changed in it.
  const tallies = useMemo(
    () => CHARGED_PLURALS.map(() => new RunningTally()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- new tallies for another project
    [project],
  );
  const versions = watches.map((w) => w.version).join('|');
  const { rate, count, cost } = useMemo(
    () => {
      for (const [i, w] of watches.entries()) tallies[i]!.follow(w);
      return {
        rate: tallies.reduce((sum, t) => sum + t.rate, 0),
        count: tallies.reduce((sum, t) => sum + t.count, 0),
        cost: tallies.reduce((sum, t) => sum + t.cost, 0),
      };
    },
    // The snapshots' versions name their items: the same versions, the same objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [versions, tallies],
  );
  const synced = watches.every((w) => w.synced);
  const rateOf = useCallback(
    (uid: string) => {
      for (const t of tallies) {
        const r = t.rateOf(uid);
        if (r !== undefined) return r;
      }
      return undefined;
    },
    // A new function whenever the sums moved, so that views reading rates draw again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tallies, versions],
  );
  // Charges only add: the count and the sum of what runs have spent move whenever a charge posts.
  // The all-projects reports hold this project's spend too.
  const stale = project === undefined ? [usageKeys(null)] : [usageKeys(project), usageKeys(null)];
  useInvalidateOnChange(
    `${count}:${cost}`,
    stale.map((queryKey) => ({ queryKey })),
    SPEND_REFRESH_MS,
  );
  return {
    burnRate: synced ? rate : undefined,
    count: synced ? count : undefined,
    rateOf,
    live: watches.every((w) => w.status === 'live'),
  };
}
