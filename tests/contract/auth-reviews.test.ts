/**
 * The reviews behind `kubectl auth can-i` and `kubectl auth whoami`, per key, and their groups in discovery. They
 * answer from the authorizer every request goes through.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { status, withMockApi } from './harness.ts';

const api = withMockApi({}, { fresh: false });
const ACCESS = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const RULES = '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews';
const WHOAMI = '/apis/authentication.k8s.io/v1/selfsubjectreviews';

interface Review {
  kind: string;
  apiVersion: string;
  status: {
    allowed?: boolean;
    reason?: string;
    userInfo?: { username: string; groups: string[] };
    resourceRules?: { verbs: string[]; apiGroups: string[]; resources: string[] }[];
  };
}

const can = (attributes: Record<string, string>, auth?: string) =>
  api.post<Review>(ACCESS, { kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: attributes } }, { auth });
const demo = (user: string) => `nodus-demo-${user}`;

function field(number: number, value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([Buffer.from([(number << 3) | 2, bytes.length]), bytes]);
}

describe('SelfSubjectAccessReview', () => {
  it('allows creating jobs in default', async () => {
    const res = await can({ namespace: 'default', verb: 'create', group: 'nodus.dev', resource: 'jobs' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1' });
    expect(res.body.status).toEqual({
      allowed: true,
      reason: 'allowed by ClusterRoleBinding "org-admins" of ClusterRole nodus:org-admin',
    });
  });

  it('refuses writes in nodus, with the reason', async () => {
    for (const verb of ['create', 'update', 'patch', 'delete']) {
      const res = await can({ namespace: 'nodus', verb, group: 'nodus.dev', resource: 'jobs' });
      expect(res.body.status, verb).toEqual({
        allowed: false,
        reason: 'project "nodus" is read-only: it holds what Nodus publishes',
      });
    }
  });

  it('allows reads in nodus', async () => {
    const res = await can({ namespace: 'nodus', verb: 'list', group: 'nodus.dev', resource: 'images' });
    expect(res.body.status.allowed).toBe(true);
  });

  it("answers for the key's user, naming the binding that allows and the admins who could grant", async () => {
    const allowed = await can(
      { namespace: 'vision', verb: 'create', group: 'nodus.dev', resource: 'jobs' },
      demo('kim'),
    );
    expect(allowed.body.status).toEqual({
      allowed: true,
      reason: 'allowed by RoleBinding "kim-developer" of ClusterRole nodus:developer in project "vision"',
    });
    const refused = await can({ namespace: 'nlp', verb: 'create', group: 'nodus.dev', resource: 'jobs' }, demo('kim'));
    expect(refused.body.status).toEqual({
      allowed: false,
      reason:
        'kim is a viewer in nlp; creating jobs needs the developer role, which ana (an admin of nlp) or an org admin can grant',
    });
  });

  it('says why not as a person reads it: the role that would allow it, and who can grant it', async () => {
    const reason = async (user: string, attributes: Record<string, string>) =>
      (await can({ group: 'nodus.dev', ...attributes }, demo(user))).body.status.reason;
    expect(await reason('sam', { namespace: 'nlp', verb: 'list', resource: 'jobs' })).toBe(
      'sam has no role in nlp; reading jobs needs the viewer role, which ana (an admin of nlp) or an org admin can grant',
    );
    expect(
      await reason('lee', { namespace: 'vision', verb: 'create', resource: 'sandboxes', subresource: 'exec' }),
    ).toBe(
      'lee is a viewer in vision; opening a shell in sandboxes needs the developer role, which an org admin (demo-user) can grant',
    );
    expect(await reason('kim', { namespace: 'vision', verb: 'raisecap', resource: 'jobs' })).toBe(
      'kim is a developer in vision; raising the cost cap of jobs needs the billing role, which an org admin (demo-user) can grant',
    );
    expect(await reason('ana', { namespace: '', group: '', verb: 'delete', resource: 'namespaces', name: 'nlp' })).toBe(
      'ana is an admin in nlp; deleting project nlp is for org admins only (demo-user)',
    );
    expect(await reason('kim', { group: 'iam.nodus.dev', verb: 'create', resource: 'users' })).toBe(
      'kim is not an org admin; creating users.iam.nodus.dev is for org admins only (demo-user)',
    );
  });

  it("names the same role and admins as the 403's fix of the request it stands for", async () => {
    const refused = await api.del('/apis/nodus.dev/v1/namespaces/nlp/jobs/nothing-here', { auth: demo('kim') });
    expect(refused.status).toBe(403);
    expect(status(refused).fix).toContain('Ask an admin of project "nlp" (ana) for the nodus:developer role');
    const review = await can(
      { namespace: 'nlp', verb: 'delete', group: 'nodus.dev', resource: 'jobs', name: 'nothing-here' },
      demo('kim'),
    );
    expect(review.body.status.reason).toBe(
      'kim is a viewer in nlp; deleting jobs needs the developer role, which ana (an admin of nlp) or an org admin can grant',
    );
  });

  it('checks subresources and names, as the requests they stand for', async () => {
    const ask = (user: string, attributes: Record<string, string>) =>
      can({ namespace: 'vision', group: 'nodus.dev', ...attributes }, demo(user)).then((r) => r.body.status.allowed);
    expect(await ask('lee', { verb: 'get', resource: 'jobs', subresource: 'log', name: 'train-detector' })).toBe(true);
    expect(await ask('lee', { verb: 'create', resource: 'sandboxes', subresource: 'exec', name: 'notebook' })).toBe(
      false,
    );
    expect(await ask('kim', { verb: 'create', resource: 'sandboxes', subresource: 'exec', name: 'notebook' })).toBe(
      true,
    );
    expect(await ask('kim', { verb: 'raisecap', resource: 'jobs' })).toBe(false);
    expect(await ask('mia', { verb: 'raisecap', resource: 'jobs' })).toBe(true);
    const patch = await can({ namespace: 'vision', verb: 'patch', group: 'nodus.dev', resource: 'jobs' }, demo('mia'));
    expect(patch.body.status.reason).toBe(
      'mia is a billing person in vision, which allows raising the cost cap of jobs (raisecap) and nothing else; ' +
        'changing anything else needs the developer role, which an org admin (demo-user) can grant',
    );
  });

  it("allows a user's own keys, by name too, and no one else's", async () => {
    const keys = { group: 'iam.nodus.dev', resource: 'apikeys' };
    const own = await can({ ...keys, verb: 'delete', name: 'kim-demo' }, demo('kim'));
    expect(own.body.status.allowed).toBe(true);
    const other = await can({ ...keys, verb: 'delete', name: 'ana-demo' }, demo('kim'));
    expect(other.body.status.allowed).toBe(false);
  });

  it('answers for paths outside the resource API', async () => {
    const ask = (path: string, auth?: string) =>
      api
        .post<Review>(ACCESS, { spec: { nonResourceAttributes: { path, verb: 'post' } } }, { auth })
        .then((r) => r.body.status.allowed);
    expect(await ask('/_mock/reset')).toBe(true);
    expect(await ask('/_mock/reset', demo('ana'))).toBe(false);
    const reason = await api.post<Review>(
      ACCESS,
      { spec: { nonResourceAttributes: { path: '/_mock/reset', verb: 'post' } } },
      { auth: demo('ana') },
    );
    expect(reason.body.status.reason).toBe('post /_mock/reset is for org admins only (demo-user)');
  });

  it('refuses a resource the server does not serve', async () => {
    const res = await can({ namespace: 'default', verb: 'get', group: 'apps', resource: 'deployments' });
    expect(res.body.status.allowed).toBe(false);
    expect(res.body.status.reason).toContain('not group "apps"');
  });

  it('refuses a review that names nothing to check, saying what to send', async () => {
    const res = await api.post(ACCESS, { spec: {} });
    expect(res.status).toBe(400);
    expect(status(res).fix).toContain('resourceAttributes');
  });

  it('reads a protobuf review, as kubectl sends it', async () => {
    const attrs = Buffer.concat([field(1, 'nodus'), field(2, 'delete'), field(3, 'nodus.dev'), field(5, 'jobs')]);
    const raw = Buffer.concat([field(1, Buffer.alloc(0)), field(2, field(1, attrs))]);
    const body = Buffer.concat([Buffer.from('k8s\0'), field(2, raw)]);
    const res = await fetch(api.url(ACCESS), {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_API_KEY}`, 'Content-Type': 'application/vnd.kubernetes.protobuf' },
      body: new Uint8Array(body),
    });
    const review = (await res.json()) as Review & { spec: unknown };
    expect(review.spec).toEqual({
      resourceAttributes: { namespace: 'nodus', verb: 'delete', group: 'nodus.dev', resource: 'jobs' },
    });
    expect(review.status.allowed).toBe(false);
  });
});

describe('SelfSubjectRulesReview and SelfSubjectReview', () => {
  it('lists read verbs only in nodus, whatever the roles', async () => {
    const res = await api.post<Review>(RULES, { spec: { namespace: 'nodus' } });
    const verbs = new Set(res.body.status.resourceRules?.flatMap((r) => r.verbs));
    expect([...verbs].sort()).toEqual(['create', 'get', 'list', 'watch']);
    // create is the reviews' own: asking is not writing.
    const creates = res.body.status.resourceRules?.filter((r) => r.verbs.includes('create'));
    expect(creates?.flatMap((r) => r.resources)).toEqual(
      expect.arrayContaining(['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews']),
    );
    expect(creates?.flatMap((r) => r.resources)).toHaveLength(3);
  });

  it("lists a developer's rules in their project, and a user's membership everywhere else", async () => {
    const rules = async (namespace: string) =>
      (await api.post<Review>(RULES, { spec: { namespace } }, { auth: demo('kim') })).body.status.resourceRules ?? [];
    const vision = await rules('vision');
    expect(vision).toContainEqual({
      verbs: ['create', 'update', 'patch', 'delete', 'deletecollection'],
      apiGroups: ['nodus.dev'],
      resources: ['jobs', 'sandboxes', 'functions', 'volumes', 'pipelines'],
    });
    const platform = await rules('platform');
    expect(platform.some((r) => r.apiGroups.includes('nodus.dev'))).toBe(false);
    expect(platform).toContainEqual({
      verbs: ['get', 'list', 'watch'],
      apiGroups: ['iam.nodus.dev'],
      resources: ['users'],
    });
  });

  it("names the key's user and groups", async () => {
    const res = await api.post<Review>(WHOAMI, {});
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authentication.k8s.io/v1');
    expect(res.body.status.userInfo).toMatchObject({
      username: 'demo-user',
      groups: ['nodus:org-admins', 'system:authenticated'],
      extra: { 'iam.nodus.dev/api-key': ['bootstrap'] },
    });
  });

  it('names the user of each key, with their uid', async () => {
    const res = await api.post<Review>(WHOAMI, {}, { auth: demo('kim') });
    const users = await api.get<{ metadata: { uid: string } }>('/apis/iam.nodus.dev/v1/users/kim');
    expect(res.body.status.userInfo).toEqual({
      username: 'kim',
      uid: users.body.metadata.uid,
      groups: ['system:authenticated'],
      extra: { 'iam.nodus.dev/api-key': ['kim-demo'] },
    });
  });
});

describe('the review groups in discovery', () => {
  it('lists both groups in /apis', async () => {
    const res = await api.get<{ groups: { name: string }[] }>('/apis');
    expect(res.body.groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['authorization.k8s.io', 'authentication.k8s.io']),
    );
  });

  it('lists them in aggregated discovery', async () => {
    const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    const res = await api.get<{ items: { metadata: { name: string } }[] }>('/apis', { headers: { Accept: accept } });
    expect(res.body.items.map((i) => i.metadata.name)).toContain('authentication.k8s.io');
  });

  it('lists the reviews, create only, in the group version', async () => {
    const res = await api.get<{ resources: { name: string; verbs: string[] }[] }>('/apis/authorization.k8s.io/v1');
    expect(res.body.resources).toContainEqual(
      expect.objectContaining({ name: 'selfsubjectaccessreviews', verbs: ['create'] }),
    );
  });

  it('refuses a GET of a review with 405', async () => {
    expect((await api.get(ACCESS)).status).toBe(405);
  });
});
