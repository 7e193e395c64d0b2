/**
 * What the key in use may do to the object in view, asked of the API (src/data/access): its changes (merge
 * patches), its deletion and, for kinds that exec, a terminal in it. Each answer is the reason it may not, or
 * undefined when it may; while still asked, the reason says so and the action stays off.
 */
import { useAccessList, type Access } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';
import type { ActionVerb } from '@/kinds/actions.ts';
import type { NodusObject } from '@/shared/protocol.ts';

const refusal = (a: Access | undefined) => (a && !a.allowed ? a.reason : undefined);
const refused = (a: Access | undefined) => Boolean(a && !a.allowed && !a.pending);

export function useObjectAccess(
  kind: Pick<KindInfo, 'group' | 'plural'>,
  object: NodusObject,
  exec: boolean,
): {
  denied: (verb: ActionVerb) => string | undefined;
  /** The API said no (not merely: not yet answered). */
  refused: (verb: ActionVerb | 'exec') => boolean;
  terminal: string | undefined;
} {
  const base = {
    group: kind.group,
    resource: kind.plural,
    namespace: object.metadata.namespace ?? '',
    name: object.metadata.name ?? '',
  };
  const [patch, remove, shell] = useAccessList([
    { ...base, verb: 'patch' },
    { ...base, verb: 'delete' },
    exec ? { ...base, verb: 'create', subresource: 'exec' } : undefined,
  ]);
  return {
    denied: (verb) => refusal(verb === 'patch' ? patch : remove),
    refused: (verb) => refused(verb === 'patch' ? patch : verb === 'delete' ? remove : shell),
    terminal: refusal(shell),
  };
}
