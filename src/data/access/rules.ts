/**
 * What one SelfSubjectRulesReview of a project answers for every action of that project, matched as Kubernetes'
 * RBAC matches a rule (verbs, apiGroups, resources with `*` and `*\/sub`, resourceNames; `plural/*` matches
 * nothing there). A rule that matches is an allow; anything else is asked precisely (a SelfSubjectAccessReview),
 * because a rules list may be incomplete, and only the access review says why not.
 */
import type { AccessAttributes } from './attributes.ts';

export interface ResourceRule {
  verbs: readonly string[];
  apiGroups?: readonly string[];
  resources?: readonly string[];
  resourceNames?: readonly string[];
}

export type RulesVerdict =
  | { allowed: true }
  /** Not shown as allowed: ask. `byName` when some rule names objects, so this object's answer may differ. */
  | { allowed: false; byName: boolean };

function resourceMatches(rule: ResourceRule, a: AccessAttributes): boolean {
  const whole = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return (rule.resources ?? []).some(
    (r) => r === '*' || r === whole || (a.subresource !== undefined && r === `*/${a.subresource}`),
  );
}

/** Verb, group and resource match, names aside. */
function covers(rule: ResourceRule, a: AccessAttributes): boolean {
  return (
    (rule.verbs.includes('*') || rule.verbs.includes(a.verb)) &&
    (rule.apiGroups ?? []).some((g) => g === '*' || g === a.group) &&
    resourceMatches(rule, a)
  );
}

export function rulesVerdict(rules: readonly ResourceRule[], a: AccessAttributes): RulesVerdict {
  let named = false;
  for (const rule of rules) {
    if (!covers(rule, a)) continue;
    const names = rule.resourceNames ?? [];
    if (names.length === 0) return { allowed: true };
    if (a.name !== undefined && names.includes(a.name)) return { allowed: true };
    named = true;
  }
  return { allowed: false, byName: named && a.name !== undefined };
}

/** The rules of a review's status, keeping only well-formed ones (an odd entry is skipped, not trusted). */
export function parseRules(status: unknown): ResourceRule[] {
  const list = (status as { resourceRules?: unknown } | null)?.resourceRules;
  if (!Array.isArray(list)) return [];
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  return list
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((r) => ({
      verbs: strings(r.verbs),
      apiGroups: strings(r.apiGroups),
      resources: strings(r.resources),
      resourceNames: strings(r.resourceNames),
    }));
}
