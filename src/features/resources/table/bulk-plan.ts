/**
 * What a bulk action does to each ticked object, decided by the same rules as the object page's actions
 * (src/kinds): an object it applies to is acted on, any other is skipped with the reason (already
 * suspended, finished, being deleted, …). The plan is made when the confirmation opens and made again from the
 * objects as they are when it is confirmed, so nothing that changed meanwhile is acted on by mistake.
 */
import type { KindInfo } from '@/data/client/index.ts';
import { actionFor, holdAction } from '@/kinds/actions.ts';
import { kindLife } from '@/kinds/lifecycle.ts';
import { isRow, type TableItem } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { objectKey } from './snapshot-diff.ts';

export type BulkAction = 'suspend' | 'stop' | 'delete';

export interface PlanItem {
  key: string;
  /** The whole object; only the row of one that is gone (and so skipped). */
  object: TableItem;
  /** Why it is left alone; undefined when the action applies. */
  skip?: string;
}

export const GONE = 'It is no longer listed: it was deleted meanwhile.';

/** The state action the table offers for the kind (suspend, or stop), if any. */
export function bulkHoldAction(kind: Pick<KindInfo, 'kind'>): 'suspend' | 'stop' | undefined {
  return holdAction(kindLife(kind.kind));
}

export function planBulk(
  action: BulkAction,
  kind: Pick<KindInfo, 'kind' | 'verbs'>,
  objects: readonly NodusObject[],
): PlanItem[] {
  const traits = kindLife(kind.kind);
  return objects.map((object) => {
    const state = actionFor(action, { kind: kind.kind, verbs: kind.verbs, traits, object });
    return {
      key: objectKey(object),
      object,
      skip: state ? state.disabled : `${kind.kind} objects cannot be ${pastTense(action)}.`,
    };
  });
}

/** The rows whose objects were gone when they were read, skipped as such. */
export function planGone(rows: readonly TableItem[]): PlanItem[] {
  return rows.map((object) => ({ key: objectKey(object), object, skip: GONE }));
}

/** The objects a plan acts on (never a row: a row is planned only as gone). */
export function actedOn(plan: readonly PlanItem[]): NodusObject[] {
  return plan.flatMap((i) => (i.skip === undefined && !isRow(i.object) ? [i.object] : []));
}

/** The plan again, from the objects as they are now (`current`, by key): what changed may no longer apply. */
export function replan(
  action: BulkAction,
  kind: Pick<KindInfo, 'kind' | 'verbs'>,
  plan: readonly PlanItem[],
  current: ReadonlyMap<string, NodusObject>,
): PlanItem[] {
  return plan.map((item) => {
    if (item.skip !== undefined) return item;
    const now = current.get(item.key);
    return now ? planBulk(action, kind, [now])[0]! : { ...item, skip: GONE };
  });
}

export function pastTense(action: BulkAction): string {
  return action === 'suspend' ? 'suspended' : action === 'stop' ? 'stopped' : 'deleted';
}

/**
 * The plan with what the key may not do: an object in a project where the API refused the action is skipped
 * with the API's words (a reason already there, such as "already suspended", stays).
 */
export function withAccess(plan: readonly PlanItem[], deniedIn: (project: string) => string | undefined): PlanItem[] {
  return plan.map((item) => {
    if (item.skip !== undefined) return item;
    const denied = deniedIn(item.object.metadata.namespace ?? '');
    return denied === undefined ? item : { ...item, skip: denied };
  });
}
