/**
 * How one access question is answered, from what the caches hold: a project's rules first (one review answers
 * every action of the project), a precise access review for what the rules do not show as allowed (its answer
 * says why not), and "offered" when a review failed, so a broken review never blocks anyone. Pure: the hooks
 * (use-access.ts) feed it the queries' states.
 */
import { ALLOWED, attributesKey, isProjectResource, type Access, type AccessAttributes } from './attributes.ts';
import type { ReviewAnswer } from './reviews.ts';
import { rulesVerdict, type ResourceRule } from './rules.ts';
import { deniedText, pendingText } from './wording.ts';

/** A query's state, as far as this needs it. */
export type Known<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

export type Plan = { step: 'allowed' } | { step: 'wait' } | { step: 'ask'; question: AccessAttributes };

/** Whether a project's rules can answer: not for projects themselves, nor for what lives in no project. */
export function usesRules(a: AccessAttributes): a is AccessAttributes & { namespace: string } {
  return a.namespace !== undefined && a.namespace !== '' && !isProjectResource(a);
}

function withoutName(a: AccessAttributes): AccessAttributes {
  const { name: _name, ...rest } = a;
  return rest;
}

/**
 * What to do next. The name stays in the question only where the answer could differ by it: a rule naming
 * objects, a project (Nodus decides some by name), or no rules to tell.
 */
export function planAccess(a: AccessAttributes, rules: Known<readonly ResourceRule[]> | undefined): Plan {
  if (!rules) return { step: 'ask', question: a };
  if (rules.status === 'pending') return { step: 'wait' };
  if (rules.status === 'error') return { step: 'ask', question: a };
  const verdict = rulesVerdict(rules.data, a);
  if (verdict.allowed) return { step: 'allowed' };
  return { step: 'ask', question: verdict.byName ? a : withoutName(a) };
}

export function answerAccess(
  plan: Plan,
  review: Known<ReviewAnswer> | undefined,
  original: AccessAttributes,
  username: string | undefined,
): Access {
  if (plan.step === 'allowed') return ALLOWED;
  const asked = plan.step === 'ask' ? plan.question : original;
  if (plan.step === 'wait' || !review || review.status === 'pending') {
    return { allowed: false, pending: true, reason: pendingText(asked) };
  }
  if (review.status === 'error') return { allowed: true, pending: false, unverified: true };
  if (review.data.allowed) return ALLOWED;
  return { allowed: false, pending: false, reason: deniedText(asked, username, review.data.reason) };
}

/**
 * Plans for many questions at once and the distinct reviews they need: rows of one table asking the same verb
 * of the same resource in the same project make one review, whatever their names.
 */
export function planList(
  list: readonly (AccessAttributes | undefined)[],
  rulesOf: (namespace: string) => Known<readonly ResourceRule[]> | undefined,
): { plans: (Plan | undefined)[]; questions: AccessAttributes[] } {
  const questions = new Map<string, AccessAttributes>();
  const plans = list.map((a) => {
    if (!a) return undefined;
    const plan = planAccess(a, usesRules(a) ? rulesOf(a.namespace) : undefined);
    if (plan.step === 'ask') questions.set(attributesKey(plan.question), plan.question);
    return plan;
  });
  return { plans, questions: [...questions.values()] };
}

/** The projects whose rules the questions need, each once. */
export function rulesNeeded(list: readonly (AccessAttributes | undefined)[]): string[] {
  return [...new Set(list.flatMap((a) => (a && usesRules(a) ? [a.namespace] : [])))];
}
