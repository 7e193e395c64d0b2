/**
 * The API's own answers about a key (the reviews kubectl's `auth can-i` and `auth whoami` ask), so tests compare
 * what the console shows with what the API says rather than with words copied from the mock.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_API_KEY } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

export interface Attributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

async function review<T>(request: APIRequestContext, path: string, body: unknown, apiKey: string): Promise<T> {
  const res = await request.post(`${MOCK_URL}${path}`, {
    headers: { Authorization: `Bearer ${apiKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** SelfSubjectAccessReview: may the key do this, and if not, the API's reason. */
export async function canI(
  request: APIRequestContext,
  resourceAttributes: Attributes,
  apiKey = DEMO_API_KEY,
): Promise<{ allowed: boolean; reason?: string }> {
  const answer = await review<{ status: { allowed: boolean; reason?: string } }>(
    request,
    '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    { spec: { resourceAttributes } },
    apiKey,
  );
  return answer.status;
}

/** SelfSubjectReview: who the key belongs to. */
export async function whoAmI(
  request: APIRequestContext,
  apiKey = DEMO_API_KEY,
): Promise<{ username: string; groups: string[] }> {
  const answer = await review<{ status: { userInfo: { username: string; groups: string[] } } }>(
    request,
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    {},
    apiKey,
  );
  return answer.status.userInfo;
}

/** The API's reason as the console words it: its first letter raised, a full stop at the end. */
export function asSentence(reason: string): string {
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The review calls a page makes, to count them. */
export const REVIEW_URL = /\/apis\/(authorization|authentication)\.k8s\.io\/v1\/(selfsubject\w+)$/;
