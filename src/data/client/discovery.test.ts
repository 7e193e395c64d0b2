import { describe, expect, it } from 'vitest';
import { kindsFromDiscovery, type APIResourceList } from './discovery.ts';

const gv = { group: 'nodus.dev', version: 'v1' };

describe('kindsFromDiscovery', () => {
  it('keeps top-level resources as kinds and lists their subresources on them', () => {
    const list: APIResourceList = {
      kind: 'APIResourceList',
      groupVersion: 'nodus.dev/v1',
      resources: [
        { name: 'jobs', singularName: 'job', namespaced: true, kind: 'Job', verbs: ['get', 'list'] },
        { name: 'jobs/status', namespaced: true, kind: 'Job', verbs: ['get'] },
        { name: 'jobs/log', namespaced: true, kind: 'Job', verbs: ['get'] },
        { name: 'budgets', singularName: 'budget', namespaced: true, kind: 'Budget', verbs: ['get'] },
        { name: 'budgets/status', namespaced: true, kind: 'Budget', verbs: ['get'] },
      ],
    };
    const kinds = kindsFromDiscovery(list, gv);
    expect(kinds.map((k) => [k.plural, k.subresources])).toEqual([
      ['jobs', ['status', 'log']],
      ['budgets', ['status']],
    ]);
  });
});
