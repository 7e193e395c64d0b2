/**
 * `kubectl auth can-i` and `kubectl auth whoami`: authorization.k8s.io/v1 SelfSubjectAccessReview and
 * SelfSubjectRulesReview, and authentication.k8s.io/v1 SelfSubjectReview. The mock has one key with every right
 * but writes to the read-only project nodus (and to published kinds), and the reviews say exactly that.
 */
import { DEFAULT_PROJECT, GROUP, PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';
import { fields, stringFields, unwrap } from '../http/protobuf.ts';
import type { Principal } from '../http/context.ts';
import type { Reply } from '../http/reply.ts';
import { KIND_DEFS, kindByPlural } from '../kinds/index.ts';

export const AUTHORIZATION = 'authorization.k8s.io';
export const AUTHENTICATION = 'authentication.k8s.io';

/** The groups these reviews live in, for discovery: each has v1 and create-only, cluster-scoped resources. */
export const AUTH_GROUPS = [
  {
    group: AUTHORIZATION,
    resources: [
      { name: 'selfsubjectaccessreviews', singular: 'selfsubjectaccessreview', kind: 'SelfSubjectAccessReview' },
      { name: 'selfsubjectrulesreviews', singular: 'selfsubjectrulesreview', kind: 'SelfSubjectRulesReview' },
    ],
  },
  {
    group: AUTHENTICATION,
    resources: [{ name: 'selfsubjectreviews', singular: 'selfsubjectreview', kind: 'SelfSubjectReview' }],
  },
] as const;

/** The user the mock's one key belongs to: the org's admin, named as the created-by label names it. */
export function keyOwner(principal: string): Principal {
  return { username: principal, uid: `usr_${principal}`, groups: ['nodus:org-admins', 'system:authenticated'] };
}

const WRITE_VERBS = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);
const READ_VERBS = ['get', 'list', 'watch'];
const OBJECT_VERBS = [...READ_VERBS, 'create', 'update', 'patch', 'delete', 'deletecollection'];
const NAMESPACE_VERBS = [...READ_VERBS, 'create', 'patch', 'delete'];

type Attributes = Record<string, string>;

/** The answer for one request the key might make: allowed, or not and why. */
export function decide(a: Attributes): { allowed: boolean; reason?: string } {
  const verb = a.verb ?? '';
  const resource = a.resource ?? '';
  const group = a.group ?? '';
  if (group === '' && resource === 'namespaces') {
    if (!NAMESPACE_VERBS.includes(verb) && verb !== '*')
      return { allowed: false, reason: `projects take no "${verb}"` };
    if (a.name === PUBLIC_PROJECT && WRITE_VERBS.has(verb))
      return { allowed: false, reason: `project "${PUBLIC_PROJECT}" is read-only: it holds what Nodus publishes` };
    if (a.name === DEFAULT_PROJECT && verb === 'delete')
      return { allowed: false, reason: `project "${DEFAULT_PROJECT}" cannot be deleted` };
    return { allowed: true };
  }
  if (group !== GROUP && group !== '*')
    return { allowed: false, reason: `the server serves ${GROUP} and namespaces only, not group "${group}"` };
  const kind = resource === '*' ? undefined : kindByPlural(resource);
  if (resource !== '*' && !kind) return { allowed: false, reason: `${GROUP} has no resource "${resource}"` };
  if (WRITE_VERBS.has(verb) || verb === '*') {
    if (a.namespace === PUBLIC_PROJECT)
      return { allowed: false, reason: `project "${PUBLIC_PROJECT}" is read-only: it holds what Nodus publishes` };
    if (kind?.published) return { allowed: false, reason: `${kind.plural} are published by Nodus and read-only` };
  }
  return { allowed: true };
}

function review(kind: string, group: string, spec: unknown, status: unknown): Reply {
  return { code: 201, body: { kind, apiVersion: `${group}/v1`, metadata: { creationTimestamp: null }, spec, status } };
}

function bodyObject(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function accessReview(body: Record<string, unknown>): Reply {
  const spec = bodyObject(body, 'spec') ?? {};
  const resource = bodyObject(spec, 'resourceAttributes');
  const nonResource = bodyObject(spec, 'nonResourceAttributes');
  if (!resource && !nonResource) {
    throw new ApiFailure('BadRequest', 'spec needs resourceAttributes or nonResourceAttributes', {
      fix: 'Say what to check, e.g. {"spec":{"resourceAttributes":{"namespace":"default","verb":"create","group":"nodus.dev","resource":"jobs"}}}.',
    });
  }
  // Every path outside the resource API (discovery, /version, /healthz) is readable by the key.
  const decision = resource ? decide(resource as Attributes) : { allowed: (nonResource as Attributes).verb === 'get' };
  return review('SelfSubjectAccessReview', AUTHORIZATION, spec, decision);
}

export function rulesReview(body: Record<string, unknown>): Reply {
  const spec = bodyObject(body, 'spec') ?? {};
  const namespace = typeof spec.namespace === 'string' ? spec.namespace : '';
  const writable = KIND_DEFS.filter((k) => !k.published && namespace !== PUBLIC_PROJECT).map((k) => k.plural);
  const readable = KIND_DEFS.filter((k) => !writable.includes(k.plural)).map((k) => k.plural);
  const resourceRules = [
    ...(writable.length ? [{ verbs: OBJECT_VERBS, apiGroups: [GROUP], resources: writable }] : []),
    { verbs: READ_VERBS, apiGroups: [GROUP], resources: readable },
    { verbs: NAMESPACE_VERBS, apiGroups: [''], resources: ['namespaces'] },
  ];
  const status = { resourceRules, nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['*'] }], incomplete: false };
  return review('SelfSubjectRulesReview', AUTHORIZATION, spec, status);
}

export function selfReview(user: Principal): Reply {
  return review('SelfSubjectReview', AUTHENTICATION, undefined, { userInfo: user });
}

const RESOURCE_ATTRIBUTES = {
  1: 'namespace',
  2: 'verb',
  3: 'group',
  4: 'version',
  5: 'resource',
  6: 'subresource',
  7: 'name',
};

/** The JSON shape of a review kubectl sent as protobuf (kubectl's typed clients always do). */
export function decodeReview(body: Buffer, resource: string): Record<string, unknown> {
  const { raw } = unwrap(body);
  const spec: Record<string, unknown> = {};
  for (const f of fields(raw)) {
    if (f.number !== 2 || !f.bytes) continue;
    if (resource === 'selfsubjectrulesreviews') Object.assign(spec, stringFields(f.bytes, { 1: 'namespace' }));
    for (const s of resource === 'selfsubjectaccessreviews' ? fields(f.bytes) : []) {
      if (s.number === 1 && s.bytes) spec.resourceAttributes = stringFields(s.bytes, RESOURCE_ATTRIBUTES);
      if (s.number === 2 && s.bytes) spec.nonResourceAttributes = stringFields(s.bytes, { 1: 'path', 2: 'verb' });
    }
  }
  return { spec };
}

/** POST /apis/{group}/v1/{resource}: the review's answer, or undefined when the path names none. */
export function routeReview(
  group: string,
  resource: string,
  body: Record<string, unknown>,
  user: Principal,
): Reply | undefined {
  if (group === AUTHORIZATION && resource === 'selfsubjectaccessreviews') return accessReview(body);
  if (group === AUTHORIZATION && resource === 'selfsubjectrulesreviews') return rulesReview(body);
  if (group === AUTHENTICATION && resource === 'selfsubjectreviews') return selfReview(user);
  return undefined;
}
