/**
 * What the server records right after a write: status.observedGeneration follows metadata.generation, and the
 * lifecycle controller takes one step at once, so that a change of spec.state shows in the phase in the same
 * response (later steps come with the controller's ticks). A Budget's remaining amount and phase follow its new
 * limit and state in the same response too: a status that claims the new generation must describe it.
 */
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject, type ObjectStatus } from '@/shared/protocol.ts';
import { stepObject } from '../controller/lifecycle.ts';
import { observeGeneration } from '../controller/status.ts';
import { reconcilerFor } from '../controller/reconcilers.ts';
import type { KindDef } from '../kinds/index.ts';
import type { MockState } from '../state.ts';

export function observe(state: MockState, kind: KindDef, before: NodusObject, after: NodusObject): ObjectStatus {
  const observed: NodusObject = {
    ...after,
    status: observeGeneration(after.status, after.metadata.generation ?? 1),
  };
  if (after.metadata.deletionTimestamp) return observed.status!;
  const refresh = reconcilerFor(kind).refresh;
  if (refresh) return (refresh(state, observed, state.now()) ?? observed).status!;
  if (kind.lifecycle === 'none') return observed.status!;
  // Only a change the controller acts on at once (state, cap, restart request) takes a step here, so that an
  // update (or a dry-run, as kubectl diff sends) that changes nothing of that shows no status churn.
  const acts = (o: NodusObject) =>
    JSON.stringify([
      (o.spec as { state?: unknown; maxCostUSD?: unknown } | undefined)?.state,
      (o.spec as { maxCostUSD?: unknown } | undefined)?.maxCostUSD,
      o.metadata.annotations?.[ANNOTATION_RESTART_REQUESTED_AT],
    ]);
  if (acts(before) === acts(after)) return observed.status!;
  return (stepObject(state, kind, observed, state.now()) ?? observed).status!;
}
