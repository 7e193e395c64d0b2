/**
 * A rules review agrees with the access reviews, for every built-in role: the console asks one
 * SelfSubjectRulesReview per project and offers what its rules allow (matched as src/data/access/rules.ts matches
 * them, as RBAC does) without asking more, so a rule that shows an action as allowed must mean the access review
 * (and the request) allows it, and an action the access review allows must show as allowed by the rules. The
 * matrix is every verb on every kind of the project and each subresource the console asks about.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND_FACTS } from '@/shared/kinds.ts';
import { parseRules, rulesVerdict } from '@/data/access/rules.ts';
import type { AccessAttributes, AccessVerb } from '@/data/access/attributes.ts';
import { status, withMockApi } from './harness.ts';
import { makeTeam, makeUser, rbac, ROLES, type Member, type Role } from './teams-fixture.ts';

const api = withMockApi({ controller: false, demoData: false }, { fresh: false });
const P = 'rules';
const ACCESS = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const RULES = '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews';
const VERBS: AccessVerb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** (group, resource, subresource) of the project: every kind's own, with what the console asks of it. */
function matrix(): { group: string; resource: string; subresource?: string }[] {
  const out: { group: string; resource: string; subresource?: string }[] = [];
  for (const f of Object.values(KIND_FACTS)) {
    // Published kinds are written by nobody anywhere, a limit of no role's: see docs/API.md, Reviews.
    if (f.published) continue;
    const subs = ['status', ...(f.logs ? ['log'] : []), ...(f.files ? ['files'] : [])];
    subs.push(...(f.exec ? ['exec'] : []), ...(f.invoke ? ['invoke'] : []));
    out.push({ group: 'nodus.dev', resource: f.plural });
    for (const subresource of subs) out.push({ group: 'nodus.dev', resource: f.plural, subresource });
  }
  out.push({ group: '', resource: 'events' }, { group: 'rbac.authorization.k8s.io', resource: 'rolebindings' });
  return out;
}

let team: Record<Role, Member>;

beforeAll(async () => {
  team = await makeTeam(api, P, 'rr');
}, 60_000);

describe('a rules review agrees with the access reviews', () => {
  it.each(ROLES)('for %s', async (role) => {
    const auth = team[role].key;
    const rules = parseRules(
      (await api.post<{ status: unknown }>(RULES, { spec: { namespace: P } }, { auth })).body.status,
    );
    const asks: AccessAttributes[] = matrix().flatMap((m) => VERBS.map((verb) => ({ ...m, verb, namespace: P })));
    const disagree: string[] = [];
    await Promise.all(
      asks.map(async (a) => {
        const resourceAttributes = { ...a, subresource: a.subresource ?? '' };
        const res = await api.post<{ status: { allowed: boolean } }>(
          ACCESS,
          { spec: { resourceAttributes } },
          { auth },
        );
        const byRules = rulesVerdict(rules, a).allowed;
        if (byRules !== res.body.status.allowed)
          disagree.push(`${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''}: rules ${byRules}`);
      }),
    );
    expect(disagree.sort()).toEqual([]);
    // Not vacuous: each role but "none" is allowed something here, and only the admins everything.
    const allowed = asks.filter((a) => rulesVerdict(rules, a).allowed).length;
    expect(allowed > 0).toBe(role !== 'none');
    expect(allowed === asks.length).toBe(role === 'admin' || role === 'org-admin');
  });
});

describe('files: adding a path is a create', () => {
  const VOLUME = `/apis/nodus.dev/v1/namespaces/${P}/volumes/shelf`;
  const file = (path: string) => `${VOLUME}/files/${path}`;
  const put = (path: string, auth: string, query = '') =>
    api.call('PUT', `${file(path)}${query}`, { raw: 'text', contentType: 'application/octet-stream', auth });

  it('needs create on <plural>/files to add a file or folder, and update to write over one', async () => {
    expect(
      (
        await api.post(`/apis/nodus.dev/v1/namespaces/${P}/volumes`, {
          metadata: { name: 'shelf' },
          spec: { sizeGiB: 1 },
        })
      ).status,
    ).toBe(201);
    expect((await put('kept.txt', team['org-admin'].key)).status).toBe(201);
    // A project's own Role that may write over files but not add them.
    const role = {
      metadata: { name: 'overwriter' },
      rules: [{ verbs: ['get', 'update'], apiGroups: ['nodus.dev'], resources: ['volumes/files'] }],
    };
    expect((await api.post(rbac(P, 'roles'), role)).status).toBe(201);
    const key = await makeUser(api, 'rr-overwriter');
    const bind = {
      metadata: { name: 'rr-overwriter' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'overwriter' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'rr-overwriter' }],
    };
    expect((await api.post(rbac(P, 'rolebindings'), bind)).status).toBe(201);
    expect((await put('kept.txt', key)).status).toBe(200);
    const added = await put('new.txt', key);
    expect(added.status).toBe(403);
    expect(status(added).message).toBe(`user "rr-overwriter" cannot create volumes/files in project "${P}"`);
    expect((await put('folder', key, '?type=directory')).status).toBe(403);
    expect((await api.get(file('new.txt'))).status).toBe(404);
    // A developer adds files, as the console offers them to.
    expect((await put('new.txt', team.developer.key)).status).toBe(201);
    expect((await put('folder', team.developer.key, '?type=directory')).status).toBe(201);
  });
});
