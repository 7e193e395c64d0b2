/**
 * The usage report: spend over a window in steps, grouped, from the ledger's hourly buckets; the burn rate and
 * the rates of the top spenders from what runs now. Amounts are summed exactly and answered as decimal strings.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { NO_VALUE, USAGE_API_VERSION, type BudgetForecast, type UsageReport } from '@/shared/usage.ts';
import { active, covers, PERIOD_MS } from '../billing/budgets.ts';
import { hourlyRate } from '../billing/pricing.ts';
import { ApiFailure } from '../http/errors.ts';
import { KIND_DEFS } from '../kinds/index.ts';
import { exactTotal, HOUR_MS, type Account, type AccountInfo, type ObjectRef, type Units } from '../ledger/ledger.ts';
import { formatMoney, isMoney, multiply, parseMoney, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';
import type { UsageQuery } from './query.ts';

const TOP = 10;

export type SeriesKey =
  | Record<string, never>
  | { kind: string }
  | { project: string }
  | { label: { key: string; value: string } }
  | { object: ObjectRef; project?: string }
  | { others: number };

interface Series {
  key: SeriesKey;
  total: Units;
  points: Units[];
}

/** Objects that are charged while they run: a Pipeline is not, its Jobs are. */
const CHARGED = KIND_DEFS.filter((k) => k.usage && !k.children);

function seriesKey(q: UsageQuery, account: Account): { id: string; key: SeriesKey } {
  const { info } = account;
  switch (q.groupBy.by) {
    case 'none':
      return { id: '', key: {} };
    case 'kind':
      return { id: info.kind, key: { kind: info.kind } };
    case 'project':
      return { id: info.project, key: { project: info.project } };
    case 'label': {
      const value = info.labels[q.groupBy.key] ?? NO_VALUE;
      return { id: value, key: { label: { key: q.groupBy.key, value } } };
    }
    case 'object': {
      const object = { kind: info.kind, name: info.name, uid: info.uid };
      return { id: info.uid, key: q.project === undefined ? { object, project: info.project } : { object } };
    }
  }
}

function matchesObject(q: UsageQuery, ref: { kind: string; name: string; owner?: ObjectRef | undefined }): boolean {
  if (!q.object) return true;
  const { kind, name } = q.object;
  return (ref.kind === kind.kind && ref.name === name) || (ref.owner?.kind === kind.kind && ref.owner.name === name);
}

function findBudget(state: MockState, q: UsageQuery): NodusObject | undefined {
  if (q.budget === undefined) return undefined;
  const budget = state.store.get(KIND_FACTS.Budget.plural, q.project ?? '', q.budget);
  if (!budget)
    throw new ApiFailure('NotFound', `budgets.nodus.dev "${q.budget}" not found in project "${q.project ?? ''}"`, {
      details: { kind: 'budgets', name: q.budget, group: 'nodus.dev' },
      fix: `List the project's Budgets (kubectl get budgets -n ${q.project ?? 'default'}) and send one of their names as budget=.`,
    });
  return budget;
}

const PLURAL_OF = new Map(KIND_DEFS.map((k) => [k.kind, k.plural]));

function exists(state: MockState, info: AccountInfo): boolean {
  const plural = PLURAL_OF.get(info.kind);
  return plural !== undefined && state.store.get(plural, info.project, info.name)?.metadata.uid === info.uid;
}

interface Running {
  total: Micros;
  byUid: Map<string, Micros>;
}

/** What runs now (and so is charged), by uid, with its hourly rate. */
function runningNow(state: MockState, q: UsageQuery, budget: NodusObject | undefined): Running {
  const byUid = new Map<string, Micros>();
  const priced = new WeakMap<object, Micros>();
  let total = 0n;
  for (const kind of CHARGED) {
    state.store.forEach(kind.plural, (obj) => {
      if (obj.status?.phase !== 'Running' || obj.metadata.deletionTimestamp) return;
      if (q.project !== undefined && obj.metadata.namespace !== q.project) return;
      if (q.readable && !q.readable(obj.metadata.namespace ?? '')) return;
      const owner = obj.metadata.ownerReferences?.[0];
      if (!matchesObject(q, { kind: obj.kind, name: obj.metadata.name ?? '', owner })) return;
      if (budget && !(active(budget) && covers(budget, obj.metadata.labels ?? {}))) return;
      const stored = obj.status.rateUSDPerHour;
      const spec = (obj.spec ?? {}) as Record<string, unknown>;
      // Objects seeded in bulk share one spec and have no rate yet: price each spec once.
      let rate = isMoney(stored) ? parseMoney(stored) : priced.get(spec);
      if (rate === undefined) priced.set(spec, (rate = hourlyRate(kind.usage!(spec), state.priceBook)));
      byUid.set(obj.metadata.uid ?? '', rate);
      total += rate;
    });
  }
  return { total, byUid };
}

// The scans are small functions of their own, so that the engine optimizes their loops early.

function windowSum(account: Account, startHour: number, endHour: number, sets: Set<number> | undefined): Units {
  const { hours, amounts } = account;
  let sum = 0;
  for (let i = 0; i < hours.length; i++) {
    const h = hours[i]!;
    if (h >= startHour && h < endHour && (!sets || sets.has(account.sets[i]!))) sum += amounts[i]!;
  }
  return sum;
}

function periodSum(account: Account, sets: Set<number>): Units {
  let sum = 0;
  for (let i = 0; i < account.sets.length; i++) if (sets.has(account.sets[i]!)) sum += account.amounts[i]!;
  return sum;
}

function addPoints(
  account: Account,
  points: Units[],
  startHour: number,
  endHour: number,
  stepHours: number,
  sets: Set<number> | undefined,
): void {
  const { hours, amounts } = account;
  for (let i = 0; i < hours.length; i++) {
    const h = hours[i]!;
    if (h < startHour || h >= endHour || (sets && !sets.has(account.sets[i]!))) continue;
    points[Math.floor((h - startHour) / stepHours)]! += amounts[i]!;
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

export function usageReport(state: MockState, q: UsageQuery): UsageReport {
  const now = state.now();
  const budget = findBudget(state, q);
  const inBudget = budget ? state.ledger.setsWhere((r) => r.uid === budget.metadata.uid) : undefined;
  const periodStart = String(budget?.status?.periodStart ?? '');
  const inPeriod = budget
    ? state.ledger.setsWhere((r) => r.uid === budget.metadata.uid && r.periodStart === periodStart)
    : undefined;
  const startHour = q.start / HOUR_MS;
  const endHour = q.end / HOUR_MS;
  const count = (q.end - q.start) / q.stepMs;
  const stepHours = q.stepMs / HOUR_MS;

  // First pass: totals per series and per object, and what the Budget's current period holds. All amounts are
  // non-negative, so every partial sum is at most the grand total, whose exactness exactTotal checks.
  const totals = new Map<string, { key: SeriesKey; total: Units }>();
  const byObject = new Map<string, { account: Account; total: Units }>();
  const charged: Account[] = [];
  let grand = 0;
  let periodSpent = 0;
  for (const account of state.ledger.accountsOf(q.project)) {
    if (!matchesObject(q, account.info) || (q.readable && !q.readable(account.info.project))) continue;
    if (inPeriod) periodSpent += periodSum(account, inPeriod);
    const sum = windowSum(account, startHour, endHour, inBudget);
    if (sum === 0) continue;
    grand += sum;
    charged.push(account);
    const { id, key } = seriesKey(q, account);
    const series = totals.get(id);
    if (series) series.total += sum;
    else totals.set(id, { key, total: sum });
    const object = byObject.get(account.info.uid);
    if (object) object.total += sum;
    else byObject.set(account.info.uid, { account, total: sum });
  }
  const total = exactTotal(grand);
  const spentInPeriod = exactTotal(periodSpent);

  const ranked = [...totals.entries()].sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : 1));
  const points = () => new Array<Units>(count).fill(0);
  const kept = new Map<string, Series>();
  for (const [id, { key, total: sum }] of ranked.slice(0, q.maxSeries))
    kept.set(id, { key, total: sum, points: points() });
  const rest = ranked.slice(q.maxSeries);
  const others: Series | undefined = rest.length
    ? { key: { others: rest.length }, total: rest.reduce((n, [, x]) => n + x.total, 0), points: points() }
    : undefined;
  if (q.groupBy.by === 'none' && kept.size === 0) kept.set('', { key: {}, total: 0, points: points() });

  // Second pass, over the accounts charged in the window only: the points.
  for (const account of charged) {
    const series = kept.get(seriesKey(q, account).id) ?? others!;
    addPoints(account, series.points, startHour, endHour, stepHours, inBudget);
  }

  const running = runningNow(state, q, budget);
  const series = [...kept.values(), ...(others ? [others] : [])].map((s) => ({
    key: s.key,
    totalUSD: formatMoney(BigInt(s.total)),
    points: s.points.map((cost, i) => ({ start: iso(q.start + i * q.stepMs), costUSD: formatMoney(BigInt(cost)) })),
  }));
  const top = [...byObject.values()]
    .sort((a, b) => b.total - a.total || (a.account.info.name < b.account.info.name ? -1 : 1))
    .slice(0, TOP)
    .map(({ account, total }) => ({
      object: { kind: account.info.kind, name: account.info.name, uid: account.info.uid },
      project: account.info.project,
      createdBy: account.createdBy,
      costUSD: formatMoney(BigInt(total)),
      rateUSDPerHour: formatMoney(running.byUid.get(account.info.uid) ?? 0n),
      // The ledger outlives the objects: say which are gone, so a client does not link to a missing page.
      ...(exists(state, account.info) ? {} : { deleted: true }),
    }));
  return {
    apiVersion: USAGE_API_VERSION,
    kind: 'UsageReport',
    metadata: q.project === undefined ? {} : { namespace: q.project },
    spec: {
      window: q.window,
      start: iso(q.start),
      end: iso(q.end),
      step: q.step,
      groupBy: q.groupBy.text,
      maxSeries: q.maxSeries,
      ...(q.budget !== undefined ? { budget: q.budget } : {}),
      ...(q.object ? { object: `${q.object.kind.kind}/${q.object.name}` } : {}),
    },
    status: {
      asOf: iso(Math.floor(now / 1000) * 1000),
      totalUSD: formatMoney(total),
      burnRateUSDPerHour: formatMoney(running.total),
      series,
      top,
      ...(budget ? { budget: budgetPeriod(budget, spentInPeriod, running.total, now) } : {}),
    },
  };
}

/** The Budget's current period as the ledger has it, with where it is heading at the present burn rate. */
function budgetPeriod(budget: NodusObject, spent: Micros, rate: Micros, now: number): BudgetForecast {
  const spec = budget.spec as { limitUSD: string; period?: string };
  const start = Date.parse(String(budget.status?.periodStart ?? budget.metadata.creationTimestamp));
  const end = start + (PERIOD_MS[spec.period ?? 'Monthly'] ?? PERIOD_MS.Monthly!);
  const hoursLeft = Math.max(0, (end - now) / HOUR_MS);
  return {
    name: budget.metadata.name ?? '',
    uid: budget.metadata.uid ?? '',
    period: spec.period ?? 'Monthly',
    periodStart: iso(start),
    periodEnd: iso(end),
    limitUSD: spec.limitUSD,
    spentUSD: formatMoney(spent),
    forecastUSD: formatMoney(spent + multiply(rate, hoursLeft)),
  };
}
