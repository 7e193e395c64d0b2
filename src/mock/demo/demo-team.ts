/**
 * The demo org's people, with the roles that show what each built-in role does: a project admin, developers, a
 * viewer, a billing person across all projects, a CI bot, and a contractor kept out of nlp (the project of the
 * large training runs) and platform. Their keys are fixed (`nodus-demo-<user>`), like the demo key, so that the
 * demo, the tests and anyone trying the API can act as each of them; the mock prints them when it starts.
 */
import {
  RBAC_GROUP,
  ROLE_ADMIN,
  ROLE_BILLING,
  ROLE_DEVELOPER,
  ROLE_ORG_ADMIN,
  ROLE_VIEWER,
  type BindingObject,
} from '@/shared/iam.ts';
import { ensureKey, ensureUser } from '../iam/bootstrap.ts';
import { CLUSTER_ROLE_BINDINGS, ROLE_BINDINGS } from '../iam/resources.ts';
import { createIam } from '../iam/writes.ts';
import type { MockState } from '../state.ts';

export const DEMO_KEY_PREFIX = 'nodus-demo-';

export interface DemoMember {
  user: string;
  displayName: string;
  /** Project → the built-in ClusterRole the user has there. */
  roles: Record<string, string>;
}

export const DEMO_TEAM: readonly DemoMember[] = [
  { user: 'ana', displayName: 'Ana Costa', roles: { nlp: ROLE_ADMIN, default: ROLE_DEVELOPER } },
  { user: 'raj', displayName: 'Raj Mehta', roles: { nlp: ROLE_DEVELOPER } },
  { user: 'kim', displayName: 'Kim Park', roles: { vision: ROLE_DEVELOPER, nlp: ROLE_VIEWER } },
  { user: 'lee', displayName: 'Lee Nguyen', roles: { vision: ROLE_VIEWER, default: ROLE_VIEWER } },
  {
    user: 'mia',
    displayName: 'Mia Schulz (finance)',
    roles: { default: ROLE_BILLING, nlp: ROLE_BILLING, vision: ROLE_BILLING, platform: ROLE_BILLING },
  },
  { user: 'ci-bot', displayName: 'CI bot', roles: { platform: ROLE_DEVELOPER, default: ROLE_DEVELOPER } },
  { user: 'sam', displayName: 'Sam Reyes (contractor)', roles: { vision: ROLE_DEVELOPER } },
];

export function demoKeyOf(user: string): string {
  return `${DEMO_KEY_PREFIX}${user}`;
}

/** The users, their keys and their RoleBindings (`<user>-<role>`), made as API creates would make them. */
export function loadDemoTeam(state: MockState): void {
  for (const member of DEMO_TEAM) {
    ensureUser(state, member.user, { displayName: member.displayName, email: `${member.user}@nodus.example` });
    ensureKey(state, `${member.user}-demo`, member.user, demoKeyOf(member.user), 'The demo key (public).');
    for (const [project, role] of Object.entries(member.roles)) {
      const name = `${member.user}-${role.split(':')[1]}`;
      if (state.store.get(ROLE_BINDINGS.storeKey, project, name)) continue;
      createIam(state, {
        resource: ROLE_BINDINGS,
        namespace: project,
        body: {
          metadata: { name },
          roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: role },
          subjects: [{ kind: 'User', apiGroup: RBAC_GROUP, name: member.user }],
        },
        dryRun: false,
        mode: 'Strict',
        username: state.config.principal,
      });
    }
  }
}

/** Each user's roles as the bindings say now (a kept data directory may have changed them): "developer in vision". */
export function rolesOf(state: MockState, user: string): string {
  const mine = (b: BindingObject) => (b.subjects ?? []).some((s) => s.kind === 'User' && s.name === user);
  const short = (role: string) => role.replace(/^nodus:/, '');
  const org = (state.store.values(CLUSTER_ROLE_BINDINGS.storeKey) as BindingObject[])
    .filter((b) => mine(b) && b.roleRef.name === ROLE_ORG_ADMIN)
    .map(() => 'org admin');
  const projects = (state.store.list(ROLE_BINDINGS.storeKey) as BindingObject[])
    .filter(mine)
    .map((b) => `${short(b.roleRef.name)} in ${b.metadata.namespace}`);
  return [...new Set([...org, ...projects])].join(', ') || 'no roles';
}
