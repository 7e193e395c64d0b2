/**
 * Roles and bindings: a project admin manages the project's members and Roles but may grant only what they hold
 * (RBAC's escalation guard), a binding's role is fixed once made, the built-in roles and bindings cannot be changed,
 * a 403 names who can grant the right, and a deleted project takes its bindings with it.
 */
import { describe, expect, it } from 'vitest';
import { status, withMockApi } from './harness.ts';
import { binding, makeUser, rbac } from './teams-fixture.ts';

const api = withMockApi({ controller: false });
const ANA = 'nodus-demo-ana';
const RB = (project: string) => rbac(project, 'rolebindings');
const CRB = '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings';

describe('a project admin', () => {
  it('adds and removes members with the roles they hold', async () => {
    await makeUser(api, 'dana');
    for (const role of ['viewer', 'developer', 'billing', 'admin']) {
      const made = await api.post(RB('nlp'), binding(`dana-${role}`, `nodus:${role}`, 'dana'), { auth: ANA });
      expect(made.status, role).toBe(201);
    }
    expect((await api.del(`${RB('nlp')}/dana-viewer`, { auth: ANA })).status).toBe(200);
  });

  it('may not bind nodus:org-admin, nor act outside the project', async () => {
    const org = await api.post(RB('nlp'), binding('ana-org', 'nodus:org-admin', 'ana'), { auth: ANA });
    expect(org.status).toBe(403);
    expect(status(org).message).toMatch(
      /^user "ana" cannot bind ClusterRole "nodus:org-admin" in project "nlp": it grants ".*", which ana does not hold there$/,
    );
    expect(status(org).fix).toContain('demo-user');
    const elsewhere = await api.post(RB('vision'), binding('ana-dev', 'nodus:developer', 'ana'), { auth: ANA });
    expect(status(elsewhere).message).toBe(
      'user "ana" cannot create rolebindings.rbac.authorization.k8s.io in project "vision"',
    );
    const cluster = await api.post(CRB, binding('ana-everywhere', 'nodus:viewer', 'ana'), { auth: ANA });
    expect(status(cluster).message).toBe('user "ana" cannot create clusterrolebindings.rbac.authorization.k8s.io');
  });

  it('writes Roles of rules they hold, and binds them', async () => {
    const role = {
      metadata: { name: 'log-reader' },
      rules: [{ verbs: ['get'], apiGroups: ['nodus.dev'], resources: ['jobs/log'] }],
    };
    expect((await api.post(rbac('nlp', 'roles'), role, { auth: ANA })).status).toBe(201);
    const key = await makeUser(api, 'eli');
    const bound = {
      ...binding('eli-logs', 'log-reader', 'eli'),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'log-reader' },
    };
    expect((await api.post(RB('nlp'), bound, { auth: ANA })).status).toBe(201);
    const log = await api.get('/apis/nodus.dev/v1/namespaces/nlp/jobs/finetune-llama/log', { auth: key });
    expect(log.status).not.toBe(403);
    expect((await api.get('/apis/nodus.dev/v1/namespaces/nlp/jobs/finetune-llama', { auth: key })).status).toBe(403);
    const greedy = {
      metadata: { name: 'users' },
      rules: [{ verbs: ['delete'], apiGroups: ['iam.nodus.dev'], resources: ['users'] }],
    };
    const refused = await api.post(rbac('nlp', 'roles'), greedy, { auth: ANA });
    expect(status(refused).message).toContain(
      'cannot write Role "users" in project "nlp": it grants "delete users.iam.nodus.dev"',
    );
  });

  it('cannot change the role of a binding, which is made again instead', async () => {
    const changed = await api.patch(`${RB('nlp')}/raj-developer`, { roleRef: { name: 'nodus:viewer' } }, { auth: ANA });
    expect(changed.status).toBe(422);
    expect(status(changed).details?.causes?.[0]).toMatchObject({ field: 'roleRef', reason: 'FieldValueImmutable' });
  });

  it('is refused to a developer, who is told who the admins are', async () => {
    const res = await api.post(RB('nlp'), binding('x', 'nodus:viewer', 'kim'), { auth: 'nodus-demo-raj' });
    expect(res.status).toBe(403);
    expect(status(res)).toMatchObject({
      message: 'user "raj" cannot create rolebindings.rbac.authorization.k8s.io in project "nlp"',
      details: { group: 'rbac.authorization.k8s.io', kind: 'RoleBinding' },
      fix: expect.stringContaining('an admin of project "nlp" (ana)'),
    });
  });
});

describe('the 403', () => {
  it('names the verb, kind and project, and the role and admins that would allow it', async () => {
    const res = await api.post(
      '/apis/nodus.dev/v1/namespaces/nlp/jobs',
      { metadata: { name: 'x' } },
      { auth: 'nodus-demo-kim' },
    );
    expect(res.status).toBe(403);
    expect(status(res)).toMatchObject({
      reason: 'Forbidden',
      message: 'user "kim" cannot create jobs in project "nlp"',
      details: { group: 'nodus.dev', kind: 'Job' },
      fix: 'Ask an admin of project "nlp" (ana) for the nodus:developer role in project "nlp": kubectl create rolebinding kim-developer --clusterrole=nodus:developer --user=kim -n nlp',
    });
    const noAdmins = await api.get('/apis/nodus.dev/v1/namespaces/platform/budgets', { auth: 'nodus-demo-sam' });
    expect(status(noAdmins).fix).toMatch(
      /^Ask an org admin \(demo-user\) for the nodus:viewer role in project "platform"/,
    );
  });
});

describe('the built-in roles and bindings', () => {
  it('are read by everyone and changed by no one', async () => {
    const roles = await api.get<{ items: { metadata: { name: string } }[] }>(
      '/apis/rbac.authorization.k8s.io/v1/clusterroles',
      { auth: 'nodus-demo-lee' },
    );
    expect(roles.body.items.map((r) => r.metadata.name)).toEqual([
      'nodus:admin',
      'nodus:billing',
      'nodus:developer',
      'nodus:member',
      'nodus:org-admin',
      'nodus:viewer',
    ]);
    const del = await api.del('/apis/rbac.authorization.k8s.io/v1/clusterroles/nodus:viewer');
    expect(del.status).toBe(405);
    const members = await api.patch(`${CRB}/nodus:members`, { metadata: { labels: { a: 'b' } } });
    expect(members.status).toBe(403);
    expect(status(members).message).toBe('ClusterRoleBinding "nodus:members" is built in and cannot be changed');
  });

  it('let an org admin make another org admin', async () => {
    const key = await makeUser(api, 'fay');
    expect((await api.post(CRB, binding('fay-org', 'nodus:org-admin', 'fay'))).status).toBe(201);
    expect((await api.post('/_mock/compact', {}, { auth: key })).status).toBe(200);
  });
});

describe('a deleted project', () => {
  it('takes its bindings with it', async () => {
    const key = await makeUser(api, 'gil');
    await api.post('/api/v1/namespaces', { metadata: { name: 'brief' } });
    await api.post(RB('brief'), binding('gil', 'nodus:viewer', 'gil'));
    expect((await api.get('/apis/nodus.dev/v1/namespaces/brief/jobs', { auth: key })).status).toBe(200);
    await api.del('/api/v1/namespaces/brief');
    await expect.poll(async () => (await api.get('/api/v1/namespaces/brief')).status).toBe(404);
    await api.post('/api/v1/namespaces', { metadata: { name: 'brief' } });
    await expect.poll(async () => (await api.get(RB('brief'))).body).toMatchObject({ items: [] });
    expect((await api.get('/apis/nodus.dev/v1/namespaces/brief/jobs', { auth: key })).status).toBe(403);
  });
});
