/**
 * Discovery (`/api`, `/apis`, `/apis/nodus.dev/v1`, and the aggregated form of the first two), `/version`, and
 * OpenAPI v3 with a schema per kind built from the same schemas the server validates with.
 */
import { API_VERSION, GROUP, VERSION } from '@/shared/protocol.ts';
import { KIND_DEFS, type KindDef } from '../kinds/index.ts';
import type { Schema } from '../schema/schema.ts';
import { mutablePaths } from '../schema/schema.ts';
import { usageAggregated, usageGroup } from '../usage/discovery.ts';
import { AUTH_GROUPS } from './auth-reviews.ts';

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
      ...AUTH_GROUPS.map((g) => authGroup(g.group)),
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

/** The subresources a kind serves, from its facts, each with its verbs. */
function subresourcesOf(k: KindDef): { name: string; verbs: string[] }[] {
  return [
    { name: 'status', verbs: ['get'] },
    ...(k.logs ? [{ name: 'log', verbs: ['get'] }] : []),
    ...(k.files ? [{ name: 'files', verbs: ['get', 'update', 'delete'] }] : []),
  ];
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
    const sub = subresourcesOf(k).map((s) => ({
      name: `${k.plural}/${s.name}`,
      singularName: '',
      namespaced: true,
      kind: k.kind,
      verbs: s.verbs,
    }));
    return [main, ...sub];
  });
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: API_VERSION, resources };
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
    subresources: subresourcesOf(k).map((sub) => ({
      subresource: sub.name,
      responseKind: kindRef(GROUP, k.kind),
      verbs: sub.verbs,
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
            versions: [{ version: 'v1', resources: [namespaces], freshness: 'Current' }],
          },
        ]
      : [
          {
            metadata: { name: GROUP, creationTimestamp: null },
            versions: [{ version: VERSION, resources: nodus, freshness: 'Current' }],
          },
          usageAggregated(),
          ...auth,
        ];
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}

function schemaName(kind: string): string {
  return `dev.nodus.v1.${kind}`;
}

export const objectMeta: Schema = {
  type: 'object',
  description:
    'Standard object metadata. name is a DNS label of at most 63 characters, unique per project and kind; namespace is the project.',
  properties: {
    name: { type: 'string', description: 'A DNS label of at most 63 characters, unique within its project and kind.' },
    generateName: {
      type: 'string',
      description: 'A prefix; the server adds a unique suffix. Needs an Idempotency-Key header.',
    },
    namespace: { type: 'string', description: 'The project.' },
    uid: { type: 'string', description: 'A stable id such as job_01j9...; set by the server.' },
    resourceVersion: {
      type: 'string',
      description: 'Changes on every write; opaque. Send it with an update to make it conditional.',
    },
    generation: { type: 'integer', description: 'Increases when the spec changes.' },
    creationTimestamp: { type: 'string', format: 'date-time', description: 'When the object was created.' },
    deletionTimestamp: {
      type: 'string',
      format: 'date-time',
      description: 'Set when a delete has begun; the object goes once its finalizers are gone.',
    },
    labels: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Labels select objects. Keys under nodus.dev/ are set by Nodus.',
    },
    annotations: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'Annotations. Under nodus.dev/ only the request annotations (nodus.dev/restart-requested-at) may be set by clients.',
    },
    finalizers: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Cleanup still to happen before the object goes, such as nodus.dev/billing (clears once the final charge has posted).',
    },
    ownerReferences: {
      type: 'array',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      description: "Objects this one belongs to (a Pipeline's Jobs).",
    },
  },
};

export function kindSchema(kind: KindDef): Schema {
  return {
    type: 'object',
    description: kind.description,
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      apiVersion: { type: 'string', enum: [API_VERSION], description: `Always ${API_VERSION}.` },
      kind: { type: 'string', enum: [kind.kind], description: `Always ${kind.kind}.` },
      metadata: objectMeta,
      spec: kind.spec,
      status: kind.status,
    },
    'x-kubernetes-group-version-kind': [{ group: GROUP, version: VERSION, kind: kind.kind }],
    'x-nodus-mutable-fields': mutablePaths(kind.spec, 'spec').map((m) =>
      m.rule === 'raise-only' ? `${m.path} (raise only)` : m.path,
    ),
  };
}

function listSchema(kind: KindDef): Schema {
  return {
    type: 'object',
    description: `A page of ${kind.kind} objects.`,
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: {
        type: 'object',
        properties: {
          resourceVersion: { type: 'string' },
          continue: { type: 'string' },
          remainingItemCount: { type: 'integer' },
        },
      },
      items: { type: 'array', items: { $ref: `#/components/schemas/${schemaName(kind.kind)}` } as unknown as Schema },
    },
    'x-kubernetes-group-version-kind': [{ group: GROUP, version: VERSION, kind: `${kind.kind}List` }],
  };
}

function operations(kind: KindDef) {
  const ref = { $ref: `#/components/schemas/${schemaName(kind.kind)}` };
  const ok = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
  const gvk = { group: GROUP, version: VERSION, kind: kind.kind };
  const param = (name: string, description: string) => ({
    name,
    in: 'query',
    description,
    schema: { type: 'string' },
    uniqueItems: true,
  });
  const common = [
    param('dryRun', 'All: run every check and store nothing.'),
    param('fieldValidation', 'Strict (default), Warn or Ignore for unknown fields.'),
    param('fieldManager', 'Who is making the change.'),
  ];
  const op = (action: string, extra: Record<string, unknown> = {}) => ({
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
    ...extra,
  });
  const base = `/apis/${API_VERSION}/namespaces/{namespace}/${kind.plural}`;
  const pathParams = [{ name: 'namespace', in: 'path', required: true, schema: { type: 'string' } }];
  const nameParams = [...pathParams, { name: 'name', in: 'path', required: true, schema: { type: 'string' } }];
  const listRef = { $ref: `#/components/schemas/${schemaName(kind.kind)}List` };
  const collection: Record<string, unknown> = {
    parameters: pathParams,
    get: op('list', { operationId: `list${kind.kind}`, responses: { 200: ok(listRef) } }),
  };
  const item: Record<string, unknown> = {
    parameters: nameParams,
    get: op('get', { operationId: `read${kind.kind}`, responses: { 200: ok(ref) } }),
  };
  if (!kind.published) {
    collection.post = op('post', {
      operationId: `create${kind.kind}`,
      parameters: common,
      requestBody: { content: { 'application/json': { schema: ref } } },
      responses: { 200: ok(ref), 201: ok(ref) },
    });
    item.put = op('put', {
      operationId: `replace${kind.kind}`,
      parameters: common,
      requestBody: { content: { 'application/json': { schema: ref } } },
      responses: { 200: ok(ref) },
    });
    item.patch = op('patch', {
      operationId: `patch${kind.kind}`,
      parameters: [...common, param('force', 'Force server-side apply.')],
      requestBody: {
        content: {
          'application/merge-patch+json': { schema: { type: 'object' } },
          'application/apply-patch+yaml': { schema: { type: 'object' } },
        },
      },
      responses: { 200: ok(ref), 201: ok(ref) },
    });
    const deleteParams = [
      param('dryRun', 'All: check and delete nothing.'),
      param('propagationPolicy', 'Background, Foreground or Orphan.'),
    ];
    item.delete = op('delete', {
      operationId: `delete${kind.kind}`,
      parameters: deleteParams,
      responses: { 200: ok(ref) },
    });
    collection.delete = op('deletecollection', {
      operationId: `deleteCollection${kind.kind}`,
      parameters: [
        ...deleteParams,
        param('labelSelector', 'Which objects: those whose labels match.'),
        param('fieldSelector', 'Which objects: metadata.name, metadata.namespace or status.phase.'),
      ],
      responses: { 200: ok(listRef) },
    });
  }
  return {
    [base]: collection,
    [`${base}/{name}`]: item,
    [`/apis/${API_VERSION}/${kind.plural}`]: {
      get: op('list', { operationId: `list${kind.kind}ForAllNamespaces`, responses: { 200: ok(listRef) } }),
    },
  };
}

export function openApiGroup() {
  const schemas: Record<string, unknown> = {};
  let paths: Record<string, unknown> = {};
  for (const kind of KIND_DEFS) {
    schemas[schemaName(kind.kind)] = kindSchema(kind);
    schemas[`${schemaName(kind.kind)}List`] = listSchema(kind);
    paths = { ...paths, ...operations(kind) };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Nodus', version: VERSION, description: 'The Nodus resource API (the bundled mock).' },
    paths,
    components: { schemas },
  };
}
