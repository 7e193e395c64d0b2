/**
 * What one user may do, gathered from the bindings once (the authorizer caches it until a role, binding, user or
 * key changes): the rules of their ClusterRoleBindings, which hold everywhere, and of their RoleBindings, per
 * project. Each rule keeps the binding it came from, so that a review can say why something is allowed.
 */
import {
  GROUP_AUTHENTICATED,
  GROUP_ORG_ADMINS,
  ROLE_ORG_ADMIN,
  type BindingObject,
  type PolicyRule,
  type RoleObject,
  type Subject,
} from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { Principal } from '../http/context.ts';
import { rulesAllow } from '../iam/rules.ts';
import type { Attributes } from '../http/request-info.ts';
import { CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES, ROLE_BINDINGS, ROLES, USERS } from '../iam/resources.ts';
import type { MockState } from '../state.ts';

export interface Grant {
  rule: PolicyRule;
  /** The binding that grants it, in words: `ClusterRoleBinding "org-admins"`, `RoleBinding "kim" in project "nlp"`. */
  via: string;
}

export interface Rights {
  principal: Principal;
  orgAdmin: boolean;
  /** From ClusterRoleBindings: everywhere. */
  cluster: Grant[];
  /** From RoleBindings, by project. */
  projects: Map<string, Grant[]>;
  /** Answers already worked out for lists across projects (see Authorizer.visibility), by verb and resource. */
  seen: Map<string, ReadonlySet<string> | 'all'>;
}

function roleRules(state: MockState, binding: BindingObject, namespace: string): PolicyRule[] {
  const { kind, name } = binding.roleRef;
  const role =
    kind === 'ClusterRole'
      ? state.store.get(CLUSTER_ROLES.storeKey, '', name)
      : state.store.get(ROLES.storeKey, namespace, name);
  return (role as RoleObject | undefined)?.rules ?? [];
}

export function bound(binding: BindingObject, username: string, groups: readonly string[]): boolean {
  return (binding.subjects ?? []).some(
    (s: Subject) => (s.kind === 'User' && s.name === username) || (s.kind === 'Group' && groups.includes(s.name)),
  );
}

/** The user's rights; undefined when no such user exists. */
export function rightsOf(state: MockState, username: string): Rights | undefined {
  const user = state.store.get(USERS.storeKey, '', username);
  if (!user) return undefined;
  const clusterBindings = state.store.values(CLUSTER_ROLE_BINDINGS.storeKey) as BindingObject[];
  const groups = [GROUP_AUTHENTICATED];
  // An org admin is in the org admins' group, which bindings may name too.
  const orgAdmin = clusterBindings.some((b) => b.roleRef.name === ROLE_ORG_ADMIN && bound(b, username, groups));
  if (orgAdmin) groups.unshift(GROUP_ORG_ADMINS);
  const cluster: Grant[] = [];
  for (const b of clusterBindings) {
    if (!bound(b, username, groups)) continue;
    const via = `ClusterRoleBinding "${b.metadata.name}" of ClusterRole ${b.roleRef.name}`;
    for (const rule of roleRules(state, b, '')) cluster.push({ rule, via });
  }
  const projects = new Map<string, Grant[]>();
  state.store.forEach(ROLE_BINDINGS.storeKey, (obj: NodusObject) => {
    const b = obj as BindingObject;
    if (!bound(b, username, groups)) return;
    const ns = b.metadata.namespace ?? '';
    const via = `RoleBinding "${b.metadata.name}" of ${b.roleRef.kind} ${b.roleRef.name} in project "${ns}"`;
    const list = projects.get(ns) ?? [];
    for (const rule of roleRules(state, b, ns)) list.push({ rule, via });
    projects.set(ns, list);
  });
  return {
    principal: { username, uid: user.metadata.uid ?? '', groups },
    orgAdmin,
    cluster,
    projects,
    seen: new Map(),
  };
}

/** The binding that allows the request, in words; undefined when none does. */
export function allowedBy(rights: Rights, a: Attributes): string | undefined {
  for (const grant of rights.cluster) if (rulesAllow([grant.rule], a)) return grant.via;
  if (a.kind === 'resource' && a.namespace !== '')
    for (const grant of rights.projects.get(a.namespace) ?? []) if (rulesAllow([grant.rule], a)) return grant.via;
  return undefined;
}

/** The rules that hold in a project (or, for '', everywhere): what SelfSubjectRulesReview lists. */
export function rulesIn(rights: Rights, namespace: string): PolicyRule[] {
  const grants = [...rights.cluster, ...(namespace ? (rights.projects.get(namespace) ?? []) : [])];
  return grants.map((g) => g.rule);
}
