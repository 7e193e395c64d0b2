/**
 * The simulated controller: every tick it looks at each object that can move (phases, charges, finalizers,
 * Pipelines' steps, Budgets' periods, the drifting price book) and stores what changed. It is level-triggered,
 * so stopping it, restarting the mock or a reset loses nothing.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import { KIND_DEFS, kindByPlural } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { commit } from './commit.ts';
import { driftRates } from './drift.ts';
import { finalize } from './finalize.ts';
import { reconcilerFor } from './reconcilers.ts';
import { releaseForeground } from './release.ts';
import { observeGeneration } from './status.ts';
import { isBench } from './timing.ts';

export const TICK_MS = 100;

const SETTLED = new Set(['Succeeded', 'Failed', 'Cancelled']);
const MOVING = KIND_DEFS.filter((k) => k.lifecycle !== 'none');
const REFRESHED = KIND_DEFS.filter((k) => reconcilerFor(k).refresh);

/** Bulk benchmark objects stand still, but one being deleted still posts its final charge and goes. */
function needsWork(obj: NodusObject): boolean {
  return !!obj.metadata.deletionTimestamp || (!isBench(obj) && !SETTLED.has(String(obj.status?.phase ?? '')));
}

/**
 * The objects the controller must look at: not finished (bulk benchmark objects aside), or being deleted. Kept
 * up to date from the store's change stream, so a tick costs what is moving, not what exists (50,000 finished or
 * seeded objects cost nothing).
 */
export class Workset {
  private readonly keys = new Map<string, { plural: string; namespace: string; name: string }>();
  private readonly unsubscribe: () => void;

  constructor(state: MockState) {
    for (const kind of MOVING) state.store.forEach(kind.plural, (obj) => this.note(kind.plural, obj, false));
    this.unsubscribe = state.store.subscribe((change) => {
      // Only kinds that move: not Budgets, projects, Events, or what is no Nodus kind (users, keys, roles).
      const kind = kindByPlural(change.resource);
      if (!kind || kind.lifecycle === 'none') return;
      this.note(change.resource, change.object, change.type === 'DELETED');
    });
  }

  private note(plural: string, obj: NodusObject, gone: boolean): void {
    const namespace = obj.metadata.namespace ?? '';
    const name = obj.metadata.name ?? '';
    const key = `${plural}/${namespace}/${name}`;
    if (!gone && needsWork(obj)) this.keys.set(key, { plural, namespace, name });
    else this.keys.delete(key);
  }

  entries(): { plural: string; namespace: string; name: string }[] {
    return [...this.keys.values()];
  }

  get size(): number {
    return this.keys.size;
  }

  close(): void {
    this.unsubscribe();
  }
}

/** One pass over the objects that can move; returns how many it changed. */
export function reconcile(state: MockState, work: Workset | undefined = undefined, now = state.now()): number {
  let changed = 0;
  driftRates(state, now);
  const targets = work
    ? work.entries()
    : MOVING.flatMap((k) =>
        state.store
          .values(k.plural)
          .map((o) => ({ plural: k.plural, namespace: o.metadata.namespace ?? '', name: o.metadata.name ?? '' })),
      );
  for (const target of targets) {
    const kind = kindByPlural(target.plural)!;
    const obj = state.store.get(target.plural, target.namespace, target.name);
    if (!obj) continue;
    if (obj.metadata.deletionTimestamp) {
      // releaseForeground also catches a dependent that stopped blocking without going (its ownerReference edited).
      if (finalize(state, kind, obj, now) || releaseForeground(state, kind, obj)) changed++;
      continue;
    }
    if (isBench(obj)) continue;
    const next = reconcilerFor(kind).step?.(state, kind, obj, now);
    if (!next) continue;
    // A step may have stored other objects (a Pipeline's Jobs) meanwhile; only write if ours is unchanged.
    const current = state.store.get(kind.plural, target.namespace, target.name);
    if (current?.metadata.resourceVersion !== obj.metadata.resourceVersion) continue;
    commit(state, kind, obj, withObserved(next));
    changed++;
  }
  for (const kind of REFRESHED) {
    const refresh = reconcilerFor(kind).refresh!;
    for (const obj of state.store.values(kind.plural)) {
      const next = refresh(state, obj, now);
      if (next) {
        commit(state, kind, obj, next);
        changed++;
      }
    }
  }
  return changed;
}

function withObserved(obj: NodusObject): NodusObject {
  return { ...obj, status: observeGeneration(obj.status, obj.metadata.generation ?? 1) };
}

/** Starts ticking; returns a stop function. */
export function startController(state: MockState): () => void {
  let running = false;
  const work = new Workset(state);
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    try {
      reconcile(state, work);
    } catch (error) {
      console.error('controller tick failed:', error);
    } finally {
      running = false;
    }
  }, TICK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    work.close();
  };
}
