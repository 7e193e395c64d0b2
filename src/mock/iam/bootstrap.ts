/**
 * What every org has, made when the org is (demo data or not) and checked again at every start on kept data: the
 * built-in ClusterRoles, everyone's membership (nodus:member), everyone's read access to the published project
 * nodus, and the key the server was started with (config.apiKey), whose user (config.principal) is an org admin.
 * That key is the way in, like a static token of kube-apiserver's: a restart restores it however the org's
 * access was changed, so that nobody is ever locked out of their own mock.
 */
import {
  ANNOTATION_DESCRIPTION,
  GROUP_AUTHENTICATED,
  LABEL_BUILT_IN,
  RBAC_API_VERSION,
  RBAC_GROUP,
  ROLE_MEMBER,
  ROLE_ORG_ADMIN,
  ROLE_VIEWER,
  type APIKey,
  type BindingObject,
  type Subject,
} from '@/shared/iam.ts';
import { PUBLIC_PROJECT, type NodusObject } from '@/shared/protocol.ts';
import type { MockState } from '../state.ts';
import { keyIndex, removeKey } from './api-keys.ts';
import { BUILT_IN_ROLES } from './builtin-roles.ts';
import { hashKey } from './keys.ts';
import { APIKEYS, CLUSTER_ROLE_BINDINGS, CLUSTER_ROLES, ROLE_BINDINGS, USERS, type IamResource } from './resources.ts';
import { createIam } from './writes.ts';

/** The ClusterRoleBinding that makes org admins; org admins may change who is in it. */
export const ORG_ADMINS_BINDING = 'org-admins';
const MEMBERS_BINDING = 'nodus:members';
const READERS_BINDING = 'nodus:readers';
const BOOTSTRAP_KEY = 'bootstrap';

const everyone: Subject = { kind: 'Group', apiGroup: RBAC_GROUP, name: GROUP_AUTHENTICATED };

function builtIn(
  resource: IamResource,
  name: string,
  namespace: string,
  description: string,
  content: object,
): NodusObject {
  return {
    apiVersion: RBAC_API_VERSION,
    kind: resource.kind,
    metadata: {
      name,
      ...(namespace ? { namespace } : {}),
      labels: { [LABEL_BUILT_IN]: 'true' },
      annotations: { [ANNOTATION_DESCRIPTION]: description },
    },
    ...content,
  };
}

/** Stores `wanted` unless an equal one is stored (keeping its uid and age); a changed built-in is brought up to date. */
function ensure(state: MockState, resource: IamResource, wanted: NodusObject): void {
  const { name = '', namespace = '' } = wanted.metadata;
  const current = state.store.get(resource.storeKey, namespace, name);
  // What a client could change: the labels, annotations and content (rules, roleRef, subjects), in a fixed order.
  const body = ({ metadata, apiVersion: _a, kind: _k, ...content }: NodusObject) =>
    JSON.stringify([metadata.labels, metadata.annotations, content]);
  if (current && body(current) === body(wanted)) return;
  const metadata = {
    ...wanted.metadata,
    uid: current?.metadata.uid ?? state.newUid(resource.uidPrefix),
    creationTimestamp: current?.metadata.creationTimestamp ?? state.timestamp(),
  };
  state.store.put(resource.storeKey, { ...wanted, metadata });
}

function binding(roleName: string): Pick<BindingObject, 'roleRef'> {
  return { roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: roleName } };
}

function ensureBuiltIns(state: MockState): void {
  for (const role of BUILT_IN_ROLES)
    ensure(state, CLUSTER_ROLES, builtIn(CLUSTER_ROLES, role.name, '', role.description, { rules: role.rules }));
  ensure(
    state,
    CLUSTER_ROLE_BINDINGS,
    builtIn(CLUSTER_ROLE_BINDINGS, MEMBERS_BINDING, '', 'Every user is a member.', {
      ...binding(ROLE_MEMBER),
      subjects: [everyone],
    }),
  );
  if (state.store.get('namespaces', '', PUBLIC_PROJECT))
    ensure(
      state,
      ROLE_BINDINGS,
      builtIn(ROLE_BINDINGS, READERS_BINDING, PUBLIC_PROJECT, 'Every user reads what Nodus publishes.', {
        ...binding(ROLE_VIEWER),
        subjects: [everyone],
      }),
    );
}

/** Makes a user (unless one of that name exists), as an API create would. */
export function ensureUser(state: MockState, name: string, spec: { displayName?: string; email?: string }): void {
  if (state.store.get(USERS.storeKey, '', name)) return;
  createIam(state, {
    resource: USERS,
    namespace: '',
    body: { metadata: { name }, spec },
    dryRun: false,
    mode: 'Strict',
    username: name,
  });
}

/**
 * Makes a key with a secret the server chose (the demo keys, the configured one) unless that secret works already
 * for that user; a revoked or expired key with that secret is replaced.
 */
export function ensureKey(state: MockState, name: string, user: string, secret: string, description: string): void {
  const existing = keyIndex(state).get(hashKey(secret));
  const key =
    existing === undefined ? undefined : (state.store.get(APIKEYS.storeKey, '', existing) as APIKey | undefined);
  const expired = Date.parse(key?.spec?.expiresAt ?? '') <= state.now();
  if (key && key.spec?.user === user && !key.spec.revoked && !expired) return;
  if (existing !== undefined) removeKey(state, existing);
  let free = name;
  for (let i = 2; state.store.get(APIKEYS.storeKey, '', free); i++) free = `${name}-${i}`;
  createIam(state, {
    resource: APIKEYS,
    namespace: '',
    body: { metadata: { name: free }, spec: { user, description } },
    dryRun: false,
    mode: 'Strict',
    username: user,
    secret,
  });
}

function ensureOrgAdmin(state: MockState, user: string): void {
  const current = state.store.get(CLUSTER_ROLE_BINDINGS.storeKey, '', ORG_ADMINS_BINDING) as BindingObject | undefined;
  const subjects = current?.subjects ?? [];
  if (current?.roleRef.name === ROLE_ORG_ADMIN && subjects.some((s) => s.kind === 'User' && s.name === user)) return;
  const subject: Subject = { kind: 'User', apiGroup: RBAC_GROUP, name: user };
  const wanted = {
    apiVersion: RBAC_API_VERSION,
    kind: CLUSTER_ROLE_BINDINGS.kind,
    metadata: { name: ORG_ADMINS_BINDING },
    ...binding(ROLE_ORG_ADMIN),
    subjects: current?.roleRef.name === ROLE_ORG_ADMIN ? [...subjects, subject] : [subject],
  };
  ensure(state, CLUSTER_ROLE_BINDINGS, wanted);
}

/** Brings the org's access up to what every org has; changes nothing that is already so. */
export function ensureAccess(state: MockState): void {
  ensureBuiltIns(state);
  const { principal, apiKey } = state.config;
  ensureUser(state, principal, { displayName: 'Demo user' });
  ensureKey(state, BOOTSTRAP_KEY, principal, apiKey, 'The key the server was started with (NODUS_MOCK_API_KEY).');
  ensureOrgAdmin(state, principal);
}
