/**
 * The reviews behind `kubectl auth can-i` and `kubectl auth whoami`, and their groups in discovery.
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

const can = (attributes: Record<string, string>) =>
  api.post<Review>(ACCESS, { kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: attributes } });

function field(number: number, value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([Buffer.from([(number << 3) | 2, bytes.length]), bytes]);
}

describe('SelfSubjectAccessReview', () => {
  it('allows creating jobs in default', async () => {
    const res = await can({ namespace: 'default', verb: 'create', group: 'nodus.dev', resource: 'jobs' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1' });
    expect(res.body.status).toEqual({ allowed: true });
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
  it('lists read verbs only for nodus.dev in nodus', async () => {
    const res = await api.post<Review>(RULES, { spec: { namespace: 'nodus' } });
    const nodus = res.body.status.resourceRules?.filter((r) => r.apiGroups.includes('nodus.dev'));
    expect(nodus).toEqual([
      { verbs: ['get', 'list', 'watch'], apiGroups: ['nodus.dev'], resources: expect.any(Array) },
    ]);
  });

  it("names the key's user and groups", async () => {
    const res = await api.post<Review>(WHOAMI, {});
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authentication.k8s.io/v1');
    expect(res.body.status.userInfo).toMatchObject({
      username: 'demo-user',
      groups: ['nodus:org-admins', 'system:authenticated'],
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
