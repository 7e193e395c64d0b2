/**
 * Rights that depend on what an update changes, not on its verb: raising spec.maxCostUSD of an existing object
 * needs `raisecap` on its kind (lowering it, or leaving it, does not), and any other change needs the verb
 * (update or patch). A billing person may thus raise a cap and nothing else, a developer may change everything
 * but raise it. A patch that creates the object (server-side apply) needs `create`.
 */
import { VERB_RAISE_CAP } from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { RequestAccess } from '../http/context.ts';
import { isMoney, parseMoney } from '../money.ts';

function cap(obj: NodusObject): bigint | undefined {
  const value = obj.spec?.maxCostUSD;
  return isMoney(value) ? parseMoney(value) : undefined;
}

/** Everything a client may change but the cap, as one string to compare. */
function apartFromCap(obj: NodusObject): string {
  const { maxCostUSD: _cap, ...spec } = obj.spec ?? {};
  const { labels, annotations, finalizers, ownerReferences } = obj.metadata;
  return JSON.stringify([spec, labels, annotations, finalizers, ownerReferences]);
}

export function raisesCap(before: NodusObject, after: NodusObject): boolean {
  const [was, is] = [cap(before), cap(after)];
  return was !== undefined && is !== undefined && is > was;
}

/** The check an update or patch of a Nodus object runs on the object it would store (WriteRequest.authorizeChange). */
export function changeCheck(
  access: RequestAccess | undefined,
  verb: 'update' | 'patch',
): ((before: NodusObject | undefined, after: NodusObject) => void) | undefined {
  if (!access || (access.may(verb) && access.may(VERB_RAISE_CAP) && access.may('create'))) return undefined;
  return (before, after) => {
    if (!before) {
      if (!access.may('create')) throw access.forbidden('create');
      return;
    }
    if (raisesCap(before, after) && !access.may(VERB_RAISE_CAP)) throw access.forbidden(VERB_RAISE_CAP);
    if (apartFromCap(before) !== apartFromCap(after) && !access.may(verb)) throw access.forbidden(verb);
  };
}
