/**
 * The resources of teams, as data: users and API keys in iam.nodus.dev, roles and bindings in
 * rbac.authorization.k8s.io. Discovery, the routes, the store and the authorizer all read them from here.
 */
import { IAM_GROUP, RBAC_GROUP, type BindingObject, type RoleObject } from '@/shared/iam.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { PrinterColumn } from '../kinds/common.ts';

export interface IamResource {
  group: string;
  kind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  /** Where the store keeps them (`plural.group`, apart from the Nodus kinds' plain plurals). */
  storeKey: string;
  /** The verbs served; ClusterRoles are built in and only read. */
  verbs: string[];
  columns: PrinterColumn[];
  /** A uid's prefix, as Nodus kinds have one. */
  uidPrefix: string;
}

const WRITE = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
const READ = ['get', 'list', 'watch'];

function resource(
  group: string,
  kind: string,
  plural: string,
  extra: Partial<IamResource> & Pick<IamResource, 'namespaced' | 'uidPrefix'>,
): IamResource {
  return {
    group,
    kind,
    plural,
    singular: kind.toLowerCase(),
    shortNames: [],
    storeKey: `${plural}.${group}`,
    verbs: WRITE,
    columns: [],
    ...extra,
  };
}

const subjects = (obj: NodusObject, kind: string): string =>
  ((obj as BindingObject).subjects ?? [])
    .filter((s) => s.kind === kind)
    .map((s) => s.name)
    .join(', ');

const bindingColumns: PrinterColumn[] = [
  {
    name: 'Role',
    type: 'string',
    jsonPath: '.roleRef.name',
    description: 'The role granted: ClusterRole/<name> or Role/<name>.',
    render: (obj) => `${(obj as BindingObject).roleRef?.kind}/${(obj as BindingObject).roleRef?.name}`,
  },
  {
    name: 'Users',
    type: 'string',
    jsonPath: '.subjects',
    description: 'The users it is granted to.',
    render: (obj) => subjects(obj, 'User'),
  },
  {
    name: 'Groups',
    type: 'string',
    jsonPath: '.subjects',
    description: 'The groups it is granted to.',
    priority: 1,
    render: (obj) => subjects(obj, 'Group'),
  },
];

const roleColumns: PrinterColumn[] = [
  {
    name: 'Rules',
    type: 'integer',
    jsonPath: '.rules',
    description: 'How many rules the role has.',
    render: (obj) => ((obj as RoleObject).rules ?? []).length,
  },
];

export const USERS = resource(IAM_GROUP, 'User', 'users', {
  namespaced: false,
  uidPrefix: 'usr',
  columns: [
    { name: 'Display Name', type: 'string', jsonPath: '.spec.displayName', description: "The user's full name." },
    { name: 'Email', type: 'string', jsonPath: '.spec.email', description: "The user's email address." },
  ],
});

export const APIKEYS = resource(IAM_GROUP, 'APIKey', 'apikeys', {
  namespaced: false,
  uidPrefix: 'key',
  shortNames: ['key'],
  columns: [
    { name: 'User', type: 'string', jsonPath: '.spec.user', description: 'The user the key acts as.' },
    { name: 'Prefix', type: 'string', jsonPath: '.status.prefix', description: "The key's first characters." },
    { name: 'Revoked', type: 'string', jsonPath: '.status.revoked', description: 'Whether the key was revoked.' },
    { name: 'Expires', type: 'string', jsonPath: '.spec.expiresAt', description: 'When the key stops working.' },
    { name: 'Last Used', type: 'string', jsonPath: '.status.lastUsed', description: 'Last used, to the hour.' },
    {
      name: 'Description',
      type: 'string',
      jsonPath: '.spec.description',
      description: 'What it is for.',
      priority: 1,
    },
  ],
});

export const CLUSTER_ROLES = resource(RBAC_GROUP, 'ClusterRole', 'clusterroles', {
  namespaced: false,
  uidPrefix: 'crl',
  verbs: READ,
  columns: roleColumns,
});

export const ROLES = resource(RBAC_GROUP, 'Role', 'roles', {
  namespaced: true,
  uidPrefix: 'rol',
  columns: roleColumns,
});

export const ROLE_BINDINGS = resource(RBAC_GROUP, 'RoleBinding', 'rolebindings', {
  namespaced: true,
  uidPrefix: 'rb',
  columns: bindingColumns,
});

export const CLUSTER_ROLE_BINDINGS = resource(RBAC_GROUP, 'ClusterRoleBinding', 'clusterrolebindings', {
  namespaced: false,
  uidPrefix: 'crb',
  columns: bindingColumns,
});

export const IAM_RESOURCES: readonly IamResource[] = [USERS, APIKEYS];
export const RBAC_RESOURCES: readonly IamResource[] = [CLUSTER_ROLES, CLUSTER_ROLE_BINDINGS, ROLES, ROLE_BINDINGS];

/**
 * The hash of each key, in an object of its own that is never served: the key's object can be listed, watched and
 * journalled like any other without its hash going anywhere but the disk.
 */
export const KEY_HASHES = `apikeyhashes.${IAM_GROUP}`;

/** Every store key that changes who may do what: a change to any of them invalidates the authorizer's cache. */
export const ACCESS_STORE_KEYS: ReadonlySet<string> = new Set([
  ...[...IAM_RESOURCES, ...RBAC_RESOURCES].map((r) => r.storeKey),
  KEY_HASHES,
]);

export function iamResource(group: string | undefined, plural: string | undefined): IamResource | undefined {
  return [...IAM_RESOURCES, ...RBAC_RESOURCES].find((r) => r.group === group && r.plural === plural);
}
