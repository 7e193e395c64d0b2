/**
 * The 403 a request gets when its key may not make it: a message that names the user, the verb, the resource (and
 * subresource) and the project, details naming the group, kind and object, and a fix that says who can grant it
 * (the project's admins by name, else the org admins) and with which role. What nobody may do (write to the
 * read-only project nodus, or to published kinds) says so instead of pointing at an admin.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import { PROJECT_ROLES, ROLE_ADMIN, ROLE_ORG_ADMIN, type BindingObject } from '@/shared/iam.ts';
import { GROUP, PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import { builtInRole } from '../iam/builtin-roles.ts';
import { CLUSTER_ROLE_BINDINGS, ROLE_BINDINGS, iamResource } from '../iam/resources.ts';
import { rulesAllow } from '../iam/rules.ts';
import type { Attributes, ResourceAttributes } from '../http/request-info.ts';
import type { MockState } from '../state.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';

export const WRITE_VERBS: ReadonlySet<string> = new Set([
  'create',
  'update',
  'patch',
  'delete',
  'deletecollection',
  '*',
]);

export function readOnlyProject(): ApiFailure {
  return new ApiFailure('Forbidden', `project "${PUBLIC_PROJECT}" is read-only: it holds what Nodus publishes`, {
    details: { kind: 'Namespace', name: PUBLIC_PROJECT },
    fix: 'Write to one of your own projects (such as "default"); reference published images as nodus/<name>:<tag>.',
  });
}

const PUBLISHED = new Map(
  Object.values(KIND_FACTS)
    .filter((f) => f.published)
    .map((f) => [f.plural, f]),
);

export function publishedKind(plural: string): ApiFailure | undefined {
  const facts = PUBLISHED.get(plural);
  return facts
    ? new ApiFailure('Forbidden', `${facts.kind} objects are published by Nodus and cannot be written`, {
        fix: `Reference them from your objects as nodus/<name>:<tag>; list them with kubectl get ${facts.plural} -n nodus.`,
      })
    : undefined;
}

/** What nobody may do, whatever their roles: the reason, or undefined. */
export function nobodyMay(a: ResourceAttributes): ApiFailure | undefined {
  if (!WRITE_VERBS.has(a.verb)) return undefined;
  // In the order the handlers refuse: the project first, then the kind.
  const project = a.resource === 'namespaces' && a.group === '' ? a.name : a.namespace;
  if (project === PUBLIC_PROJECT) return readOnlyProject();
  return a.group === GROUP ? publishedKind(a.resource) : undefined;
}

const KINDS = new Map(Object.values(KIND_FACTS).map((f) => [f.plural, f.kind]));

function kindOf(a: ResourceAttributes): string {
  if (a.group === GROUP) return KINDS.get(a.resource) ?? a.resource;
  if (a.group === '' && a.resource === 'namespaces') return 'Namespace';
  return iamResource(a.group, a.resource)?.kind ?? a.resource;
}

/** The resource as a person reads it: `jobs`, `jobs/log`, `usage`, `rolebindings.rbac.authorization.k8s.io`, `projects`. */
function resourceWords(a: ResourceAttributes): string {
  if (a.group === '' && a.resource === 'namespaces') return a.name ? `project "${a.name}"` : 'projects';
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return a.group === GROUP || a.group === USAGE_GROUP || a.group === '' ? resource : `${resource}.${a.group}`;
}

function usersBound(bindings: BindingObject[], role: string): string[] {
  const names = bindings
    .filter((b) => b.roleRef.kind === 'ClusterRole' && b.roleRef.name === role)
    .flatMap((b) => (b.subjects ?? []).filter((s) => s.kind === 'User').map((s) => s.name));
  return [...new Set(names)].sort();
}

export function orgAdmins(state: MockState): string[] {
  return usersBound(state.store.values(CLUSTER_ROLE_BINDINGS.storeKey) as BindingObject[], ROLE_ORG_ADMIN);
}

export function projectAdmins(state: MockState, project: string): string[] {
  return usersBound(state.store.list(ROLE_BINDINGS.storeKey, project) as BindingObject[], ROLE_ADMIN);
}

/** The least built-in project role that would allow the request, if one would. */
function roleFor(a: ResourceAttributes): string | undefined {
  return PROJECT_ROLES.find((name) => rulesAllow(builtInRole(name)?.rules ?? [], a));
}

/** Who could allow a request that was refused, and how: what the 403's fix and a review's reason both say. */
export interface Remedy {
  /** The project the right would be granted in; '' for what is in no project. */
  project: string;
  /** The least built-in project role that allows it; undefined when only an org admin may. */
  role?: string;
  /** The project's admins, who may grant its roles; the org admins may too. */
  admins: string[];
  orgAdmins: string[];
}

export function projectOf(a: ResourceAttributes): string {
  return a.resource === 'namespaces' && a.group === '' ? a.name : a.namespace;
}

export function remedyFor(state: MockState, a: ResourceAttributes): Remedy {
  const project = projectOf(a);
  return {
    project,
    role: project ? roleFor({ ...a, namespace: project }) : undefined,
    admins: project ? projectAdmins(state, project) : [],
    orgAdmins: orgAdmins(state),
  };
}

function whoGrants(r: Remedy, project: boolean): string {
  if (project && r.admins.length) return `an admin of project "${r.project}" (${r.admins.join(', ')})`;
  return r.orgAdmins.length ? `an org admin (${r.orgAdmins.join(', ')})` : 'an org admin';
}

export function forbidden(state: MockState, username: string, a: Attributes): ApiFailure {
  if (a.kind === 'nonResource') {
    const org = orgAdmins(state);
    return new ApiFailure('Forbidden', `user "${username}" cannot ${a.verb} ${a.path}`, {
      details: { name: a.path },
      fix: `Only org admins may (${org.length ? org.join(', ') : 'ask one'}): ${a.path} is not part of a project.`,
    });
  }
  const hard = nobodyMay(a);
  if (hard) return hard;
  const where = a.namespace && a.resource !== 'namespaces' ? ` in project "${a.namespace}"` : '';
  const message = `user "${username}" cannot ${a.verb} ${resourceWords(a)}${where}`;
  const details = { group: a.group, kind: kindOf(a), ...(a.name ? { name: a.name } : {}) };
  const r = remedyFor(state, a);
  const { project, role } = r;
  // No project role allows it (deleting a project, users, org admins): only an org admin may, whoever asks.
  const fix = role
    ? `Ask ${whoGrants(r, true)} for the ${role} role in project "${project}": kubectl create rolebinding ${username}-${role.split(':')[1]} --clusterrole=${role} --user=${username} -n ${project}`
    : `Ask ${whoGrants(r, false)}: only org admins may ${a.verb} ${resourceWords(a)}.`;
  return new ApiFailure('Forbidden', message, { details, fix });
}
