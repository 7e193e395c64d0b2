/**
 * What an invocation costs: the price book's `function.request`, added to the Function's status.costUSD and posted
 * into its Budgets and the ledger like any charge, so the object page and the usage reports count it. A charge
 * that would pass spec.maxCostUSD is refused before the Function runs.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { recordSpend } from '../billing/budgets.ts';
import type { KindDef } from '../kinds/index.ts';
import { formatMoney, parseMoney, type Micros } from '../money.ts';
import { withStatusWrite } from '../schema/fields-v1.ts';
import type { MockState } from '../state.ts';
import { accountOf } from './commit.ts';

export const REQUEST_SKU = 'function.request';

function money(value: unknown): Micros | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseMoney(value);
  } catch {
    return undefined;
  }
}

export function requestPrice(state: MockState): Micros {
  return money(state.priceBook.rates[REQUEST_SKU]) ?? 0n;
}

export type InvocationCharge = { ok: true; price: Micros } | { ok: false; spent: string; max: string; price: string };

/** Charges one invocation to the stored object, or says why it cannot be (its max cost would be passed). */
export function chargeInvocation(state: MockState, kind: KindDef, obj: NodusObject): InvocationCharge {
  const price = requestPrice(state);
  const cost = money(obj.status?.costUSD) ?? 0n;
  const max = money((obj.spec as Record<string, unknown> | undefined)?.maxCostUSD);
  if (max !== undefined && cost + price > max)
    return { ok: false, spent: formatMoney(cost), max: formatMoney(max), price: formatMoney(price) };
  if (price === 0n) return { ok: true, price };
  const now = state.now();
  const charged = { ...obj, status: { ...obj.status, costUSD: formatMoney(cost + price) } };
  const after = state.store.put(kind.plural, withStatusWrite(obj, charged, state.timestamp(now)));
  state.ledger.post({
    account: accountOf(after),
    budgets: recordSpend(state, after, price),
    start: now,
    end: now,
    amount: price,
    rate: 0n,
  });
  return { ok: true, price };
}
