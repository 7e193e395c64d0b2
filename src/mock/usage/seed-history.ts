/**
 * History for objects seeded in bulk (POST /_mock/seed with historyDays), for benchmarks of the usage report:
 * one charge a day per object for the days asked, a few hours at its hourly rate. Each object's costUSD becomes
 * the sum of its history, and each Budget that covers it counts the charges of its current period, so the ledger
 * adds up as it does for charges posted live.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { addSpend } from '../billing/budgets.ts';
import { hourlyRate } from '../billing/pricing.ts';
import type { KindDef } from '../kinds/index.ts';
import { HOUR_MS, type AccountInfo, type Bucket } from '../ledger/ledger.ts';
import { formatMoney, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';
import { budgetsFor } from './history.ts';

const CENT = 100n;

/** Gives each object `days` days of history up to now; returns the objects with their new costUSD. */
export function seedHistory(state: MockState, kind: KindDef, objects: NodusObject[], days: number): NodusObject[] {
  if (!kind.usage || kind.children || objects.length === 0) return objects;
  const rate = hourlyRate(kind.usage((objects[0]!.spec ?? {}) as Record<string, unknown>), state.priceBook);
  const today = Math.floor(state.now() / (24 * HOUR_MS)) * 24;
  const nowHour = Math.floor(state.now() / HOUR_MS);
  const spentIn = new Map<string, Micros>();
  const out = objects.map((obj, n) => {
    const labels = obj.metadata.labels ?? {};
    const budgets = budgetsFor(state, obj.metadata.namespace ?? '', labels);
    const buckets: Bucket[] = [];
    let total = 0n;
    for (let d = days - 1; d >= 0; d--) {
      const hour = Math.min(nowHour, today - d * 24 + 8 + (n % 10));
      const amount = ((rate * BigInt(1 + ((n + d) % 4))) / CENT) * CENT;
      if (amount === 0n) continue;
      const refs = budgets(hour);
      buckets.push({ hour, budgets: refs, amount });
      total += amount;
      for (const ref of refs) {
        const budget = state.store.get(KIND_FACTS.Budget.plural, obj.metadata.namespace ?? '', ref.name);
        if (ref.periodStart === budget?.status?.periodStart)
          spentIn.set(ref.name, (spentIn.get(ref.name) ?? 0n) + amount);
      }
    }
    const info: AccountInfo = {
      kind: obj.kind,
      name: obj.metadata.name ?? '',
      uid: obj.metadata.uid ?? '',
      project: obj.metadata.namespace ?? '',
      labels,
    };
    state.ledger.addHistory(info, buckets);
    return { ...obj, status: { ...obj.status, costUSD: formatMoney(total) } };
  });
  const project = objects[0]!.metadata.namespace ?? '';
  for (const [name, amount] of spentIn) {
    const budget = state.store.get(KIND_FACTS.Budget.plural, project, name);
    if (budget) addSpend(state, budget, amount);
  }
  return out;
}
