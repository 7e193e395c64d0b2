/**
 * Discovery (`/api`, `/apis`, `/apis/nodus.dev/v1`, and the aggregated form of the first two) and `/version`; the
 * group's OpenAPI is in openapi-group.ts. The usage and events groups describe themselves (usage/, events/).
 */
import { API_VERSION, GROUP, VERSION } from '@/shared/protocol.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import { usageAggregated, usageGroup } from '../usage/discovery.ts';
import { eventsAggregated, eventsAggregatedResource, eventsGroup, eventsResource } from '../events/discovery.ts';
import { AUTH_GROUPS } from './auth-reviews.ts';
import { TEAM_GROUPS, teamAggregated, teamGroup } from './discovery-teams.ts';

const NAMESPACE_VERBS = ['create', 'delete', 'get', 'list', 'patch', 'watch'];
const OBJECT_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const READ_VERBS = ['get', 'list', 'watch'];

/**
 * `kubectl get nodus` lists every Nodus kind; `kubectl get all` lists what runs (the kinds with a log), as on a
 * cluster, where it lists pods and jobs but not volumes or quotas.
 */
function categories(k: KindDef): string[] {
  return k.logs ? ['nodus', 'all'] : ['nodus'];
}

export function versionInfo(release: string) {
  return {
    major: '1',
    minor: '32',
    gitVersion: 'v1.32.0-nodus',
    gitCommit: release,
    gitTreeState: 'clean',
    buildDate: '2026-11-01T00:00:00Z',
    goVersion: 'go1.23.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

export function apiVersions() {
  return {
    kind: 'APIVersions',
    apiVersion: 'v1',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }],
  };
}

export function coreResources() {
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'v1',
    resources: [
      {
        name: 'namespaces',
        singularName: 'namespace',
        namespaced: false,
        kind: 'Namespace',
        verbs: NAMESPACE_VERBS,
        shortNames: ['ns'],
      },
      eventsResource(),
    ],
  };
}

function groupVersion() {
  return { groupVersion: API_VERSION, version: VERSION };
}

export function apiGroup() {
  return {
    kind: 'APIGroup',
    apiVersion: 'v1',
    name: GROUP,
    versions: [groupVersion()],
    preferredVersion: groupVersion(),
  };
}

export function apiGroupList() {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [
      { name: GROUP, versions: [groupVersion()], preferredVersion: groupVersion() },
      usageGroup(),
      eventsGroup(),
      ...AUTH_GROUPS.map((g) => authGroup(g.group)),
      ...TEAM_GROUPS.map((g) => teamGroup(g)),
    ],
  };
}

/** `kubectl auth can-i` and `whoami` post reviews to these groups; each serves v1 only. */
function authGroup(name: string) {
  const v1 = { groupVersion: `${name}/v1`, version: 'v1' };
  return { name, versions: [v1], preferredVersion: v1 };
}

export function authApiGroup(name: string) {
  return { kind: 'APIGroup', apiVersion: 'v1', ...authGroup(name) };
}

export function authResources(name: string) {
  const resources = (AUTH_GROUPS.find((g) => g.group === name)?.resources ?? []).map((r) => ({
    name: r.name,
    singularName: r.singular,
    namespaced: false,
    kind: r.kind,
    verbs: ['create'],
  }));
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: `${name}/v1`, resources };
}

export function groupResources() {
  const resources = KIND_DEFS.flatMap((k) => {
    const verbs = k.published ? READ_VERBS : OBJECT_VERBS;
    const main = {
      name: k.plural,
      singularName: k.singular,
      namespaced: true,
      kind: k.kind,
      verbs,
      shortNames: k.shortNames,
      categories: categories(k),
    };
    const sub = subresourcesOf(k).map((r) => ({
      name: `${k.plural}/${r.name}`,
      singularName: '',
      namespaced: true,
      kind: k.kind,
      verbs: r.verbs,
    }));
    return [main, ...sub];
  });
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: API_VERSION, resources };
}

/** The subresources a kind serves, from its facts, with the verbs each takes. */
function subresourcesOf(k: KindDef): { name: string; verbs: string[] }[] {
  return [
    { name: 'status', verbs: ['get'] },
    ...(k.logs ? [{ name: 'log', verbs: ['get'] }] : []),
    ...(k.exec ? [{ name: 'exec', verbs: ['get'] }] : []),
    ...(k.invoke ? [{ name: 'invoke', verbs: ['create'] }] : []),
    ...(k.files ? [{ name: 'files', verbs: ['get', 'create', 'update', 'delete'] }] : []),
  ];
}

/**
 * Aggregated discovery (apidiscovery.k8s.io v2, and v2beta1 for older clients): every group, version and resource
 * of `/api` or `/apis` in one answer, which kubectl asks for first (with the Accept type
 * `application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`) instead of one request per group.
 * It lists the same facts as the documents above.
 */
export function aggregatedDiscovery(root: 'api' | 'apis', version: string) {
  const kindRef = (group: string, kind: string) => ({ group, version: VERSION, kind });
  const namespaces = {
    resource: 'namespaces',
    responseKind: kindRef('', 'Namespace'),
    scope: 'Cluster',
    singularResource: 'namespace',
    verbs: NAMESPACE_VERBS,
    shortNames: ['ns'],
  };
  const nodus = KIND_DEFS.map((k) => ({
    resource: k.plural,
    responseKind: kindRef(GROUP, k.kind),
    scope: 'Namespaced',
    singularResource: k.singular,
    verbs: k.published ? READ_VERBS : OBJECT_VERBS,
    shortNames: k.shortNames,
    categories: categories(k),
    subresources: subresourcesOf(k).map((r) => ({
      subresource: r.name,
      responseKind: kindRef(GROUP, k.kind),
      verbs: r.verbs,
    })),
  }));
  const auth = AUTH_GROUPS.map((g) => ({
    metadata: { name: g.group, creationTimestamp: null },
    versions: [
      {
        version: 'v1',
        resources: g.resources.map((r) => ({
          resource: r.name,
          responseKind: { group: g.group, version: 'v1', kind: r.kind },
          scope: 'Cluster',
          singularResource: r.singular,
          verbs: ['create'],
        })),
        freshness: 'Current',
      },
    ],
  }));
  const items =
    root === 'api'
      ? [
          {
            metadata: { creationTimestamp: null },
            versions: [{ version: 'v1', resources: [namespaces, eventsAggregatedResource('')], freshness: 'Current' }],
          },
        ]
      : [
          {
            metadata: { name: GROUP, creationTimestamp: null },
            versions: [{ version: VERSION, resources: nodus, freshness: 'Current' }],
          },
          usageAggregated(),
          eventsAggregated(),
          ...auth,
          ...teamAggregated(),
        ];
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}
