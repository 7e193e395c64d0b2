/**
 * Money as it moves. The burn rate is the sum of the hourly rates of what runs now; it is read from watches of
 * the running objects of each charged kind (`fieldSelector=status.phase=Running`: a few objects even in a project
 * of 50,000), so it moves the moment one starts or stops, as the API's `burnRateUSDPerHour` would. When a running
 * object's `costUSD` moves (a charge posted), the usage reports of its project are fetched again, at most once
 * per SPEND_REFRESH_MS, so spend over time follows charges without polling fast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { NODUS_GROUP_VERSION } from '@/data/client/index.ts';
import type { ListWatchSnapshot } from '@/data/watch/index.ts';
import { useListWatch } from '@/data/watch/use-list-watch.tsx';
import { parseUSD } from '@/lib/money.ts';
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { usageKeys } from './usage-report.ts';

/** Kinds whose objects are charged for themselves (a Pipeline's spend is its Jobs'). */
export const CHARGED_PLURALS: readonly string[] = Object.values(KIND_FACTS)
  .filter((facts) => facts.billable && !facts.children)
  .map((facts) => facts.plural);

const RUNNING = 'status.phase=Running';
const SPEND_REFRESH_MS = 3_000;

export interface RunningObject {
  object: NodusObject;
  /** Its hourly rate, in ten-thousandths of a dollar. */
  rate: number;
}

export interface LiveSpend {
  /** The burn rate in ten-thousandths of a dollar per hour; undefined until every watch has listed once. */
  burnRate: number | undefined;
  /** What runs now, in no particular order. */
  running: RunningObject[];
  /** Every watch is live (not loading, reconnecting or stale). */
  live: boolean;
}

function useRunning(plural: string, project: string | undefined): ListWatchSnapshot<NodusObject> {
  return useListWatch({ ...NODUS_GROUP_VERSION, plural, namespace: project, fieldSelector: RUNNING });
}

/** The rate of an object that runs now and is not being deleted; 0 for anything else. */
function rateOf(object: NodusObject): number {
  if (object.status?.phase !== 'Running' || object.metadata.deletionTimestamp) return 0;
  return parseUSD(object.status.rateUSDPerHour) ?? 0;
}

/** `project` undefined: every project. */
export function useLiveSpend(project: string | undefined): LiveSpend {
  // One watch per charged kind, always in the same order, so the hooks keep their places.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a constant list: each hook keeps its place
  const watches = CHARGED_PLURALS.map((plural) => useRunning(plural, project));
  const versions = watches.map((w) => w.version).join('|');
  // One pass, no sort: in a large project thousands run, and this runs on every change of any of them.
  const { running, spent } = useMemo(
    () => {
      const list: RunningObject[] = [];
      let costs = 0;
      for (const w of watches) {
        for (const object of w.items) {
          const rate = rateOf(object);
          if (rate === 0) continue;
          list.push({ object, rate });
          costs += parseUSD(object.status?.costUSD) ?? 0;
        }
      }
      // Charges only add: the count and the sum of what runs have spent move whenever a charge posts.
      return { running: list, spent: `${list.length}:${costs}` };
    },
    // The snapshots' versions name their items: the same versions, the same objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [versions],
  );
  const synced = watches.every((w) => w.synced);
  const burnRate = useMemo(() => (synced ? running.reduce((sum, r) => sum + r.rate, 0) : undefined), [synced, running]);
  useRefetchOnCharge(project, spent);
  return { burnRate, running, live: watches.every((w) => w.status === 'live') };
}

/** A charge moves a running object's costUSD: the project's reports are stale then. */
function useRefetchOnCharge(project: string | undefined, spent: string): void {
  const queryClient = useQueryClient();
  const last = useRef({ spent, at: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  useEffect(() => {
    const state = last.current;
    if (state.spent === spent) return;
    state.spent = spent;
    if (state.timer !== undefined) return;
    const refetch = () => {
      state.timer = undefined;
      state.at = Date.now();
      void queryClient.invalidateQueries({ queryKey: usageKeys(project ?? null) });
      // The all-projects reports hold this project's spend too.
      if (project !== undefined) void queryClient.invalidateQueries({ queryKey: usageKeys(null) });
    };
    state.timer = setTimeout(refetch, Math.max(0, state.at + SPEND_REFRESH_MS - Date.now()));
  }, [spent, project, queryClient]);
  useEffect(
    () => () => {
      if (last.current.timer !== undefined) clearTimeout(last.current.timer);
    },
    [],
  );
}
