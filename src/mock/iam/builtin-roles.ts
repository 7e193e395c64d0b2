/**
 * The built-in ClusterRoles, derived from the kinds' facts so that a new kind is covered without editing them:
 * what a viewer, a developer, a billing person and a project admin may do in a project, what an org admin may do
 * everywhere, and what every user may do. They are read-only; a project's own rules go in a Role.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import {
  IAM_GROUP,
  RBAC_GROUP,
  ROLE_ADMIN,
  ROLE_BILLING,
  ROLE_DEVELOPER,
  ROLE_MEMBER,
  ROLE_ORG_ADMIN,
  ROLE_VIEWER,
  VERB_RAISE_CAP,
  type PolicyRule,
} from '@/shared/iam.ts';
import { EVENTS_GROUP } from '@/shared/events.ts';
import { GROUP } from '@/shared/protocol.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];
/** Every verb the mock serves on a project's own objects; not `*`, which would also grant `escalate` and `bind`. */
const ALL_OBJECT_VERBS = [...READ, ...WRITE];

const facts = Object.values(KIND_FACTS);
const plurals = (pick: (f: (typeof facts)[number]) => boolean | undefined) =>
  facts.filter((f) => pick(f)).map((f) => f.plural);
const sub = (name: string, pick: (f: (typeof facts)[number]) => boolean | undefined) =>
  plurals(pick).map((p) => `${p}/${name}`);

/** The kinds that run on compute and have a cost cap (spec.maxCostUSD). */
export const CAPPED = plurals((f) => f.billable && !f.published);
/** What spending is checked against: the kinds that cost nothing themselves (Budgets). */
const BUDGETS = plurals((f) => !f.billable && !f.published);

const viewer: PolicyRule[] = [
  { verbs: READ, apiGroups: [GROUP], resources: plurals(() => true) },
  {
    verbs: ['get'],
    apiGroups: [GROUP],
    resources: [...sub('status', () => true), ...sub('log', (f) => f.logs), ...sub('files', (f) => f.files)],
  },
  { verbs: READ, apiGroups: [USAGE_GROUP], resources: ['usage'] },
  { verbs: READ, apiGroups: ['', EVENTS_GROUP], resources: ['events'] },
  { verbs: ['get'], apiGroups: [''], resources: ['namespaces'] },
  { verbs: READ, apiGroups: [RBAC_GROUP], resources: ['roles', 'rolebindings'] },
];

const developer: PolicyRule[] = [
  ...viewer,
  { verbs: WRITE, apiGroups: [GROUP], resources: CAPPED },
  {
    verbs: ['create'],
    apiGroups: [GROUP],
    resources: [...sub('exec', (f) => f.exec), ...sub('invoke', (f) => f.invoke)],
  },
  { verbs: ['create', 'update', 'delete'], apiGroups: [GROUP], resources: sub('files', (f) => f.files) },
];

const billing: PolicyRule[] = [
  ...viewer,
  { verbs: WRITE, apiGroups: [GROUP], resources: BUDGETS },
  { verbs: [VERB_RAISE_CAP], apiGroups: [GROUP], resources: CAPPED },
];

const admin: PolicyRule[] = [
  { verbs: ['*'], apiGroups: [GROUP], resources: ['*'] },
  { verbs: READ, apiGroups: [USAGE_GROUP], resources: ['usage'] },
  { verbs: ALL_OBJECT_VERBS, apiGroups: ['', EVENTS_GROUP], resources: ['events'] },
  { verbs: ['get', 'patch'], apiGroups: [''], resources: ['namespaces'] },
  { verbs: ALL_OBJECT_VERBS, apiGroups: [RBAC_GROUP], resources: ['roles', 'rolebindings'] },
];

const orgAdmin: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

/** Discovery, the OpenAPI documents and the health checks, as kube-apiserver's system:discovery grants them. */
const DISCOVERY = [
  '/api',
  '/api/*',
  '/apis',
  '/apis/*',
  '/openapi',
  '/openapi/*',
  '/version',
  '/healthz',
  '/livez',
  '/readyz',
];

const member: PolicyRule[] = [
  { verbs: READ, apiGroups: [IAM_GROUP], resources: ['users'] },
  { verbs: READ, apiGroups: [RBAC_GROUP], resources: ['clusterroles'] },
  {
    verbs: ['create'],
    apiGroups: ['authorization.k8s.io'],
    resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
  },
  { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
  { verbs: ['get'], nonResourceURLs: DISCOVERY },
];

export interface BuiltInRole {
  name: string;
  description: string;
  rules: PolicyRule[];
}

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: ROLE_VIEWER,
    description: 'Reads everything in a project: its objects, logs, files, usage, events and members.',
    rules: viewer,
  },
  {
    name: ROLE_DEVELOPER,
    description:
      'A viewer who also runs work: writes Jobs, Sandboxes, Functions, Volumes and Pipelines, opens shells, writes files and invokes Functions. Not Budgets, and no raise of a cost cap.',
    rules: developer,
  },
  {
    name: ROLE_BILLING,
    description: "A viewer who also writes the project's Budgets and raises cost caps (the raisecap verb).",
    rules: billing,
  },
  {
    name: ROLE_ADMIN,
    description: 'Everything in a project, its members (RoleBindings) and Roles included.',
    rules: admin,
  },
  {
    name: ROLE_ORG_ADMIN,
    description: 'Everything everywhere: projects, users, keys, roles and the /_mock/ controls.',
    rules: orgAdmin,
  },
  {
    name: ROLE_MEMBER,
    description: 'What every user may do: read the users and the roles, discovery, and ask what they may do.',
    rules: member,
  },
];

const byName = new Map(BUILT_IN_ROLES.map((r) => [r.name, r]));

export function builtInRole(name: string): BuiltInRole | undefined {
  return byName.get(name);
}
