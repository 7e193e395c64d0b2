/**
 * Storing a status the controller (or a write's immediate step) computed: the object is put, and what its
 * costUSD grew by is posted into the Budgets that cover it and into the ledger. Owners of children (Pipelines)
 * are not posted: their cost is the sum of their children's, which post their own.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { recordSpend } from '../billing/budgets.ts';
import { recordTransition } from '../events/transitions.ts';
import type { KindDef } from '../kinds/index.ts';
import type { AccountInfo } from '../ledger/ledger.ts';
import { parseMoney, type Micros } from '../money.ts';
import { withStatusWrite } from '../schema/fields-v1.ts';
import type { MockState } from '../state.ts';

function money(value: unknown): Micros {
  try {
    return typeof value === 'string' ? parseMoney(value) : 0n;
  } catch {
    return 0n;
  }
}

function time(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

/** The object as the ledger keeps it: who it is, and the labels it had when charged. */
export function accountOf(obj: NodusObject): AccountInfo {
  const owner = obj.metadata.ownerReferences?.[0];
  return {
    kind: obj.kind,
    name: obj.metadata.name ?? '',
    uid: obj.metadata.uid ?? '',
    project: obj.metadata.namespace ?? '',
    labels: obj.metadata.labels ?? {},
    ...(owner ? { owner: { kind: owner.kind, name: owner.name, uid: owner.uid } } : {}),
  };
}

/** Posts the cost growth between two versions of an object into its Budgets and the ledger. */
export function postSpend(state: MockState, kind: KindDef, before: NodusObject | undefined, after: NodusObject): void {
  if (kind.children) return;
  const grew = money(after.status?.costUSD) - money(before?.status?.costUSD);
  if (grew <= 0n) return;
  const budgets = recordSpend(state, after, grew);
  const now = state.now();
  // The stretch billed: from where the last charge ended to where this one does (a final charge clears the mark).
  const end = time(after.status?.lastChargeTime) ?? now;
  const start = time(before?.status?.lastChargeTime) ?? time(after.status?.startTime) ?? end;
  state.ledger.post({
    account: accountOf(after),
    budgets,
    start: Math.min(start, end),
    end,
    amount: grew,
    rate: money(after.status?.rateUSDPerHour),
  });
}

/** Stores what the controller computed, and records the phase change (or other transition) it makes. */
export function commit(state: MockState, kind: KindDef, before: NodusObject, after: NodusObject): NodusObject {
  const stored = state.store.put(kind.plural, withStatusWrite(before, after, state.timestamp()));
  recordTransition(state, kind, before, stored);
  postSpend(state, kind, before, stored);
  return stored;
}
