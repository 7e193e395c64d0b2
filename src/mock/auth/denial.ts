/**
 * Why a request would be refused, as one clause a person reads under a disabled button (a SelfSubjectAccessReview's
 * `status.reason`; the console raises its first letter and ends it with a full stop): what the user is in the
 * project, what the action needs, and who can grant it, from the same remedy as the 403's fix:
 * `kim is a viewer in nlp; deleting jobs needs the developer role, which ana (an admin of nlp) or an org admin can
 * grant`.
 */
import { VERB_RAISE_CAP, type BindingObject } from '@/shared/iam.ts';
import { GROUP } from '@/shared/protocol.ts';
import { ROLE_BINDINGS } from '../iam/resources.ts';
import type { Attributes, ResourceAttributes } from '../http/request-info.ts';
import type { MockState } from '../state.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';
import { orgAdmins, remedyFor, type Remedy } from './forbidden.ts';
import { bound, type Rights } from './rights.ts';

/** The built-in roles as people are called by them. */
const MEMBER: Record<string, string> = {
  'nodus:viewer': 'a viewer',
  'nodus:developer': 'a developer',
  'nodus:billing': 'a billing person',
  'nodus:admin': 'an admin',
};

const MEMBER_WORDS = new Set(Object.values(MEMBER));

function shortRole(role: string): string {
  return role.replace(/^nodus:/, '');
}

/** What the user is in the project, by its bindings: "is a viewer", "holds Role "log-reader"", "has no role". */
function standing(state: MockState, rights: Rights, project: string): string {
  const { username, groups } = rights.principal;
  const roles = (state.store.list(ROLE_BINDINGS.storeKey, project) as BindingObject[])
    .filter((b) => bound(b, username, groups))
    .map((b) => MEMBER[b.roleRef.name] ?? `${b.roleRef.kind} "${b.roleRef.name}"`);
  const unique = [...new Set(roles)];
  if (unique.length === 0) return `${username} has no role in ${project}`;
  const [members, held] = [unique.filter((r) => MEMBER_WORDS.has(r)), unique.filter((r) => !MEMBER_WORDS.has(r))];
  const parts = [
    ...(members.length ? [`is ${members.join(' and ')}`] : []),
    ...(held.length ? [`holds ${held.join(' and ')}`] : []),
  ];
  return `${username} ${parts.join(' and ')} in ${project}`;
}

function resourceName(a: ResourceAttributes): string {
  if (a.group === '' && a.resource === 'namespaces') return a.name ? `project ${a.name}` : 'projects';
  return a.group === GROUP || a.group === USAGE_GROUP || a.group === '' ? a.resource : `${a.resource}.${a.group}`;
}

/** The action as a gerund: "deleting jobs", "opening a shell in sandboxes", "raising the cost cap of jobs". */
export function doing(a: ResourceAttributes): string {
  const what = resourceName(a);
  const { verb } = a;
  const reads = verb === 'get' || verb === 'list' || verb === 'watch';
  const writes = verb === 'update' || verb === 'patch';
  switch (a.subresource) {
    case '':
      break;
    case 'log':
      return reads ? `reading the logs of ${what}` : `${verb} on the logs of ${what}`;
    case 'exec':
      return `opening a shell in ${what}`;
    case 'invoke':
      return `invoking ${what}`;
    case 'files':
      if (reads) return `reading the files of ${what}`;
      if (verb === 'create') return `adding files to ${what}`;
      if (writes) return `writing files in ${what}`;
      return verb === 'delete' ? `deleting files in ${what}` : `${verb} on the files of ${what}`;
    case 'status':
      return reads ? `reading the status of ${what}` : `changing the status of ${what}`;
    default:
      return `${verb} on ${what}/${a.subresource}`;
  }
  if (reads) return `reading ${what}`;
  if (verb === 'create') return `creating ${what}`;
  if (writes) return `changing ${what}`;
  if (verb === 'delete' || verb === 'deletecollection') return `deleting ${what}`;
  if (verb === VERB_RAISE_CAP) return `raising the cost cap of ${what}`;
  return verb === '*' ? `everything on ${what}` : `${verb} on ${what}`;
}

function names(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}

function orgAdminsNamed(org: string[]): string {
  return org.length ? `an org admin (${org.join(', ')})` : 'an org admin';
}

function forOrgAdmins(action: string, org: string[]): string {
  return `${action} is for org admins only${org.length ? ` (${org.join(', ')})` : ''}`;
}

/** Who may grant the role: the project's admins by name, and the org admins. */
function granters(r: Remedy): string {
  if (!r.admins.length) return orgAdminsNamed(r.orgAdmins);
  const of = r.admins.length === 1 ? `an admin of ${r.project}` : `admins of ${r.project}`;
  return `${names(r.admins)} (${of}) or an org admin`;
}

/** What the request needs and who can grant it: "deleting jobs needs the developer role, which ... can grant". */
function needs(r: Remedy, action: string): string {
  if (!r.role) return forOrgAdmins(action, r.orgAdmins);
  return `${action} needs the ${shortRole(r.role)} role, which ${granters(r)} can grant`;
}

/**
 * The reason a review gives for a request of `rights`' user that would be refused for want of a role. `raiseOnly`:
 * the user may raise the cost cap of the object (an update or patch of a capped kind) but not change the rest.
 */
export function denialReason(state: MockState, rights: Rights, a: Attributes, raiseOnly = false): string {
  if (a.kind === 'nonResource') {
    return forOrgAdmins(`${a.verb} ${a.path}`, orgAdmins(state));
  }
  const r = remedyFor(state, a);
  const action = doing(a);
  if (!r.project) return `${rights.principal.username} is not an org admin; ${needs(r, action)}`;
  const who = standing(state, rights, r.project);
  if (raiseOnly) {
    const may = `${who}, which allows raising the cost cap of ${resourceName(a)} (${VERB_RAISE_CAP}) and nothing else`;
    return `${may}; ${needs(r, 'changing anything else')}`;
  }
  return `${who}; ${needs(r, action)}`;
}
