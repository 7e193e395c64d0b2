/**
 * The demo org's last 30 days of spend, so that a new user sees real charts on first start: each demo object's
 * cost spread over its life, plus runs that exist only in history (nightly Jobs, sweeps, CI sandboxes, and a
 * spike or two). Each Budget's spend in its current period is what the ledger holds for that period: the runs
 * in it are scaled so that it lands on the amount the demo shows.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import { LABEL_CREATED_BY, type NodusObject } from '@/shared/protocol.ts';
import { hourlyRate } from '../billing/pricing.ts';
import { accountOf } from '../controller/commit.ts';
import { KIND_DEFS, kindByPlural } from '../kinds/index.ts';
import { HOUR_MS, type AccountInfo } from '../ledger/ledger.ts';
import { formatMoney, parseMoney, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';
import { budgetsFor, officeHours, run, spread, steady, toBuckets, traffic, type Pattern } from '../usage/history.ts';
import { gpu } from './demo-org.ts';
import { HISTORY_RUNS, type HistoryRun } from './demo-runs.ts';

const DAY_MS = 24 * HOUR_MS;
/** How far into its current period each Budget is. */
const PERIOD_AGE_MS: Record<string, number> = { Daily: 10 * HOUR_MS, Weekly: 4 * DAY_MS, Monthly: 17 * DAY_MS };
const PATTERNS: Record<string, Pattern> = { sandboxes: officeHours, functions: traffic };

/** Whether a Budget covers a run's charge in an hour: in its current period, an earlier one, or not at all. */
type Covered = (p: Pending, hour: number) => 'current' | 'earlier' | undefined;

interface Pending {
  info: AccountInfo;
  parts: { hour: number; amount: Micros }[];
  /** An object that exists: its parts sum to its costUSD and are never scaled. */
  fixed: boolean;
}

function time(value: unknown, fallback: number): number {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? fallback : ms;
}

function cost(obj: NodusObject): Micros {
  return typeof obj.status?.costUSD === 'string' ? parseMoney(obj.status.costUSD) : 0n;
}

/** Budgets were made long ago and are partway through their period. */
function ageBudgets(state: MockState, now: number): Map<string, Micros> {
  const targets = new Map<string, Micros>();
  for (const budget of state.store.values(KIND_FACTS.Budget.plural)) {
    const period = (budget.spec as { period?: string }).period ?? 'Monthly';
    targets.set(budget.metadata.uid ?? '', parseMoney(String(budget.status?.spentUSD ?? '0.00')));
    state.store.put(KIND_FACTS.Budget.plural, {
      ...budget,
      metadata: { ...budget.metadata, creationTimestamp: state.timestamp(now - 60 * DAY_MS) },
      status: { ...budget.status, periodStart: state.timestamp(now - (PERIOD_AGE_MS[period] ?? 0)) },
    });
  }
  return targets;
}

/** The demo objects' own charges, over the time each ran; a Pipeline's go to one Job per step. */
function existing(state: MockState, now: number): Pending[] {
  const out: Pending[] = [];
  for (const kind of KIND_DEFS.filter((k) => k.billable || k.children)) {
    for (const obj of state.store.values(kind.plural)) {
      const total = cost(obj);
      if (total === 0n) continue;
      const start = time(obj.status?.startTime, time(obj.metadata.creationTimestamp, now));
      const end = Math.min(now, time(obj.status?.completionTime, time(obj.metadata.deletionTimestamp, now)));
      if (!kind.children) {
        out.push({
          info: accountOf(obj),
          parts: spread(total, start, end, PATTERNS[kind.plural] ?? steady),
          fixed: true,
        });
        continue;
      }
      const steps = ((obj.spec as { steps?: { name: string }[] }).steps ?? []).map((s) => s.name);
      const shares = spread(total, 0, steps.length * HOUR_MS, steady);
      steps.forEach((step, i) => {
        const from = start + ((end - start) * i) / steps.length;
        const info: AccountInfo = {
          kind: 'Job',
          name: `${obj.metadata.name}-${step}`,
          uid: state.newUid('job'),
          project: obj.metadata.namespace ?? '',
          labels: obj.metadata.labels ?? {},
          owner: { kind: obj.kind, name: obj.metadata.name ?? '', uid: obj.metadata.uid ?? '' },
        };
        const parts = spread(shares[i]!.amount, from, from + (end - start) / steps.length, steady);
        out.push({ info, parts, fixed: true });
      });
    }
  }
  return out;
}

function historyOnly(state: MockState, now: number): Pending[] {
  return HISTORY_RUNS(now).flatMap((r: HistoryRun) => {
    const kind = kindByPlural(r.plural)!;
    const rate = hourlyRate(kind.usage!({ resources: r.gpu ? gpu(r.gpu[0], r.gpu[1]) : r.resources }), state.priceBook);
    const parts = run(rate, r.start, Math.min(r.end, now), r.pattern ?? steady);
    if (parts.length === 0) return [];
    const info: AccountInfo = {
      kind: kind.kind,
      name: r.name,
      uid: state.newUid(kind.uidPrefix),
      project: r.project,
      labels: { ...r.labels, [LABEL_CREATED_BY]: r.createdBy },
    };
    return [{ info, parts, fixed: false }];
  });
}

/**
 * Scales the runs that only history holds, among those a Budget covers, so that its current period adds up to
 * `target`: all of them by the same factor (a chart shows no step where the period begins), in whole cents, the
 * largest run in the period taking what rounding left.
 */
function reconcile(pending: Pending[], covered: Covered, target: Micros): void {
  let fixed = 0n;
  let free = 0n;
  for (const p of pending)
    for (const part of p.parts) {
      if (covered(p, part.hour) !== 'current') continue;
      if (p.fixed) fixed += part.amount;
      else free += part.amount;
    }
  if (free === 0n || target <= fixed) return;
  const want = target - fixed;
  let largest: { amount: Micros } | undefined;
  let sum = 0n;
  for (const p of pending) {
    if (p.fixed) continue;
    for (const part of p.parts) {
      const where = covered(p, part.hour);
      if (!where) continue;
      part.amount = ((part.amount * want) / free / 100n) * 100n;
      if (where !== 'current') continue;
      sum += part.amount;
      if (!largest || part.amount > largest.amount) largest = part;
    }
  }
  largest!.amount += want - sum;
}

export function loadDemoHistory(state: MockState): void {
  const now = state.now();
  const targets = ageBudgets(state, now);
  const pending = [...existing(state, now), ...historyOnly(state, now)];
  const lookups = new Map(pending.map((p) => [p, budgetsFor(state, p.info.project, p.info.labels)]));
  const budgets = state.store.values(KIND_FACTS.Budget.plural);
  for (const budget of budgets) {
    const uid = budget.metadata.uid ?? '';
    const current = String(budget.status?.periodStart);
    const covered: Covered = (p, hour) => {
      const ref = lookups.get(p)!(hour).find((r) => r.uid === uid);
      return ref === undefined ? undefined : ref.periodStart === current ? 'current' : 'earlier';
    };
    reconcile(pending, covered, targets.get(uid) ?? 0n);
  }
  const spent = new Map<string, Micros>();
  for (const p of pending) {
    const buckets = toBuckets(p.parts, lookups.get(p)!);
    for (const bucket of buckets)
      for (const ref of bucket.budgets) {
        const budget = budgets.find((b) => b.metadata.uid === ref.uid);
        if (ref.periodStart === budget?.status?.periodStart)
          spent.set(ref.uid, (spent.get(ref.uid) ?? 0n) + bucket.amount);
      }
    state.ledger.addHistory(p.info, buckets);
  }
  for (const budget of budgets) {
    const total = spent.get(budget.metadata.uid ?? '') ?? 0n;
    const limit = parseMoney((budget.spec as { limitUSD: string }).limitUSD);
    const status = {
      ...budget.status,
      spentUSD: formatMoney(total),
      remainingUSD: formatMoney(limit > total ? limit - total : 0n),
      phase: budget.status?.phase === 'Suspended' ? 'Suspended' : total >= limit ? 'Exceeded' : 'Active',
    };
    state.store.put(KIND_FACTS.Budget.plural, { ...budget, status });
  }
}
