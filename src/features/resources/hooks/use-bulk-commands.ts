/**
 * What can be done to objects of a kind from the table, and whether the key may: the action bar over ticked
 * rows and a row's context menu both draw these, so the two always offer the same actions, off for the same
 * reasons.
 */
import { useAccessList, type Access } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';
import { bulkHoldAction, type BulkAction } from '../table/bulk-plan.ts';

export interface BulkCommand {
  action: BulkAction;
  label: string;
  /** Why it is off; undefined when it is on. */
  reason: string | undefined;
  /** What it does, when it is on. */
  hint: string | undefined;
  danger: boolean;
  /** Off because the key may not, rather than because the kind cannot. */
  locked: boolean;
}

export const DESIRED_STATE: Record<'suspend' | 'stop', string> = { suspend: 'Suspended', stop: 'Stopped' };
export const VERB: Record<BulkAction, string> = { suspend: 'Suspend', stop: 'Stop', delete: 'Delete' };

const refusal = (a: Access | undefined) => (a && !a.allowed ? a.reason : undefined);
const refused = (a: Access | undefined) => Boolean(a && !a.allowed && !a.pending);

/** `asked`: whether to ask the access layer now (something is ticked, a menu is open). */
export function useBulkCommands(kind: KindInfo, project: string | undefined, asked: boolean): BulkCommand[] {
  const hold = bulkHoldAction(kind);
  const canDelete = kind.verbs.includes('delete');
  const canHold = hold !== undefined && kind.verbs.includes('patch');
  const resource = { group: kind.group, resource: kind.plural };
  // One answer for every row of the project in view.
  const [mayHold, mayDelete] = useAccessList(
    asked && project !== undefined
      ? [
          { ...resource, verb: 'patch', namespace: project },
          { ...resource, verb: 'delete', namespace: project },
        ]
      : [],
  );
  return [
    {
      action: hold ?? 'suspend',
      label: `${VERB[hold ?? 'suspend']}…`,
      reason:
        hold === undefined
          ? `${kind.kind} has no state that suspends it`
          : (refusal(mayHold) ?? (canHold ? undefined : `The API does not let ${kind.kind} objects be changed`)),
      hint: canHold ? `Set spec.state to ${DESIRED_STATE[hold!]} where it applies` : undefined,
      danger: false,
      locked: hold !== undefined && refused(mayHold),
    },
    {
      action: 'delete',
      label: 'Delete…',
      reason:
        refusal(mayDelete) ??
        (canDelete
          ? undefined
          : `The API does not let ${kind.kind} objects be deleted (discovery lists no delete verb)`),
      hint: undefined,
      danger: true,
      locked: refused(mayDelete),
    },
  ];
}
