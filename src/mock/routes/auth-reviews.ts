/**
 * `kubectl auth can-i` and `kubectl auth whoami`: authorization.k8s.io/v1 SelfSubjectAccessReview and
 * SelfSubjectRulesReview, and authentication.k8s.io/v1 SelfSubjectReview, for the user of the request's key. They
 * answer from the authorizer that decides every request (src/mock/auth), with what nobody may do (the read-only
 * project nodus, published kinds) on top, so that a "yes" is a request that will pass.
 */
import { IAM_GROUP, RBAC_GROUP, VERB_RAISE_CAP, type APIKey, type PolicyRule } from '@/shared/iam.ts';
import { DEFAULT_PROJECT, GROUP, PUBLIC_PROJECT } from '@/shared/protocol.ts';
import { accessOf, type Access } from '../auth/access.ts';
import { denialReason } from '../auth/denial.ts';
import { nobodyMay, WRITE_VERBS } from '../auth/forbidden.ts';
import { allowedBy, rulesIn } from '../auth/rights.ts';
import { ApiFailure } from '../http/errors.ts';
import { fields, stringFields, unwrap } from '../http/protobuf.ts';
import type { Ctx, Principal } from '../http/context.ts';
import type { Reply } from '../http/reply.ts';
import { EVENTS_GROUP } from '@/shared/events.ts';
import { CAPPED } from '../iam/builtin-roles.ts';
import { APIKEYS, IAM_RESOURCES, RBAC_RESOURCES } from '../iam/resources.ts';
import type { ResourceAttributes } from '../http/request-info.ts';
import { kindByPlural } from '../kinds/index.ts';
import type { MockState } from '../state.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';

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

const READ_VERBS = ['get', 'list', 'watch'];
const NAMESPACE_VERBS = [...READ_VERBS, 'create', 'patch', 'delete'];
/** The groups whose resources a review may ask about; any other is not served here. */
const SERVED_GROUPS = new Set([
  GROUP,
  '',
  IAM_GROUP,
  RBAC_GROUP,
  USAGE_GROUP,
  AUTHORIZATION,
  AUTHENTICATION,
  EVENTS_GROUP,
  '*',
]);

type Attributes = Record<string, string>;
export interface Decision {
  allowed: boolean;
  reason?: string;
}

function resourceAttributes(a: Attributes): ResourceAttributes {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    kind: 'resource',
    verb: text(a.verb),
    group: text(a.group),
    resource: text(a.resource),
    subresource: text(a.subresource),
    name: text(a.name),
    namespace: text(a.namespace),
  };
}

/** What the server serves at all: a review of anything else says so rather than "not allowed to you". */
function unserved(a: ResourceAttributes): string | undefined {
  if (a.group === '' && a.resource === 'namespaces') {
    if (!NAMESPACE_VERBS.includes(a.verb) && a.verb !== '*') return `projects take no "${a.verb}"`;
    if (a.name === DEFAULT_PROJECT && a.verb === 'delete') return `project "${DEFAULT_PROJECT}" cannot be deleted`;
    return undefined;
  }
  if (!SERVED_GROUPS.has(a.group))
    return `the server serves ${GROUP}, its usage, teams and namespaces, not group "${a.group}"`;
  if (a.group === GROUP && a.resource !== '*' && !kindByPlural(a.resource))
    return `${GROUP} has no resource "${a.resource}"`;
  return undefined;
}

/** Whether the key's user may make a request: the answer any real request of theirs would get. */
export function decide(state: MockState, access: Access, raw: Attributes): Decision {
  const rights = access.identity.rights;
  const { username } = rights.principal;
  const a = resourceAttributes(raw);
  const reason = unserved(a) ?? nobodyMay(a)?.message;
  if (reason) return { allowed: false, reason };
  const via = allowedBy(rights, a);
  if (via) return { allowed: true, reason: `allowed by ${via}` };
  if (a.group === IAM_GROUP && a.resource === APIKEYS.plural) {
    const key = a.name ? (state.store.get(APIKEYS.storeKey, '', a.name) as APIKey | undefined) : undefined;
    if (!a.name || key?.spec?.user === username)
      return { allowed: true, reason: `allowed: every user manages their own API keys (spec.user "${username}")` };
  }
  const capped =
    (a.verb === 'update' || a.verb === 'patch') &&
    a.group === GROUP &&
    a.subresource === '' &&
    CAPPED.includes(a.resource);
  const raiseOnly = capped && allowedBy(rights, { ...a, verb: VERB_RAISE_CAP }) !== undefined;
  return { allowed: false, reason: denialReason(state, rights, a, raiseOnly) };
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

export function accessReview(state: MockState, access: Access, body: Record<string, unknown>): Reply {
  const spec = bodyObject(body, 'spec') ?? {};
  const resource = bodyObject(spec, 'resourceAttributes');
  const nonResource = bodyObject(spec, 'nonResourceAttributes');
  if (!resource && !nonResource) {
    throw new ApiFailure('BadRequest', 'spec needs resourceAttributes or nonResourceAttributes', {
      fix: 'Say what to check, e.g. {"spec":{"resourceAttributes":{"namespace":"default","verb":"create","group":"nodus.dev","resource":"jobs"}}}.',
    });
  }
  let decision: Decision;
  if (resource) decision = decide(state, access, resource as Attributes);
  else {
    const { path = '', verb = '' } = nonResource as Attributes;
    const via = allowedBy(access.identity.rights, { kind: 'nonResource', verb, path });
    decision = via
      ? { allowed: true, reason: `allowed by ${via}` }
      : { allowed: false, reason: denialReason(state, access.identity.rights, { kind: 'nonResource', verb, path }) };
  }
  return review('SelfSubjectAccessReview', AUTHORIZATION, spec, decision);
}

/** Resources that are in no project, whose rules the read-only project nodus does not restrict. */
const UNPROJECTED = new Set([
  ...AUTH_GROUPS.flatMap((g) => g.resources.map((r) => r.name)),
  ...[...IAM_RESOURCES, ...RBAC_RESOURCES].filter((r) => !r.namespaced).map((r) => r.plural),
  'namespaces',
]);

/** In the read-only project nodus, a rule about what projects hold grants its reads only. */
function readOnly(rule: PolicyRule): PolicyRule | undefined {
  if (!rule.resources || rule.resources.every((r) => UNPROJECTED.has(r))) return rule;
  const verbs = rule.verbs.includes('*') ? READ_VERBS : rule.verbs.filter((v) => !WRITE_VERBS.has(v));
  return verbs.length ? { ...rule, verbs } : undefined;
}

export function rulesReview(access: Access, body: Record<string, unknown>): Reply {
  const spec = bodyObject(body, 'spec') ?? {};
  const namespace = typeof spec.namespace === 'string' ? spec.namespace : '';
  let rules = rulesIn(access.identity.rights, namespace);
  if (namespace === PUBLIC_PROJECT) rules = rules.flatMap((r) => readOnly(r) ?? []);
  const resourceRules = rules
    .filter((r) => r.resources)
    .map((r) => ({
      verbs: r.verbs,
      apiGroups: r.apiGroups ?? [],
      resources: r.resources ?? [],
      ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
    }));
  const nonResourceRules = rules
    .filter((r) => r.nonResourceURLs)
    .map((r) => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs ?? [] }));
  return review('SelfSubjectRulesReview', AUTHORIZATION, spec, { resourceRules, nonResourceRules, incomplete: false });
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
  state: MockState,
  ctx: Ctx,
  group: string,
  resource: string,
  body: Record<string, unknown>,
): Reply | undefined {
  const access = accessOf(ctx);
  if (group === AUTHORIZATION && resource === 'selfsubjectaccessreviews') return accessReview(state, access, body);
  if (group === AUTHORIZATION && resource === 'selfsubjectrulesreviews') return rulesReview(access, body);
  if (group === AUTHENTICATION && resource === 'selfsubjectreviews') return selfReview(ctx.user!);
  return undefined;
}
