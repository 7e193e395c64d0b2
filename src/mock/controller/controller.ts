/**
 * The simulated controller: every tick it looks at each object that can move (phases, charges, finalizers,
 * Pipelines' steps, Budgets' periods, the drifting price book) and stores what changed. It is level-triggered,
 * so stopping it, restarting the mock or a reset loses nothing.
 */
import type { NodusObject } from '../../shared/protocol.ts';
import { refreshBudget } from '../billing/budgets.ts';
import { KINDS, kindByPlural } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { commit } from './commit.ts';
import { driftRates } from './drift.ts';
import { finalize } from './finalize.ts';
import { stepObject } from './lifecycle.ts';
import { stepPipeline } from './pipelines.ts';
import { isBench } from './timing.ts';

export const TICK_MS = 100;

/** One pass over every object; returns how many it changed. */
export function reconcile(state: MockState, now = state.now()): number {
  let changed = 0;
  driftRates(state, now);
  for (const kind of KINDS) {
    if (kind.lifecycle === 'none') continue;
    for (const obj of state.store.values(kind.plural)) {
      if (isBench(obj)) continue;
      if (obj.metadata.deletionTimestamp) {
        if (finalize(state, kind, obj, now)) changed++;
        continue;
      }
      const next = kind.kind === 'Pipeline' ? stepPipeline(state, kind, obj, now) : stepObject(state, kind, obj, now);
      if (!next) continue;
      // A step may have stored other objects (a Pipeline's Jobs) meanwhile; only write if ours is unchanged.
      const current = state.store.get(kind.plural, obj.metadata.namespace ?? '', obj.metadata.name ?? '');
      if (current?.metadata.resourceVersion !== obj.metadata.resourceVersion) continue;
      commit(state, kind, obj, withObserved(next));
      changed++;
    }
  }
  const budgets = kindByPlural('budgets')!;
  for (const budget of state.store.values('budgets')) {
    const next = refreshBudget(state, budget, now);
    if (next) {
      commit(state, budgets, budget, next);
      changed++;
    }
  }
  return changed;
}

function withObserved(obj: NodusObject): NodusObject {
  return { ...obj, status: { ...obj.status, observedGeneration: obj.metadata.generation ?? 1 } };
}

/** Starts ticking; returns a stop function. */
export function startController(state: MockState): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    try {
      reconcile(state);
    } catch (error) {
      console.error('controller tick failed:', error);
    } finally {
      running = false;
    }
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
