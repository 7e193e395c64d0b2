/**
 * RBAC rule evaluation as Kubernetes does it: a rule allows a request when its verbs, apiGroups, resources
 * (`jobs`, `jobs/log`, `*`, `*\/log`) and resourceNames all match, or, outside the resource API, when its verbs and
 * nonResourceURLs (`/apis`, `/apis/*`) match. `covers` is the escalation check: may someone holding these rules
 * grant that one?
 */
import type { PolicyRule } from '@/shared/iam.ts';
import type { Attributes } from '../http/request-info.ts';

const ALL = '*';

function has(list: readonly string[] | undefined, value: string): boolean {
  return !!list && (list.includes(ALL) || list.includes(value));
}

function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const list = rule.resources;
  if (!list) return false;
  if (list.includes(ALL)) return true;
  if (subresource === '') return list.includes(resource);
  return list.includes(`${resource}/${subresource}`) || list.includes(`*/${subresource}`);
}

function urlMatches(pattern: string, path: string): boolean {
  if (pattern === ALL || pattern === path) return true;
  return pattern.endsWith('*') && path.startsWith(pattern.slice(0, -1));
}

export function ruleAllows(rule: PolicyRule, a: Attributes): boolean {
  if (!has(rule.verbs, a.verb)) return false;
  if (a.kind === 'nonResource') return (rule.nonResourceURLs ?? []).some((p) => urlMatches(p, a.path));
  if (!has(rule.apiGroups, a.group) || !resourceMatches(rule, a.resource, a.subresource)) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || (a.name !== '' && names.includes(a.name));
}

export function rulesAllow(rules: readonly PolicyRule[], a: Attributes): boolean {
  for (const rule of rules) if (ruleAllows(rule, a)) return true;
  return false;
}

/** One thing a rule grants: a verb on a group's resource (by name, when the rule names some), or on a URL. */
interface Grant {
  verb: string;
  group?: string;
  resource?: string;
  name?: string;
  url?: string;
}

function grantsOf(rule: PolicyRule): Grant[] {
  const out: Grant[] = [];
  for (const verb of rule.verbs) {
    for (const url of rule.nonResourceURLs ?? []) out.push({ verb, url });
    for (const group of rule.apiGroups ?? [])
      for (const resource of rule.resources ?? []) {
        const names = rule.resourceNames?.length ? rule.resourceNames : [undefined];
        for (const name of names) out.push({ verb, group, resource, ...(name !== undefined ? { name } : {}) });
      }
  }
  return out;
}

/** Whether `owner` grants all of `grant`: a `*` asked for is covered only by a `*` held. */
function grantCovered(owner: PolicyRule, grant: Grant): boolean {
  if (!has(owner.verbs, grant.verb)) return false;
  if (grant.url !== undefined) {
    return (owner.nonResourceURLs ?? []).some(
      (p) => p === ALL || p === grant.url || (p.endsWith('*') && grant.url!.startsWith(p.slice(0, -1))),
    );
  }
  if (!has(owner.apiGroups, grant.group!)) return false;
  const resources = owner.resources ?? [];
  const [resource, subresource] = grant.resource!.split('/') as [string, string | undefined];
  const resourceOk =
    resources.includes(ALL) ||
    resources.includes(grant.resource!) ||
    (subresource !== undefined && resource !== ALL && resources.includes(`*/${subresource}`));
  if (!resourceOk) return false;
  const names = owner.resourceNames ?? [];
  return names.length === 0 || (grant.name !== undefined && names.includes(grant.name));
}

function describe(grant: Grant): string {
  if (grant.url !== undefined) return `${grant.verb} ${grant.url}`;
  const group = grant.group === '' ? '' : `.${grant.group}`;
  return `${grant.verb} ${grant.resource}${group}${grant.name !== undefined ? ` "${grant.name}"` : ''}`;
}

/**
 * The first thing `wanted` grants that `held` does not, in words ("create jobs.nodus.dev"); undefined when the
 * holder of `held` may grant all of `wanted`.
 */
export function uncovered(held: readonly PolicyRule[], wanted: readonly PolicyRule[]): string | undefined {
  for (const rule of wanted)
    for (const grant of grantsOf(rule)) if (!held.some((owner) => grantCovered(owner, grant))) return describe(grant);
  return undefined;
}
