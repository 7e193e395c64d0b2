/**
 * A project's members as people read them, from its RoleBindings: who (a user, or a group such as everyone), which
 * roles, given when, and by which binding; and the binding a grant makes. Pure: the page and its dialogs share it.
 */
import {
  LABEL_BUILT_IN,
  PROJECT_ROLES,
  RBAC_API_VERSION,
  RBAC_GROUP,
  ROLE_ADMIN,
  type BindingObject,
  type Subject,
  type User,
} from '@/shared/iam.ts';

export interface Grant {
  /** The role's name as bound (`nodus:developer`, or a Role of the project's own). */
  role: string;
  roleKind: 'ClusterRole' | 'Role';
  /** The RoleBinding that gives it. */
  binding: string;
  /** Given by Nodus itself (everyone reads `nodus`): nobody changes it. */
  builtIn: boolean;
  since: string | undefined;
}

export interface Member {
  kind: Subject['kind'];
  name: string;
  displayName: string | undefined;
  email: string | undefined;
  grants: Grant[];
}

/** `nodus:developer` → `developer`; a role of the project's own keeps its name. */
export function roleLabel(role: string): string {
  return role.startsWith('nodus:') ? role.slice('nodus:'.length) : role;
}

const roleRank = (role: string) => {
  const i = (PROJECT_ROLES as readonly string[]).indexOf(role);
  return i < 0 ? PROJECT_ROLES.length : i;
};

/** Subjects a binding names that this page knows how to show (service accounts are not Nodus's). */
function subjectsOf(binding: BindingObject): Subject[] {
  return (binding.subjects ?? []).filter((s) => s.kind === 'User' || s.kind === 'Group');
}

/** Everyone with a role in the project, people first (by name as shown), then groups; roles most powerful last. */
export function membersOf(bindings: readonly BindingObject[], users: ReadonlyMap<string, User>): Member[] {
  const byKey = new Map<string, Member>();
  for (const binding of bindings) {
    for (const subject of subjectsOf(binding)) {
      const key = `${subject.kind}/${subject.name}`;
      let member = byKey.get(key);
      if (!member) {
        const user = subject.kind === 'User' ? users.get(subject.name) : undefined;
        member = {
          kind: subject.kind,
          name: subject.name,
          displayName: user?.spec?.displayName || undefined,
          email: user?.spec?.email || undefined,
          grants: [],
        };
        byKey.set(key, member);
      }
      member.grants.push({
        role: binding.roleRef.name,
        roleKind: binding.roleRef.kind,
        binding: binding.metadata.name ?? '',
        builtIn: binding.metadata.labels?.[LABEL_BUILT_IN] === 'true',
        since: binding.metadata.creationTimestamp,
      });
    }
  }
  const members = [...byKey.values()];
  for (const m of members) m.grants.sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.role.localeCompare(b.role));
  const shown = (m: Member) => (m.displayName ?? m.name).toLocaleLowerCase();
  return members.sort((a, b) =>
    a.kind !== b.kind ? (a.kind === 'User' ? -1 : 1) : shown(a).localeCompare(shown(b)) || a.name.localeCompare(b.name),
  );
}

/** The people who manage the project's members (its admins), by user name. */
export function adminsOf(members: readonly Member[]): string[] {
  return members.filter((m) => m.kind === 'User' && m.grants.some((g) => g.role === ROLE_ADMIN)).map((m) => m.name);
}

/**
 * The RoleBinding that gives `user` the built-in `role` in a project: one binding per person and role, named
 * `<user>-<role>` as `kubectl create rolebinding` users name them, so a second grant of the same is AlreadyExists.
 */
export function grantBinding(user: string, role: string): BindingObject {
  return {
    apiVersion: RBAC_API_VERSION,
    kind: 'RoleBinding',
    metadata: { name: bindingName(user, role) },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: role },
    subjects: [{ kind: 'User', apiGroup: RBAC_GROUP, name: user }],
  };
}

/** A name the API accepts (lowercase, `-`, at most 253 characters) for the binding of a user's role. */
export function bindingName(user: string, role: string): string {
  return `${user}-${roleLabel(role)}`
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, 253);
}

/**
 * How a removal is made: a binding that names only this subject goes; one that names others too loses only this
 * subject (an update, sent with the binding's resourceVersion so that a concurrent change is not overwritten).
 */
export function removal(
  binding: BindingObject,
  subject: Pick<Subject, 'kind' | 'name'>,
): { delete: true } | { delete: false; body: BindingObject } {
  const rest = (binding.subjects ?? []).filter((s) => !(s.kind === subject.kind && s.name === subject.name));
  return rest.length === 0 ? { delete: true } : { delete: false, body: { ...binding, subjects: rest } };
}

/** What a person should know before removing a grant, in words; none when nothing is at stake. */
export function removalWarnings(
  members: readonly Member[],
  target: Pick<Member, 'kind' | 'name'>,
  grant: Pick<Grant, 'role'>,
  me: string | undefined,
  project: string,
): string[] {
  if (grant.role !== ROLE_ADMIN) return target.kind === 'User' && target.name === me ? [selfWarning(project)] : [];
  const warnings: string[] = [];
  const others = adminsOf(members).filter((name) => !(target.kind === 'User' && name === target.name));
  if (others.length === 0)
    warnings.push(`${project} will have no admin left: only an org admin could then add or remove its members.`);
  if (target.kind === 'User' && target.name === me)
    warnings.push(`This is your own admin role: you will no longer manage the members of ${project}.`);
  return warnings;
}

function selfWarning(project: string): string {
  return `This is your own role: what you may do in ${project} changes as soon as it is removed.`;
}
