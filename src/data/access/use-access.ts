/**
 * `useAccess(attributes)` → `{allowed, reason, pending}`, asked of the API, never guessed. Every component asking
 * the same question shares one query (and one request): a project's rules are asked once for every action in it,
 * and a precise review once per (verb, resource, project), by name only where it could matter (decide.ts).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useConnectionStore } from '../connection-store.ts';
import { ALLOWED, attributesKey, type Access, type AccessAttributes } from './attributes.ts';
import { answerAccess, planList, rulesNeeded, type Known } from './decide.ts';
import { identityQueryOptions, reviewQueryOptions, rulesQueryOptions, type Identity } from './reviews.ts';

const PENDING = { status: 'pending', data: undefined } as const;

function known<T>(q: { status: 'pending' | 'error' | 'success'; data: T | undefined }): Known<T> {
  return q.status === 'success' ? { status: 'success', data: q.data as T } : { status: q.status };
}

export function useGeneration(): number {
  return useConnectionStore((s) => s.generation);
}

/** Who the key in use belongs to; `error` when the API would not say (a refused key, an API down). */
export function useIdentity(): { identity: Identity | undefined; pending: boolean; error: unknown } {
  const generation = useGeneration();
  const q = useQuery(identityQueryOptions(generation));
  return { identity: q.data, pending: q.isPending, error: q.error ?? undefined };
}

/** One answer per question, in order; undefined asks nothing and is allowed. */
export function useAccessList(list: readonly (AccessAttributes | undefined)[]): Access[] {
  const generation = useGeneration();
  const username = useIdentity().identity?.username;
  const namespaces = rulesNeeded(list);
  const rules = useQueries({ queries: namespaces.map((ns) => rulesQueryOptions(generation, ns)) });
  const rulesOf = new Map(namespaces.map((ns, i) => [ns, known(rules[i] ?? PENDING)]));
  const { plans, questions } = planList(list, (ns) => rulesOf.get(ns));
  const reviews = useQueries({ queries: questions.map((q) => reviewQueryOptions(generation, q)) });
  const reviewOf = new Map(questions.map((q, i) => [attributesKey(q), known(reviews[i] ?? PENDING)]));
  return list.map((a, i) => {
    const plan = plans[i];
    if (!a || !plan) return ALLOWED;
    const review = plan.step === 'ask' ? reviewOf.get(attributesKey(plan.question)) : undefined;
    return answerAccess(plan, review, a, username);
  });
}

export function useAccess(attributes: AccessAttributes | undefined): Access {
  return useAccessList([attributes])[0] ?? ALLOWED;
}
