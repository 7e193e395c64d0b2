/**
 * What a launch does to each Budget that covers it, as figures for its bar and a date for when the Budget runs
 * out. Money is in whole ten-thousandths of a dollar (src/lib/money.ts) and times in epoch milliseconds; the
 * run-out instant is solved in BigInt, since a limit times an hour in milliseconds passes 2^53.
 */
import { formatUnitsUSD, parseUSD } from '@/lib/money.ts';
import type { BudgetImpact, Estimate } from '@/shared/protocol.ts';
import type { BudgetUsage } from '../api/budget-usage.ts';

/** fits; crosses an alert threshold; would go over a Budget that refuses it (blocked) or only alerts (warned). */
export type BudgetOutcome = 'fits' | 'alert' | 'blocked' | 'warned';

export interface BudgetBar {
  name: string;
  enforcement: 'Block' | 'Alert';
  limit: number;
  spent: number;
  /** This launch's expected cost. */
  launch: number;
  /** Left after this launch; negative when it would go over. */
  left: number;
  /** Units the whole bar spans: the limit, or more when the launch (or what is spent) goes past it. */
  scale: number;
  /** Alert thresholds in percent, ascending; empty when the server did not say. */
  thresholds: number[];
  /** The highest threshold this launch crosses (spent below it, spent + launch at or above it). */
  crossed: number | undefined;
  outcome: BudgetOutcome;
}

/** A decimal amount that may be negative ("-12.5"), in units; undefined if it is not one. */
export function signedUnits(amount: string | undefined): number | undefined {
  if (amount === undefined) return undefined;
  const negative = amount.startsWith('-');
  const units = parseUSD(negative ? amount.slice(1) : amount);
  return units === undefined ? undefined : negative ? -units : units;
}

/** The bar for one Budget, from the review's figures alone. */
export function budgetBar(impact: BudgetImpact, costUSD: string): BudgetBar {
  const limit = parseUSD(impact.limitUSD) ?? 0;
  const spent = parseUSD(impact.spentUSD) ?? 0;
  const launch = parseUSD(costUSD) ?? 0;
  const left = signedUnits(impact.remainingAfterUSD) ?? Math.max(0, limit - spent) - launch;
  const thresholds = [...new Set(impact.alertThresholds ?? [])]
    .filter((t) => Number.isInteger(t) && t > 0 && t <= 100)
    .sort((a, b) => a - b);
  // limit * t / 100 need not be whole: compare in hundredths instead.
  const crossed = thresholds.filter((t) => spent * 100 < limit * t && (spent + launch) * 100 >= limit * t).pop();
  const over = impact.wouldExceed || left < 0;
  const outcome: BudgetOutcome = over
    ? impact.enforcement === 'Alert'
      ? 'warned'
      : 'blocked'
    : crossed !== undefined
      ? 'alert'
      : 'fits';
  return {
    name: impact.name,
    enforcement: impact.enforcement,
    limit,
    spent,
    launch,
    left,
    scale: Math.max(limit, spent + launch, 1),
    thresholds,
    crossed,
    outcome,
  };
}

/** A share of the bar in percent, for widths and positions. */
export function share(units: number, scale: number): number {
  return scale > 0 ? Math.min(100, Math.max(0, (units / scale) * 100)) : 0;
}

/** When a Budget stops having money this period: already over, not before the period ends, or at an instant. */
export type RunOut = { kind: 'over' } | { kind: 'lasts' } | { kind: 'at'; at: number };

export interface BudgetNow {
  /** The report's asOf. */
  now: number;
  periodEnd: number;
  limit: number;
  spent: number;
  /** The Budget's burn rate now: the hourly rates of the running objects it covers. */
  rate: number;
}

export interface LaunchRun {
  /** When it is expected to start (not before `now`). */
  start: number;
  rate: number;
  /** Its expected cost, for a run-to-completion kind: it stops adding once it has spent this. Undefined: it keeps running. */
  cost: number | undefined;
}

const HOUR = 3_600_000n;

function ceilDiv(a: bigint, b: bigint): bigint {
  return a >= 0n ? (a + b - 1n) / b : -(-a / b);
}

/**
 * The first instant at which what is spent reaches the limit, with the Budget's rate from `now` and the launch's
 * rate from its start until it has spent its cost. Amounts are scaled by an hour in ms so every step is whole.
 */
function reachAt(b: BudgetNow, launch: LaunchRun | undefined): number | undefined {
  const need = BigInt(b.limit - b.spent) * HOUR;
  const now = BigInt(b.now);
  const R = BigInt(b.rate);
  if (!launch || launch.rate <= 0) return R > 0n ? Number(now + ceilDiv(need, R)) : undefined;
  const s = BigInt(Math.max(launch.start, b.now));
  const r = BigInt(launch.rate);
  // Before the launch starts: the Budget's own rate only.
  if (R > 0n && need <= R * (s - now)) return Number(now + ceilDiv(need, R));
  // While it runs: both rates. need = R (t - now) + r (t - s), t = (need + R now + r s) / (R + r).
  const num = need + R * now + r * s;
  const den = R + r;
  const cost = launch.cost === undefined ? undefined : BigInt(launch.cost) * HOUR;
  // Valid while the launch has not spent its cost by then: r (t - s) <= cost.
  if (cost === undefined || r * (num - s * den) <= cost * den) return Number(ceilDiv(num, den));
  // After it has finished: need - cost = R (t - now).
  return R > 0n ? Number(now + ceilDiv(need - cost, R)) : undefined;
}

export function runOut(b: BudgetNow, launch?: LaunchRun): RunOut {
  if (b.spent >= b.limit) return { kind: 'over' };
  const at = reachAt(b, launch);
  return at === undefined || at >= b.periodEnd ? { kind: 'lasts' } : { kind: 'at', at };
}

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const DAY_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Dec 19"; with the time of day when the day alone would not tell two dates (or today) apart. */
export function dateLabel(at: number, withTime: boolean): string {
  return (withTime ? DAY_TIME : DAY).format(at);
}

function sameDay(a: number, b: number): boolean {
  return DAY.format(a) === DAY.format(b);
}

export interface RunOutWords {
  text: string;
  /** The launch brings the run-out into this period, or earlier. */
  moved: boolean;
}

/** The run-out line: "Runs out Dec 19 instead of Dec 24", "Still lasts the period", "Already over". */
export function runOutWords(before: RunOut, after: RunOut, now: number): RunOutWords {
  if (before.kind === 'over') return { text: 'Already over its limit this period', moved: false };
  if (after.kind === 'over' || after.kind === 'lasts') return { text: 'Still lasts the period', moved: false };
  if (before.kind === 'lasts') {
    const label = dateLabel(after.at, sameDay(after.at, now));
    return { text: `Runs out ${label} instead of lasting the period`, moved: true };
  }
  const close = sameDay(after.at, before.at) || sameDay(after.at, now);
  const [a, b] = [dateLabel(after.at, close), dateLabel(before.at, close)];
  if (a === b) return { text: `Runs out ${a}, as it would without this launch`, moved: false };
  return { text: `Runs out ${a} instead of ${b}`, moved: after.at < before.at };
}

function refusedWords(before: RunOut, now: number): RunOutWords {
  const text =
    before.kind === 'over'
      ? 'Already over its limit this period'
      : before.kind === 'lasts'
        ? 'Still lasts the period: this launch would be refused'
        : `Runs out ${dateLabel(before.at, sameDay(before.at, now))} as it is: this launch would be refused`;
  return { text, moved: false };
}

export interface Outlook {
  words: RunOutWords;
  detail: string;
  tone: 'moved' | 'lasts' | 'over' | 'same';
  /** The period on a line: where now is, and the run-out instants without and with the launch, if in it. */
  period: { start: number | undefined; end: number; now: number; before?: number; after?: number };
}

/**
 * The run-out line from the Budget's report; undefined when the report does not describe this Budget. A
 * run-to-completion launch adds its rate until it has spent its expected cost; one that keeps running, until it
 * reaches its spec.maxCostUSD (`cap`), where it stops, or for good without one.
 */
export function outlookOf(
  bar: BudgetBar,
  estimate: Estimate,
  runsToCompletion: boolean,
  cap: number | undefined,
  report: BudgetUsage['status'],
): Outlook | undefined {
  const budget = report.budget;
  const now = Date.parse(report.asOf);
  const periodEnd = Date.parse(budget?.periodEnd ?? '');
  const rate = parseUSD(report.burnRateUSDPerHour);
  const limit = parseUSD(budget?.limitUSD);
  const spent = parseUSD(budget?.spentUSD);
  if (!budget || Number.isNaN(now) || Number.isNaN(periodEnd) || rate === undefined) return undefined;
  if (limit === undefined || spent === undefined) return undefined;
  const state = { now, periodEnd, limit, spent, rate };
  const launchRate = parseUSD(estimate.rateUSDPerHour) ?? 0;
  const start = Date.parse(estimate.startTime);
  const launch: LaunchRun = {
    start: Number.isNaN(start) ? now : start,
    rate: launchRate,
    cost: runsToCompletion ? bar.launch : cap,
  };
  const before = runOut(state);
  // A launch the Budget refuses never runs: the date stays where the running objects take it.
  const refused = bar.outcome === 'blocked';
  const after = refused ? before : runOut(state, launch);
  const words = refused ? refusedWords(before, now) : runOutWords(before, after, now);
  const adds = `this launch adds ${formatUnitsUSD(launchRate)}/h ${
    runsToCompletion
      ? `until it has spent the expected ${formatUnitsUSD(bar.launch)}`
      : cap !== undefined
        ? `until it stops at its ${formatUnitsUSD(cap)} cap`
        : 'for as long as it runs'
  }`;
  const detail = refused ? `At ${formatUnitsUSD(rate)}/h now.` : `At ${formatUnitsUSD(rate)}/h now; ${adds}.`;
  const tone =
    before.kind === 'over' || refused ? 'over' : words.moved ? 'moved' : before.kind === 'lasts' ? 'lasts' : 'same';
  const periodStart = Date.parse(budget.periodStart ?? '');
  const period = {
    start: Number.isNaN(periodStart) ? undefined : periodStart,
    end: periodEnd,
    now,
    ...(before.kind === 'at' ? { before: before.at } : {}),
    ...(after.kind === 'at' ? { after: after.at } : {}),
  };
  return { words, detail, tone, period };
}
