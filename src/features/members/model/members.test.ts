import { describe, expect, it } from 'vitest';
import {
  LABEL_BUILT_IN,
  ROLE_ADMIN,
  ROLE_DEVELOPER,
  ROLE_VIEWER,
  type BindingObject,
  type User,
} from '@/shared/iam.ts';
import { bindingName, grantBinding, membersOf, removal, removalWarnings, roleLabel } from './members.ts';

const user = (name: string, displayName?: string): User => ({
  apiVersion: 'iam.nodus.dev/v1',
  kind: 'User',
  metadata: { name },
  spec: displayName ? { displayName, email: `${name}@x.example` } : {},
});

function binding(name: string, role: string, subjects: BindingObject['subjects'], labels?: Record<string, string>) {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name, creationTimestamp: '2026-12-01T00:00:00Z', ...(labels ? { labels } : {}) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
    subjects,
  } satisfies BindingObject;
}

const U = (name: string) => ({ kind: 'User' as const, name });
const users = new Map([
  ['ana', user('ana', 'Ana Costa')],
  ['kim', user('kim', 'Kim Park')],
]);

describe('membersOf', () => {
  it('gathers each subject’s roles across bindings, people by shown name first, groups last, least role first', () => {
    const members = membersOf(
      [
        binding('kim-admin', ROLE_ADMIN, [U('kim')]),
        binding('readers', ROLE_VIEWER, [{ kind: 'Group', name: 'system:authenticated' }], {
          [LABEL_BUILT_IN]: 'true',
        }),
        binding('team', ROLE_DEVELOPER, [U('kim'), U('zed'), U('ana')]),
        binding('kim-viewer', ROLE_VIEWER, [U('kim')]),
      ],
      users,
    );
    expect(members.map((m) => [m.kind, m.name, m.displayName, m.grants.map((g) => roleLabel(g.role))])).toEqual([
      ['User', 'ana', 'Ana Costa', ['developer']],
      ['User', 'kim', 'Kim Park', ['viewer', 'developer', 'admin']],
      ['User', 'zed', undefined, ['developer']],
      ['Group', 'system:authenticated', undefined, ['viewer']],
    ]);
    expect(members[3]?.grants[0]).toMatchObject({ builtIn: true, binding: 'readers' });
    expect(members[1]?.grants[1]).toMatchObject({ builtIn: false, binding: 'team' });
  });
});

describe('grants and removals', () => {
  it('names a grant’s binding after the person and the role, as the API accepts names', () => {
    expect(grantBinding('kim', ROLE_DEVELOPER)).toMatchObject({
      metadata: { name: 'kim-developer' },
      roleRef: { kind: 'ClusterRole', name: ROLE_DEVELOPER },
      subjects: [{ kind: 'User', name: 'kim' }],
    });
    expect(bindingName('Ana.Costa@corp', 'team:lead')).toBe('ana.costa-corp-team-lead');
  });

  it('deletes a binding of one subject, and takes only that subject out of a shared one', () => {
    expect(removal(binding('kim-viewer', ROLE_VIEWER, [U('kim')]), U('kim'))).toEqual({ delete: true });
    const shared = removal(binding('team', ROLE_DEVELOPER, [U('kim'), U('ana')]), U('kim'));
    expect(shared).toMatchObject({ delete: false, body: { subjects: [U('ana')] } });
  });

  it('warns before the last admin goes, and before people remove their own role', () => {
    const members = membersOf(
      [binding('ana-admin', ROLE_ADMIN, [U('ana')]), binding('kim-viewer', ROLE_VIEWER, [U('kim')])],
      users,
    );
    expect(removalWarnings(members, U('kim'), { role: ROLE_VIEWER }, 'ana', 'nlp')).toEqual([]);
    expect(removalWarnings(members, U('ana'), { role: ROLE_ADMIN }, 'root', 'nlp')).toEqual([
      'nlp will have no admin left: only an org admin could then add or remove its members.',
    ]);
    expect(removalWarnings(members, U('ana'), { role: ROLE_ADMIN }, 'ana', 'nlp')).toHaveLength(2);
    expect(removalWarnings(members, U('kim'), { role: ROLE_VIEWER }, 'kim', 'nlp')[0]).toMatch(/your own role/);
    const two = membersOf(
      [binding('ana-admin', ROLE_ADMIN, [U('ana')]), binding('kim-admin', ROLE_ADMIN, [U('kim')])],
      users,
    );
    expect(removalWarnings(two, U('ana'), { role: ROLE_ADMIN }, 'root', 'nlp')).toEqual([]);
  });
});
