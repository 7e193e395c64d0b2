/**
 * RBAC's guard against escalation: a binding may grant only what its writer holds where it applies (in its project
 * for a RoleBinding, everywhere for a ClusterRoleBinding), and a Role may hold only rules its writer holds, unless
 * they have the `bind` (or `escalate`) verb on that role, as Kubernetes has it. A project admin thus binds viewers,
 * developers, billing people and other admins in their project, and only an org admin binds nodus:org-admin.
 */
import { RBAC_GROUP, type BindingObject, type PolicyRule, type RoleObject } from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import { CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES, ROLES, type IamResource } from '../iam/resources.ts';
import { uncovered } from '../iam/rules.ts';
import type { MockState } from '../state.ts';
import type { Access } from './access.ts';
import { authorizerOf } from './authorizer.ts';
import { orgAdmins } from './forbidden.ts';
import { rulesIn } from './rights.ts';

function refuse(state: MockState, access: Access, what: string, where: string, missing: string): ApiFailure {
  const org = orgAdmins(state);
  return new ApiFailure(
    'Forbidden',
    `user "${access.username}" cannot ${what}${where}: it grants ${missing}, which ${access.username} does not hold there`,
    {
      details: { group: RBAC_GROUP, kind: access.attrs.kind === 'resource' ? access.attrs.resource : '' },
      fix: `Grant only roles you hold yourself, or ask an org admin${org.length ? ` (${org.join(', ')})` : ''} to grant it.`,
    },
  );
}

/** Throws the 403 when `access`'s user may not write `obj` (a binding or a Role) for lack of the rights it grants. */
export function checkEscalation(state: MockState, access: Access, resource: IamResource, obj: NodusObject): void {
  const { rights } = access.identity;
  if (rights.orgAdmin) return;
  const namespace = resource.namespaced ? (obj.metadata.namespace ?? '') : '';
  const where = namespace ? ` in project "${namespace}"` : '';
  const held = rulesIn(rights, namespace);
  const may = (verb: string, plural: string, name: string) =>
    authorizerOf(state).allows(rights, {
      kind: 'resource',
      verb,
      group: RBAC_GROUP,
      resource: plural,
      subresource: '',
      name,
      namespace,
    });
  let wanted: PolicyRule[];
  let what: string;
  if (resource === ROLES) {
    if (may('escalate', ROLES.plural, obj.metadata.name ?? '')) return;
    wanted = (obj as RoleObject).rules;
    what = `write Role "${obj.metadata.name}"`;
  } else {
    const { roleRef } = obj as BindingObject;
    const roles = roleRef.kind === 'ClusterRole' ? CLUSTER_ROLES : ROLES;
    if (may('bind', roles.plural, roleRef.name)) return;
    const role = state.store.get(roles.storeKey, roles === ROLES ? namespace : '', roleRef.name) as
      RoleObject | undefined;
    wanted = role?.rules ?? [];
    what = `bind ${roleRef.kind} "${roleRef.name}"${resource === CLUSTER_ROLE_BINDINGS ? ' everywhere' : ''}`;
  }
  const missing = uncovered(held, wanted);
  if (missing !== undefined) throw refuse(state, access, what, where, `"${missing}"`);
}
