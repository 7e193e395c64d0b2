/**
 * Writes to the mock API from outside the browser, for tests that set up a project of their own or turn a
 * dev control (`/_mock/faults`) on and off. Every call checks its answer, so a failed setup fails loudly.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY, type NodusObject, type ObjectList } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

export const authHeaders = { Authorization: `Bearer ${DEMO_API_KEY}` };

/** A project name no other test uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export async function createProject(request: APIRequestContext, name: string): Promise<void> {
  const res = await request.post(`${MOCK_URL}/api/v1/namespaces`, {
    headers: authHeaders,
    data: { metadata: { name } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export async function projectExists(request: APIRequestContext, name: string): Promise<boolean> {
  const res = await request.get(`${MOCK_URL}/api/v1/namespaces/${name}`, { headers: authHeaders });
  return res.status() === 200;
}

/** Budgets: no controller moves them, so what a test creates stays as it is. */
export async function createBudget(
  request: APIRequestContext,
  project: string,
  name: string,
  limitUSD = '5.00',
): Promise<void> {
  const res = await request.post(`${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/budgets`, {
    headers: authHeaders,
    data: { metadata: { name }, spec: { limitUSD } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Every object of a kind in every project. */
export async function listAll(request: APIRequestContext, plural: string): Promise<NodusObject[]> {
  const res = await request.get(`${MOCK_URL}/apis/${API_VERSION}/${plural}?limit=1000`, { headers: authHeaders });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ObjectList).items;
}

/** A POST replaces every fault; `{}` clears them. */
export async function setFaults(request: APIRequestContext, faults: Record<string, unknown>): Promise<void> {
  const res = await request.post(`${MOCK_URL}/_mock/faults`, { headers: authHeaders, data: faults });
  expect(res.status(), await res.text()).toBe(200);
}
