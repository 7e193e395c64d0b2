/**
 * Test support for the watch tests (imported by *.test.ts only): writes to a real API over HTTP and reads what
 * the server holds, so a test can compare a watch's objects with the server's list. Takes the API's URL rather
 * than starting a mock, so that it stays console code; the tests start the mock themselves.
 */
import { createApiClient, type ApiClient } from '../client/index.ts';
import { DEMO_API_KEY, type NodusObject } from '@/shared/protocol.ts';
import type { ListWatch } from './list-watch.ts';
import type { Held } from './object-index.ts';

export interface TestApi {
  client: ApiClient;
  budgets: (project: string) => string;
  createBudget: (project: string, name: string, labels?: Record<string, string>) => Promise<NodusObject>;
  patchBudget: (project: string, name: string, labels: Record<string, string>) => Promise<NodusObject>;
  deleteBudget: (project: string, name: string) => Promise<void>;
  createProject: (project: string) => Promise<void>;
  seed: (project: string, count: number) => Promise<void>;
  setFaults: (faults: Record<string, unknown>) => Promise<void>;
  clearFaults: () => Promise<void>;
  injected: () => Promise<{ delayed: number; failed: number; droppedWatches: number }>;
  /** uid → resourceVersion of every Budget the server lists in the project. */
  serverState: (project: string) => Promise<Record<string, string>>;
}

export function testApi(baseUrl: string): TestApi {
  const client = createApiClient({ baseUrl, apiKey: DEMO_API_KEY });
  const budgets = (project: string) => `/apis/nodus.dev/v1/namespaces/${project}/budgets`;
  const post = <T>(path: string, body: unknown) => client.request<T>(path, { method: 'POST', body });
  return {
    client,
    budgets,
    createBudget: (project, name, labels) =>
      post(budgets(project), { metadata: { name, ...(labels ? { labels } : {}) }, spec: { limitUSD: '1.00' } }),
    patchBudget: (project, name, labels) =>
      client.request(`${budgets(project)}/${name}`, {
        method: 'PATCH',
        body: { metadata: { labels } },
        headers: { 'Content-Type': 'application/merge-patch+json' },
      }),
    deleteBudget: async (project, name) => {
      await client.request(`${budgets(project)}/${name}`, { method: 'DELETE' });
    },
    createProject: async (project) => {
      await post('/api/v1/namespaces', { metadata: { name: project } });
    },
    seed: async (project, count) => {
      await post('/_mock/seed', { project, kind: 'Budget', count });
    },
    setFaults: async (faults) => {
      await post('/_mock/faults', faults);
    },
    clearFaults: async () => {
      await client.request('/_mock/faults', { method: 'DELETE' });
    },
    injected: async () =>
      (await client.get<{ injected: { delayed: number; failed: number; droppedWatches: number } }>('/_mock/faults'))
        .injected,
    serverState: async (project) => state((await client.list<NodusObject>(budgets(project), { limit: 1000 })).items),
  };
}

/** uid → resourceVersion: equal for a watch and the server exactly when they hold the same versions of the same objects. */
export function state(items: readonly Held[]): Record<string, string> {
  return Object.fromEntries(items.map((o) => [o.metadata.uid ?? '', o.metadata.resourceVersion ?? '']));
}

/** What a watch shows, in the same form as `serverState`. */
export function watchState(watch: ListWatch<Held>): Record<string, string> {
  return state(watch.getSnapshot().items);
}
