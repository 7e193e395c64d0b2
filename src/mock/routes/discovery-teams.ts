/** Discovery of the teams' groups, iam.nodus.dev and rbac.authorization.k8s.io, in each form kubectl reads. */
import { IAM_GROUP, RBAC_GROUP } from '@/shared/iam.ts';
import { IAM_RESOURCES, RBAC_RESOURCES, type IamResource } from '../iam/resources.ts';

export const TEAM_GROUPS = [IAM_GROUP, RBAC_GROUP] as const;

function resourcesOf(group: string): readonly IamResource[] {
  return group === IAM_GROUP ? IAM_RESOURCES : group === RBAC_GROUP ? RBAC_RESOURCES : [];
}

function version(group: string) {
  return { groupVersion: `${group}/v1`, version: 'v1' };
}

export function teamGroup(group: string) {
  return { name: group, versions: [version(group)], preferredVersion: version(group) };
}

export function teamApiGroup(group: string) {
  return { kind: 'APIGroup', apiVersion: 'v1', ...teamGroup(group) };
}

export function teamResources(group: string) {
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: `${group}/v1`,
    resources: resourcesOf(group).map((r) => ({
      name: r.plural,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: r.verbs,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
    })),
  };
}

/** The groups as aggregated discovery (apidiscovery.k8s.io) lists them. */
export function teamAggregated() {
  return TEAM_GROUPS.map((group) => ({
    metadata: { name: group, creationTimestamp: null },
    versions: [
      {
        version: 'v1',
        resources: resourcesOf(group).map((r) => ({
          resource: r.plural,
          responseKind: { group, version: 'v1', kind: r.kind },
          scope: r.namespaced ? 'Namespaced' : 'Cluster',
          singularResource: r.singular,
          verbs: r.verbs,
          ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
        })),
        freshness: 'Current',
      },
    ],
  }));
}
