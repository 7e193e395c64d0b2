/**
 * A team made through the API, as an org admin would make one: a project, a user per built-in role with a key of
 * their own (its secret taken from the create's answer) and a RoleBinding each, and a user with no binding at all.
 * The org admin is the demo key's user.
 */
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import type { Api } from './harness.ts';

export const ROLES = ['viewer', 'developer', 'billing', 'admin', 'org-admin', 'none'] as const;
export type Role = (typeof ROLES)[number];

export interface Member {
  role: Role;
  user: string;
  key: string;
}

export const USERS = '/apis/iam.nodus.dev/v1/users';
export const KEYS = '/apis/iam.nodus.dev/v1/apikeys';
export const rbac = (project: string, plural: string) =>
  `/apis/rbac.authorization.k8s.io/v1/namespaces/${project}/${plural}`;

export function binding(name: string, role: string, user: string): Record<string, unknown> {
  return {
    metadata: { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
    subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: user }],
  };
}

async function ok<T>(what: string, res: Promise<{ status: number; body: T; text: string }>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/** Makes a user and a key for them; the key's secret as the create answered it. */
export async function makeUser(api: Api, user: string): Promise<string> {
  await ok(`user ${user}`, api.post(USERS, { metadata: { name: user }, spec: { displayName: user } }));
  const key = await ok(
    `key of ${user}`,
    api.post<{ status: { secret: string } }>(KEYS, { metadata: { generateName: `${user}-` }, spec: { user } }),
  );
  return key.status.secret;
}

export async function makeTeam(api: Api, project: string, prefix: string): Promise<Record<Role, Member>> {
  await ok(`project ${project}`, api.post('/api/v1/namespaces', { metadata: { name: project } }));
  const team = {} as Record<Role, Member>;
  for (const role of ROLES) {
    if (role === 'org-admin') {
      team[role] = { role, user: 'demo-user', key: DEMO_API_KEY };
      continue;
    }
    const user = `${prefix}-${role}`;
    const key = await makeUser(api, user);
    if (role !== 'none')
      await ok(`binding of ${user}`, api.post(rbac(project, 'rolebindings'), binding(user, `nodus:${role}`, user)));
    team[role] = { role, user, key };
  }
  return team;
}
