/**
 * Teams on the wire: users and their API keys (`iam.nodus.dev/v1`), and who may do what, in the shapes of
 * Kubernetes' `rbac.authorization.k8s.io/v1` (ClusterRoles, Roles, RoleBindings, ClusterRoleBindings). Facts
 * both the mock and the console need; no behaviour.
 */
import type { NodusObject } from './protocol.ts';

export const IAM_GROUP = 'iam.nodus.dev';
export const IAM_API_VERSION = `${IAM_GROUP}/v1`;
export const RBAC_GROUP = 'rbac.authorization.k8s.io';
export const RBAC_API_VERSION = `${RBAC_GROUP}/v1`;

/** The built-in ClusterRoles, read-only: each project's members are bound to one of the first four. */
export const ROLE_VIEWER = 'nodus:viewer';
export const ROLE_DEVELOPER = 'nodus:developer';
export const ROLE_BILLING = 'nodus:billing';
export const ROLE_ADMIN = 'nodus:admin';
/** Everything, everywhere: bound with a ClusterRoleBinding. */
export const ROLE_ORG_ADMIN = 'nodus:org-admin';
/** What every user with a key may do: read the user directory, discovery, and ask what they may do. */
export const ROLE_MEMBER = 'nodus:member';
/** The roles a project's members are given, least first. */
export const PROJECT_ROLES = [ROLE_VIEWER, ROLE_DEVELOPER, ROLE_BILLING, ROLE_ADMIN] as const;

/** A custom verb: an update or patch that raises spec.maxCostUSD of an existing object needs it too. */
export const VERB_RAISE_CAP = 'raisecap';

/** Every user with a valid key is in this group; org admins are also in GROUP_ORG_ADMINS. */
export const GROUP_AUTHENTICATED = 'system:authenticated';
export const GROUP_ORG_ADMINS = 'nodus:org-admins';

/** Marks the objects Nodus defines itself (the built-in roles and their bindings), which nobody may change. */
export const LABEL_BUILT_IN = 'nodus.dev/built-in';
/** A role's or a built-in binding's purpose, in words for people. */
export const ANNOTATION_DESCRIPTION = 'nodus.dev/description';

/** What a SelfSubjectReview's userInfo.extra names the key of the request by. */
export const EXTRA_API_KEY = 'iam.nodus.dev/api-key';

/** Type aliases, not interfaces: a stored object's spec is a plain record. */
export type UserSpec = {
  displayName?: string;
  email?: string;
};

export type User = NodusObject<UserSpec>;

export type APIKeySpec = {
  /** The User the key acts as. */
  user: string;
  description?: string;
  /** RFC 3339; the key stops working then. */
  expiresAt?: string;
  /** Set to true to revoke the key (it cannot be set back). */
  revoked?: boolean;
};

export interface APIKeyStatus {
  /** The key's first characters, enough to recognise it; never enough to use it. */
  prefix: string;
  /** When the key was last used, to the hour (it is not written on every request). */
  lastUsed?: string;
  revoked: boolean;
  revokedAt?: string;
  /** The key itself: in the answer to the create only, and never again. */
  secret?: string;
}

export interface APIKey extends NodusObject<APIKeySpec> {
  status?: NodusObject['status'] & APIKeyStatus;
}

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export interface RoleRef {
  apiGroup: string;
  kind: 'ClusterRole' | 'Role';
  name: string;
}

export interface Subject {
  kind: 'User' | 'Group';
  apiGroup?: string;
  name: string;
}

/** A ClusterRole or a Role: rules, and no spec (as in Kubernetes). */
export interface RoleObject extends NodusObject {
  rules: PolicyRule[];
}

/** A RoleBinding or a ClusterRoleBinding. */
export interface BindingObject extends NodusObject {
  roleRef: RoleRef;
  subjects?: Subject[];
}
