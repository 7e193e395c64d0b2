/**
 * Storing a status the controller (or a write's immediate step) computed: the object is put, and what its
 * costUSD grew by is posted into the Budgets that cover it. Owners of children (Pipelines) are not posted: their
 * cost is the sum of their children's, which post their own.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { recordSpend } from '../billing/budgets.ts';
import type { KindDef } from '../kinds/index.ts';
import { parseMoney, type Micros } from '../money.ts';
import type { MockState } from '../state.ts';

function cost(obj: NodusObject | undefined): Micros {
  const value = obj?.status?.costUSD;
  try {
    return typeof value === 'string' ? parseMoney(value) : 0n;
  } catch {
    return 0n;
  }
}

/** Posts the cost growth between two versions of an object into its Budgets. */
export function postSpend(state: MockState, kind: KindDef, before: NodusObject | undefined, after: NodusObject): void {
  if (kind.children) return;
  const grew = cost(after) - cost(before);
  if (grew > 0n) recordSpend(state, after, grew);
}

export function commit(state: MockState, kind: KindDef, before: NodusObject, after: NodusObject): NodusObject {
  const stored = state.store.put(kind.plural, after);
  postSpend(state, kind, before, stored);
  return stored;
}
