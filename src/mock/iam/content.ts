/**
 * What each team resource holds besides metadata, checked field by field: a User's and an APIKey's spec, a
 * role's rules, a binding's roleRef and subjects. Each check returns the causes of a 422 Invalid, never throws.
 */
import { RBAC_GROUP, type PolicyRule, type RoleRef, type Subject } from '@/shared/iam.ts';
import type { StatusCause } from '@/shared/protocol.ts';
import { DNS_LABEL } from '../admission/metadata.ts';

export type Fields = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function cause(field: string, reason: string, message: string): StatusCause {
  return { field, reason, message };
}

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown, field: string, max: number): StatusCause[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return [cause(field, 'FieldValueTypeInvalid', 'must be a string')];
  return value.length > max ? [cause(field, 'FieldValueTooLong', `must be at most ${max} characters`)] : [];
}

function unknownKeys(value: Fields, known: readonly string[], field: string, strict: boolean): StatusCause[] {
  if (!strict) return [];
  return Object.keys(value)
    .filter((k) => !known.includes(k))
    .map((k) => cause(`${field}.${k}`, 'FieldValueUnknown', `unknown field "${k}"`));
}

export function userNameCauses(value: unknown, field: string): StatusCause[] {
  if (typeof value !== 'string' || value === '') return [cause(field, 'FieldValueRequired', 'names a user')];
  if (value.length > 63 || !DNS_LABEL.test(value))
    return [cause(field, 'FieldValueInvalid', `"${value.slice(0, 100)}" is not a user name (a DNS label, e.g. "kim")`)];
  return [];
}

export function userSpecCauses(spec: unknown, strict: boolean): StatusCause[] {
  if (spec === undefined || spec === null) return [];
  if (!isObject(spec)) return [cause('spec', 'FieldValueTypeInvalid', 'must be an object')];
  const causes = [
    ...unknownKeys(spec, ['displayName', 'email'], 'spec', strict),
    ...optionalString(spec.displayName, 'spec.displayName', 256),
    ...optionalString(spec.email, 'spec.email', 254),
  ];
  if (typeof spec.email === 'string' && spec.email !== '' && !EMAIL.test(spec.email))
    causes.push(cause('spec.email', 'FieldValueInvalid', `"${spec.email.slice(0, 100)}" is not an email address`));
  return causes;
}

/** An APIKey's spec; `now` dates a new key's expiry, which must lie ahead. */
export function keySpecCauses(spec: unknown, strict: boolean, now: number | undefined): StatusCause[] {
  if (!isObject(spec)) return [cause('spec', 'FieldValueRequired', 'must be an object with at least spec.user')];
  const causes = [
    ...unknownKeys(spec, ['user', 'description', 'expiresAt', 'revoked'], 'spec', strict),
    ...userNameCauses(spec.user, 'spec.user'),
    ...optionalString(spec.description, 'spec.description', 1024),
  ];
  if (spec.expiresAt !== undefined && spec.expiresAt !== null) {
    const at = typeof spec.expiresAt === 'string' && RFC3339.test(spec.expiresAt) ? Date.parse(spec.expiresAt) : NaN;
    if (Number.isNaN(at))
      causes.push(
        cause('spec.expiresAt', 'FieldValueInvalid', 'must be an RFC 3339 time such as "2027-01-31T00:00:00Z"'),
      );
    else if (now !== undefined && at <= now)
      causes.push(cause('spec.expiresAt', 'FieldValueInvalid', 'must lie in the future: a new key cannot be expired'));
  }
  if (spec.revoked !== undefined && spec.revoked !== null && typeof spec.revoked !== 'boolean')
    causes.push(cause('spec.revoked', 'FieldValueTypeInvalid', 'must be true or false'));
  return causes;
}

function stringList(value: unknown, field: string, required: boolean): StatusCause[] {
  if (value === undefined || value === null)
    return required ? [cause(field, 'FieldValueRequired', 'must list at least one value')] : [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    return [cause(field, 'FieldValueTypeInvalid', 'must be a list of strings')];
  if (required && value.length === 0) return [cause(field, 'FieldValueRequired', 'must list at least one value')];
  return [];
}

/** The rules of a Role (no nonResourceURLs: a project's rules are about its objects) or a ClusterRole. */
export function rulesCauses(rules: unknown, strict: boolean, cluster: boolean): StatusCause[] {
  if (rules === undefined || rules === null) return [];
  if (!Array.isArray(rules)) return [cause('rules', 'FieldValueTypeInvalid', 'must be a list of rules')];
  return rules.flatMap((rule: unknown, i): StatusCause[] => {
    const at = `rules[${i}]`;
    if (!isObject(rule)) return [cause(at, 'FieldValueTypeInvalid', 'must be an object')];
    const known = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'];
    const causes = [...unknownKeys(rule, known, at, strict), ...stringList(rule.verbs, `${at}.verbs`, true)];
    const urls = Array.isArray(rule.nonResourceURLs) && rule.nonResourceURLs.length > 0;
    const resources = Array.isArray(rule.resources) && rule.resources.length > 0;
    if (urls && !cluster)
      causes.push(cause(`${at}.nonResourceURLs`, 'FieldValueForbidden', 'only ClusterRoles may have nonResourceURLs'));
    if (urls && resources)
      causes.push(cause(at, 'FieldValueInvalid', 'a rule names either resources or nonResourceURLs, not both'));
    if (!urls) {
      causes.push(...stringList(rule.apiGroups, `${at}.apiGroups`, true));
      causes.push(...stringList(rule.resources, `${at}.resources`, true));
    } else causes.push(...stringList(rule.nonResourceURLs, `${at}.nonResourceURLs`, true));
    causes.push(...stringList(rule.resourceNames, `${at}.resourceNames`, false));
    return causes;
  });
}

/** A binding's roleRef: a ClusterRoleBinding may name a ClusterRole only. */
export function roleRefCauses(value: unknown, strict: boolean, cluster: boolean): StatusCause[] {
  if (!isObject(value)) return [cause('roleRef', 'FieldValueRequired', 'names the role granted: {kind, name}')];
  const causes = unknownKeys(value, ['apiGroup', 'kind', 'name'], 'roleRef', strict);
  if (value.apiGroup !== undefined && value.apiGroup !== RBAC_GROUP)
    causes.push(cause('roleRef.apiGroup', 'FieldValueNotSupported', `must be "${RBAC_GROUP}"`));
  const kinds = cluster ? ['ClusterRole'] : ['ClusterRole', 'Role'];
  if (typeof value.kind !== 'string' || !kinds.includes(value.kind))
    causes.push(cause('roleRef.kind', 'FieldValueNotSupported', `must be ${kinds.join(' or ')}`));
  if (typeof value.name !== 'string' || value.name === '')
    causes.push(cause('roleRef.name', 'FieldValueRequired', 'names the role'));
  return causes;
}

export function subjectsCauses(value: unknown, strict: boolean): StatusCause[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [cause('subjects', 'FieldValueTypeInvalid', 'must be a list of subjects')];
  return value.flatMap((subject: unknown, i): StatusCause[] => {
    const at = `subjects[${i}]`;
    if (!isObject(subject)) return [cause(at, 'FieldValueTypeInvalid', 'must be an object')];
    const causes = unknownKeys(subject, ['kind', 'apiGroup', 'name', 'namespace'], at, strict);
    if (subject.kind !== 'User' && subject.kind !== 'Group')
      causes.push(
        cause(
          `${at}.kind`,
          'FieldValueNotSupported',
          'must be User or Group (Nodus has no service accounts: give a bot a User)',
        ),
      );
    if (subject.apiGroup !== undefined && subject.apiGroup !== RBAC_GROUP && subject.apiGroup !== '')
      causes.push(cause(`${at}.apiGroup`, 'FieldValueNotSupported', `must be "${RBAC_GROUP}"`));
    if (subject.namespace !== undefined && subject.namespace !== '')
      causes.push(cause(`${at}.namespace`, 'FieldValueForbidden', 'users and groups belong to no project'));
    if (subject.kind === 'User') causes.push(...userNameCauses(subject.name, `${at}.name`));
    else if (typeof subject.name !== 'string' || subject.name === '')
      causes.push(cause(`${at}.name`, 'FieldValueRequired', 'names the group'));
    return causes;
  });
}

/** The checked values, in the shapes the rest of the server reads. */
export function toRules(value: unknown): PolicyRule[] {
  return ((value ?? []) as Fields[]).map((r) => {
    const rule: PolicyRule = { verbs: [...(r.verbs as string[])] };
    for (const key of ['apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const)
      if (Array.isArray(r[key]) && (r[key] as string[]).length > 0) rule[key] = [...(r[key] as string[])];
    return rule;
  });
}

export function toRoleRef(value: unknown): RoleRef {
  const r = value as Fields;
  return { apiGroup: RBAC_GROUP, kind: r.kind as RoleRef['kind'], name: r.name as string };
}

export function toSubjects(value: unknown): Subject[] {
  return ((value ?? []) as Fields[]).map((s) => ({
    kind: s.kind as Subject['kind'],
    apiGroup: RBAC_GROUP,
    name: s.name as string,
  }));
}
