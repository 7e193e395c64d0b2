/**
 * What the controller does with each kind, keyed by kind so that a kind without an entry fails to compile.
 * `step` moves a live object along its lifecycle; `refresh` re-reads an object every tick whatever its phase
 * (a Budget's period and what is left of it), and after each write so the response shows it.
 */
import type { KindName } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { refreshBudget } from '../billing/budgets.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { stepObject } from './lifecycle.ts';
import { stepPipeline } from './pipelines.ts';

export interface Reconciler {
  step?: (state: MockState, kind: KindDef, obj: NodusObject, now: number) => NodusObject | undefined;
  refresh?: (state: MockState, obj: NodusObject, now: number) => NodusObject | undefined;
}

const RECONCILERS: Record<KindName, Reconciler> = {
  Job: { step: stepObject },
  Sandbox: { step: stepObject },
  Function: { step: stepObject },
  Volume: { step: stepObject },
  Budget: { refresh: refreshBudget },
  Pipeline: { step: stepPipeline },
  Image: {},
};

export function reconcilerFor(kind: KindDef): Reconciler {
  return RECONCILERS[kind.kind as KindName] ?? {};
}
