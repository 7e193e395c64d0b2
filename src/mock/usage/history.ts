/**
 * Charges from before the mock started (the demo's 30 days, bulk seeding): buckets for a stretch of running
 * time, spread by a daily pattern, each counted against the Budgets that covered it then. Written straight into
 * the ledger, as a Budget's spend in its current period is set from the same buckets.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { active, covers, PERIOD_MS } from '../billing/budgets.ts';
import { HOUR_MS, type Bucket, type BudgetRef } from '../ledger/ledger.ts';
import type { Micros } from '../money.ts';
import type { MockState } from '../state.ts';

/** A share of each hour: how busy the hour starting at `t` is. */
export type Pattern = (t: number) => number;

export const steady: Pattern = () => 1;

/** Busy in working hours (08:00-19:00 UTC) on weekdays, quiet otherwise. */
export const officeHours: Pattern = (t) => {
  const date = new Date(t);
  const weekday = date.getUTCDay() % 6 !== 0;
  const hour = date.getUTCHours();
  return weekday && hour >= 8 && hour < 19 ? 1 : 0.15;
};

/** Traffic: a daily wave, lower at weekends. */
export const traffic: Pattern = (t) => {
  const date = new Date(t);
  const wave = 0.65 + 0.35 * Math.sin(((date.getUTCHours() - 9) / 24) * 2 * Math.PI);
  return date.getUTCDay() % 6 === 0 ? wave * 0.6 : wave;
};

const CENT = 100n;

/**
 * Splits `total` over the hours from `start` to `end` by `pattern`, in whole cents as charges post, exactly: the
 * parts sum to `total` (the last takes what is left).
 */
export function spread(
  total: Micros,
  start: number,
  end: number,
  pattern: Pattern,
): { hour: number; amount: Micros }[] {
  const first = Math.floor(start / HOUR_MS);
  const last = Math.max(first, Math.ceil(end / HOUR_MS) - 1);
  const weights: bigint[] = [];
  for (let h = first; h <= last; h++) weights.push(BigInt(Math.max(1, Math.round(pattern(h * HOUR_MS) * 1000))));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((w, i) => ({ hour: first + i, amount: ((total * w) / sum / CENT) * CENT }));
  const left = total - parts.reduce((a, p) => a + p.amount, 0n);
  parts[parts.length - 1]!.amount += left;
  return parts;
}

/** What running at `rate` from `start` to `end` costs in each hour, by `pattern` (the share of the hour used). */
export function run(
  rate: Micros,
  start: number,
  end: number,
  pattern: Pattern = steady,
): { hour: number; amount: Micros }[] {
  const parts: { hour: number; amount: Micros }[] = [];
  for (let h = Math.floor(start / HOUR_MS); h * HOUR_MS < end; h++) {
    const from = Math.max(start, h * HOUR_MS);
    const to = Math.min(end, (h + 1) * HOUR_MS);
    const share = ((to - from) / HOUR_MS) * pattern(h * HOUR_MS);
    const amount = ((rate * BigInt(Math.round(share * 10_000))) / 10_000n / CENT) * CENT;
    if (amount > 0n) parts.push({ hour: h, amount });
  }
  return parts;
}

/** Where the period of `budget` that holds `t` began: its current one, or one before it. */
function periodAt(budget: NodusObject, t: number): number | undefined {
  const created = Date.parse(budget.metadata.creationTimestamp ?? '');
  if (t < created) return undefined;
  const start = Date.parse(String(budget.status?.periodStart ?? budget.metadata.creationTimestamp));
  if (t >= start) return start;
  const length = PERIOD_MS[(budget.spec as { period?: string }).period ?? 'Monthly'] ?? PERIOD_MS.Monthly!;
  return start - Math.ceil((start - t) / length) * length;
}

/** Looks up the Budgets that cover an object's charges, per hour. */
export function budgetsFor(state: MockState, project: string, labels: Record<string, string>) {
  const budgets = state.store.list(KIND_FACTS.Budget.plural, project).filter((b) => active(b) && covers(b, labels));
  return (hour: number): BudgetRef[] =>
    budgets.flatMap((b) => {
      const start = periodAt(b, hour * HOUR_MS + HOUR_MS / 2);
      return start === undefined
        ? []
        : [{ name: b.metadata.name ?? '', uid: b.metadata.uid ?? '', periodStart: state.timestamp(start) }];
    });
}

export function toBuckets(parts: { hour: number; amount: Micros }[], budgets: (hour: number) => BudgetRef[]): Bucket[] {
  return parts.map((p) => ({ hour: p.hour, amount: p.amount, budgets: budgets(p.hour) }));
}
