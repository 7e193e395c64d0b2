/**
 * The three reviews the API answers about the key in use, as TanStack Query options: a project's rules
 * (SelfSubjectRulesReview), one precise question (SelfSubjectAccessReview) and who the key is
 * (SelfSubjectReview). Each is keyed by the connection's generation, so a new key or context asks afresh, and
 * kept 30 s. They wait a moment for the list a person is looking at (foreground.ts) and retry briefly: a review
 * that fails leaves actions offered, so it must fail fast rather than hold them off for minutes.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import { foregroundIdle } from '../foreground.ts';
import { queryKeys } from '../query-keys.ts';
import { accessReviewBody, attributesKey, type AccessAttributes } from './attributes.ts';
import { parseRules, type ResourceRule } from './rules.ts';
import { ACCESS_STALE_MS, RULES_POLL_MS } from './timing.ts';

/** How long a review waits for the lists being loaded before it goes anyway. */
const FOREGROUND_WAIT_MS = 1_000;
/** Retries of a review on a dropped connection or a 503, then it counts as failed. */
const REVIEW_RETRY = { maxElapsedMs: 3_000, initialDelayMs: 300 };

const AUTHORIZATION = '/apis/authorization.k8s.io/v1';
const AUTHENTICATION = '/apis/authentication.k8s.io/v1';
/** Calls to these paths (after any prefix of the API URL) are the reviews themselves: forbidden.ts skips them. */
export const REVIEW_PATHS = [AUTHORIZATION, AUTHENTICATION];

export interface ReviewAnswer {
  allowed: boolean;
  /** The API's words, when it gave any. */
  reason?: string;
}

export interface Identity {
  username: string;
  uid?: string;
  groups: string[];
}

async function post<T>(path: string, body: unknown, signal: AbortSignal): Promise<T> {
  await foregroundIdle(FOREGROUND_WAIT_MS, signal);
  return apiClient.request<T>(path, { method: 'POST', body, signal, retry: REVIEW_RETRY, priority: 'low' });
}

type Status<S> = { status?: S };

export function rulesQueryOptions(generation: number, namespace: string) {
  return queryOptions({
    queryKey: queryKeys.accessRules(generation, namespace),
    queryFn: async ({ signal }): Promise<ResourceRule[]> => {
      const answer = await post<Status<unknown>>(
        `${AUTHORIZATION}/selfsubjectrulesreviews`,
        { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace } },
        signal,
      );
      return parseRules(answer.status);
    },
    staleTime: ACCESS_STALE_MS,
    refetchInterval: RULES_POLL_MS,
    retry: false,
  });
}

export function reviewQueryOptions(generation: number, attributes: AccessAttributes) {
  return queryOptions({
    queryKey: queryKeys.accessReview(generation, attributesKey(attributes)),
    queryFn: async ({ signal }): Promise<ReviewAnswer> => {
      const answer = await post<Status<{ allowed?: unknown; reason?: unknown; evaluationError?: unknown }>>(
        `${AUTHORIZATION}/selfsubjectaccessreviews`,
        accessReviewBody(attributes),
        signal,
      );
      const reason = [answer.status?.reason, answer.status?.evaluationError].find(
        (r): r is string => typeof r === 'string' && r.trim() !== '',
      );
      return { allowed: answer.status?.allowed === true, ...(reason ? { reason } : {}) };
    },
    staleTime: ACCESS_STALE_MS,
    retry: false,
  });
}

export function identityQueryOptions(generation: number) {
  return queryOptions({
    queryKey: queryKeys.identity(generation),
    queryFn: async ({ signal }): Promise<Identity> => {
      const answer = await post<Status<{ userInfo?: { username?: unknown; uid?: unknown; groups?: unknown } }>>(
        `${AUTHENTICATION}/selfsubjectreviews`,
        { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
        signal,
      );
      const user = answer.status?.userInfo ?? {};
      const groups = Array.isArray(user.groups) ? user.groups.filter((g): g is string => typeof g === 'string') : [];
      return {
        username: typeof user.username === 'string' && user.username ? user.username : 'unnamed user',
        ...(typeof user.uid === 'string' ? { uid: user.uid } : {}),
        groups,
      };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
