/** How discovery lists the usage group: one read-only resource, `usage`, whose GET answers a UsageReport. */
import { USAGE_API_VERSION, USAGE_GROUP } from '@/shared/usage.ts';

const VERSION = 'v1';
const VERBS = ['get'];

function groupVersion() {
  return { groupVersion: USAGE_API_VERSION, version: VERSION };
}

/** The group's entry in `/apis`. */
export function usageGroup() {
  return { name: USAGE_GROUP, versions: [groupVersion()], preferredVersion: groupVersion() };
}

export function usageApiGroup() {
  return { kind: 'APIGroup', apiVersion: 'v1', ...usageGroup() };
}

export function usageResources() {
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: USAGE_API_VERSION,
    resources: [{ name: 'usage', singularName: 'usage', namespaced: true, kind: 'UsageReport', verbs: VERBS }],
  };
}

/** The group's entry in aggregated discovery (apidiscovery.k8s.io). */
export function usageAggregated() {
  return {
    metadata: { name: USAGE_GROUP, creationTimestamp: null },
    versions: [
      {
        version: VERSION,
        resources: [
          {
            resource: 'usage',
            responseKind: { group: USAGE_GROUP, version: VERSION, kind: 'UsageReport' },
            scope: 'Namespaced',
            singularResource: 'usage',
            verbs: VERBS,
          },
        ],
        freshness: 'Current',
      },
    ],
  };
}
