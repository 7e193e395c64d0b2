/**
 * Charges: a running object costs its hourly rate (from the price book, which drifts) for the simulated time it
 * runs. Charges post into status.costUSD in whole cents or more, never past spec.maxCostUSD; whoever stores the new
 * status posts the difference into the project's Budgets (see commit.ts). The rate cap recorded at launch keeps an object from running above the reviewed rate plus 10 %.
 */
import type { NodusObject, ObjectStatus } from '@/shared/protocol.ts';
import { hourlyRate } from '../billing/pricing.ts';
import type { KindDef } from '../kinds/index.ts';
import { formatMoney, multiply, parseMoney, roundToCents, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';

const CENT = 100n;

export function rateOf(state: MockState, kind: KindDef, spec: Record<string, unknown>): Micros {
  return kind.usage ? hourlyRate(kind.usage(spec), state.priceBook) : 0n;
}

function money(value: unknown): Micros | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseMoney(value);
  } catch {
    return undefined;
  }
}

export interface Accrual {
  status: ObjectStatus;
  /** Reached spec.maxCostUSD with this charge. */
  capped: boolean;
  charged: Micros;
}

/**
 * Bills from status.lastChargeTime up to `until`. Small amounts wait until they reach a cent (or `final` is set),
 * so that a slow object is not rewritten every tick.
 */
export function accrue(state: MockState, kind: KindDef, obj: NodusObject, until: number, final = false): Accrual {
  const status: ObjectStatus = { ...obj.status };
  const since = typeof status.lastChargeTime === 'string' ? Date.parse(status.lastChargeTime) : undefined;
  const spec = (obj.spec ?? {}) as Record<string, unknown>;
  const cost = money(status.costUSD) ?? 0n;
  const max = money(spec.maxCostUSD);
  const rate = rateOf(state, kind, spec);
  status.rateUSDPerHour = formatMoney(rate);
  if (since === undefined || until <= since) {
    if (since === undefined) status.lastChargeTime = new Date(until).toISOString();
    return { status, capped: max !== undefined && cost >= max, charged: 0n };
  }
  const hours = ((until - since) / 3_600_000) * state.config.speed;
  const exact = multiply(rate, hours);
  // Charges post in whole cents; the time a partial cent stands for stays unbilled until the next charge.
  let amount = final ? roundToCents(exact) : (exact / CENT) * CENT;
  if (amount < CENT && !final) return { status, capped: max !== undefined && cost >= max, charged: 0n };
  let capped = false;
  if (max !== undefined && cost + amount >= max) {
    amount = max > cost ? max - cost : 0n;
    capped = true;
  }
  status.costUSD = formatMoney(cost + amount);
  const billedMs =
    final || capped || rate === 0n
      ? until - since
      : Math.round(((Number(amount) / Number(rate)) * 3_600_000) / state.config.speed);
  status.lastChargeTime = new Date(Math.min(until, since + billedMs)).toISOString();
  return { status, capped, charged: amount };
}

/** The highest rate the object may run at, if its launch recorded one. */
export function rateCap(status: ObjectStatus | undefined): Micros | undefined {
  return money(status?.rateCapUSDPerHour);
}

export function overCap(state: MockState, kind: KindDef, obj: NodusObject): { rate: string; cap: string } | undefined {
  const cap = rateCap(obj.status);
  if (cap === undefined) return undefined;
  const rate = rateOf(state, kind, (obj.spec ?? {}) as Record<string, unknown>);
  return rate > cap ? { rate: formatMoney(rate), cap: formatMoney(cap) } : undefined;
}
