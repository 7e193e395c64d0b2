/**
 * Budgets: each charge posts into the Budgets of the object's project that cover it (all objects, or those
 * matching spec.selector.matchLabels); a launch that would go over a blocking Budget is refused, and a review
 * (dry-run) shows how much of each Budget is left.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { BudgetImpact, NodusObject, ObjectStatus } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import type { BudgetRef } from '../ledger/ledger.ts';
import { formatMoney, parseMoney, type Micros } from '../money.ts';
import { withStatusWrite } from '../schema/fields-v1.ts';
import type { MockState } from '../state.ts';
import { recordBudgetCrossing } from '../events/transitions.ts';

const BUDGETS = KIND_FACTS.Budget.plural;

export const PERIOD_MS: Record<string, number> = {
  Daily: 86_400_000,
  Weekly: 7 * 86_400_000,
  Monthly: 30 * 86_400_000,
};

interface BudgetSpec {
  limitUSD: string;
  period?: string;
  enforcement?: string;
  state?: string;
  selector?: { matchLabels?: Record<string, string> };
  alertThresholds?: unknown;
}

const DEFAULT_THRESHOLDS = [50, 80, 100];

/** The Budget's alert thresholds, in percent of the limit, ascending and each once. */
function thresholdsOf(spec: BudgetSpec): number[] {
  const given = Array.isArray(spec.alertThresholds) ? spec.alertThresholds : DEFAULT_THRESHOLDS;
  const valid = given.filter((t): t is number => Number.isInteger(t) && t >= 1 && t <= 100);
  return [...new Set(valid)].sort((a, b) => a - b);
}

export function covers(budget: NodusObject, labels: Record<string, string>): boolean {
  const spec = budget.spec as unknown as BudgetSpec;
  const wanted = spec.selector?.matchLabels ?? {};
  return Object.entries(wanted).every(([k, v]) => labels[k] === v);
}

export function active(budget: NodusObject): boolean {
  return (budget.spec as unknown as BudgetSpec).state !== 'Suspended' && !budget.metadata.deletionTimestamp;
}

function spent(budget: NodusObject): Micros {
  const value = budget.status?.spentUSD;
  return typeof value === 'string' ? parseMoney(value) : 0n;
}

function withSpend(budget: NodusObject, amount: Micros): ObjectStatus {
  const spec = budget.spec as unknown as BudgetSpec;
  const limit = parseMoney(spec.limitUSD);
  const total = amount;
  const remaining = limit > total ? limit - total : 0n;
  const phase = spec.state === 'Suspended' ? 'Suspended' : total >= limit ? 'Exceeded' : 'Active';
  return { ...budget.status, spentUSD: formatMoney(total), remainingUSD: formatMoney(remaining), phase };
}

/** Posts a charge of `amount` for `obj` into the Budgets that cover it; returns them, with their periods. */
export function recordSpend(state: MockState, obj: NodusObject, amount: Micros): BudgetRef[] {
  const namespace = obj.metadata.namespace ?? '';
  const labels = obj.metadata.labels ?? {};
  const refs: BudgetRef[] = [];
  for (const budget of state.store.list(BUDGETS, namespace)) {
    if (!active(budget) || !covers(budget, labels)) continue;
    const charged = { ...budget, status: withSpend(budget, spent(budget) + amount) };
    const stored = state.store.put(BUDGETS, withStatusWrite(budget, charged, state.timestamp()));
    const spec = budget.spec as unknown as BudgetSpec;
    recordBudgetCrossing(
      state,
      stored,
      {
        before: spent(budget),
        after: spent(budget) + amount,
        limit: parseMoney(spec.limitUSD),
        thresholds: thresholdsOf(spec),
        enforcement: spec.enforcement === 'Alert' ? 'Alert' : 'Block',
      },
      obj,
    );
    refs.push(budgetRef(budget));
  }
  return refs;
}

/** Adds history seeded in bulk to a Budget's spend in its current period. */
export function addSpend(state: MockState, budget: NodusObject, amount: Micros): void {
  state.store.put(BUDGETS, { ...budget, status: withSpend(budget, spent(budget) + amount) });
}

export function budgetRef(budget: NodusObject): BudgetRef {
  return {
    name: budget.metadata.name ?? '',
    uid: budget.metadata.uid ?? '',
    periodStart: String(budget.status?.periodStart ?? budget.metadata.creationTimestamp ?? ''),
  };
}

/** Starts a new period for Budgets whose period has ended; recomputes remaining after a limit change. */
export function refreshBudget(state: MockState, budget: NodusObject, now: number): NodusObject | undefined {
  const spec = budget.spec as unknown as BudgetSpec;
  const start = typeof budget.status?.periodStart === 'string' ? Date.parse(budget.status.periodStart) : now;
  const length = PERIOD_MS[spec.period ?? 'Monthly'] ?? PERIOD_MS.Monthly!;
  if (now - start >= length) {
    return { ...budget, status: { ...withSpend(budget, 0n), periodStart: state.timestamp(now) } };
  }
  const next = withSpend(budget, spent(budget));
  const changed = next.remainingUSD !== budget.status?.remainingUSD || next.phase !== budget.status?.phase;
  return changed ? { ...budget, status: { ...next, observedGeneration: budget.metadata.generation ?? 1 } } : undefined;
}

/** What a launch expected to cost `cost` would do to each Budget that covers it. */
export function budgetImpact(
  state: MockState,
  namespace: string,
  labels: Record<string, string>,
  cost: Micros,
): BudgetImpact[] {
  return state.store
    .list(BUDGETS, namespace)
    .filter((b) => active(b) && covers(b, labels))
    .map((budget) => {
      const spec = budget.spec as unknown as BudgetSpec;
      const limit = parseMoney(spec.limitUSD);
      const used = spent(budget);
      const remaining = limit > used ? limit - used : 0n;
      const after = remaining - cost;
      return {
        name: budget.metadata.name ?? '',
        limitUSD: formatMoney(limit),
        spentUSD: formatMoney(used),
        remainingUSD: formatMoney(remaining),
        remainingAfterUSD: formatMoney(after),
        wouldExceed: after < 0n,
        enforcement: spec.enforcement === 'Alert' ? 'Alert' : 'Block',
        alertThresholds: thresholdsOf(spec),
      };
    });
}

/** Refuses a launch that would go over a blocking Budget. */
export function checkBudgets(kind: string, name: string, impacts: BudgetImpact[], cost: string): void {
  const blocking = impacts.filter((i) => i.wouldExceed && i.enforcement === 'Block');
  if (blocking.length === 0) return;
  const first = blocking[0]!;
  throw new ApiFailure(
    'Forbidden',
    `launching ${kind} "${name}" (expected cost ${cost}) would go over Budget "${first.name}": ${first.remainingUSD} of ${first.limitUSD} is left this period`,
    {
      details: {
        kind,
        name,
        group: 'nodus.dev',
        causes: blocking.map((i) => ({
          field: 'spec.maxCostUSD',
          reason: 'BudgetExceeded',
          message: `Budget "${i.name}" has ${i.remainingUSD} left of ${i.limitUSD}; this launch is expected to cost ${cost}`,
        })),
      },
      fix: "Lower spec.maxCostUSD or the resources so the estimate fits, raise the Budget's spec.limitUSD, or launch in another project.",
    },
  );
}
