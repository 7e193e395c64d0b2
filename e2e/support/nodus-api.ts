/**
 * Reads the mock API directly, so tests compare what the console shows with what the API says rather than
 * with numbers copied from the demo data.
 */
import type { APIRequestContext } from '@playwright/test';
import { API_VERSION, DEMO_API_KEY } from '../../src/shared/protocol.ts';
import type { NodusObject, ObjectList, Project, Status } from '../../src/shared/protocol.ts';
import { MOCK_URL } from './servers.ts';

export interface DiscoveredKind {
  plural: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
}

async function getJson<T>(
  request: APIRequestContext,
  path: string,
  apiKey = DEMO_API_KEY,
): Promise<{ status: number; body: T; requestId: string | undefined }> {
  const res = await request.get(`${MOCK_URL}${path}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  return { status: res.status(), body: (await res.json()) as T, requestId: res.headers()['x-request-id'] };
}

export async function apiProjects(request: APIRequestContext): Promise<string[]> {
  const { body } = await getJson<ObjectList<Project>>(request, '/api/v1/namespaces');
  return body.items.map((p) => p.metadata.name ?? '');
}

/** Namespaced, listable kinds in discovery order: the tabs the console should show. */
export async function apiKinds(request: APIRequestContext): Promise<DiscoveredKind[]> {
  const { body } = await getJson<{ resources: (DiscoveredKind & { name: string })[] }>(request, `/apis/${API_VERSION}`);
  return body.resources
    .filter((r) => !r.name.includes('/') && r.namespaced && r.verbs.includes('list'))
    .map((r) => ({ plural: r.name, kind: r.kind, namespaced: r.namespaced, verbs: r.verbs }));
}

export async function apiObjects(request: APIRequestContext, project: string, plural: string): Promise<NodusObject[]> {
  const { body } = await getJson<ObjectList>(
    request,
    `/apis/${API_VERSION}/namespaces/${project}/${plural}?limit=1000`,
  );
  return body.items;
}

/** The Status a failing call returns, to compare with what the console shows. */
export async function apiStatus(
  request: APIRequestContext,
  path: string,
  apiKey?: string,
): Promise<Status & { httpStatus: number }> {
  const { status, body } = await getJson<Status>(request, path, apiKey);
  return { ...body, httpStatus: status };
}
