/**
 * The usage reports the object page draws (src/data/usage): a Budget's current period (`budget=<name>`), or an
 * object's life (`object=<Kind>/<name>`; a Pipeline's is its Jobs'). A report has no watch: a Budget's is fetched
 * again when what runs in the project starts, stops or is charged (useLiveSpend) and when its spentUSD moves, an
 * object's when its own costUSD moves, at most once per REFRESH_MS.
 */
import { useRef } from 'react';
import { useInvalidateOnChange, useLiveSpend, usageKey, useUsageReport, type UsageQuery } from '@/data/usage/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { lifeWindow, PERIOD_MS, PERIOD_STEP, type LifeWindow } from '../model/spend.ts';

const REFRESH_MS = 3_000;

/** The Budget's current period, from its status (the report says the same once it arrives). */
export function budgetPeriod(budget: NodusObject): { start: number; end: number; period: string } {
  const period = typeof budget.spec?.period === 'string' ? budget.spec.period : 'Monthly';
  const since = budget.status?.periodStart ?? budget.metadata.creationTimestamp;
  const start = typeof since === 'string' ? Date.parse(since) : Date.now();
  return { start, end: start + (PERIOD_MS[period] ?? PERIOD_MS.Monthly!), period };
}

export function useBudgetSpend(project: string, budget: NodusObject) {
  const { start, end, period } = budgetPeriod(budget);
  const query: UsageQuery = {
    project,
    window: `${new Date(start).toISOString()}/${new Date(end).toISOString()}`,
    step: PERIOD_STEP[period] ?? '1d',
    budget: budget.metadata.name,
  };
  const live = useLiveSpend(project);
  // Its own spentUSD moves with every charge it counts: the card keeps up with the page's header.
  useInvalidateOnChange(String(budget.status?.spentUSD), [{ queryKey: usageKey(query), exact: true }], REFRESH_MS);
  return { report: useUsageReport(query), live: live.live };
}

export function useObjectSpend(project: string, kind: string, object: NodusObject) {
  const created = Date.parse(object.metadata.creationTimestamp ?? '') || Date.now();
  // Chosen once per page: a window that changes as time passes would redraw the chart under the reader.
  const chosen = useRef<LifeWindow | undefined>(undefined);
  chosen.current ??= lifeWindow(created, Date.now());
  const w = chosen.current;
  const query: UsageQuery = { project, window: w.window, step: w.step, object: `${kind}/${object.metadata.name}` };
  useInvalidateOnChange(String(object.status?.costUSD), [{ queryKey: usageKey(query), exact: true }], REFRESH_MS);
  return { report: useUsageReport(query), window: w };
}
